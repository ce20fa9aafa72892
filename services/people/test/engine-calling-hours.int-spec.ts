import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { SEND_MESSAGE_JOB, SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachQueue } from '../src/outreach/outreach-queue';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { jobIdFor } from '../src/outreach/send-rules';
import { Person } from '../src/persons/person.entity';
import { EngineHarness, startEngine } from './engine-harness';
import { usPhone } from './factories/phones';

/** Tuesday June 9 2026, 20:30 EDT: inside the federal hours, after Florida's 20:00. */
const EVENING_EDT = new Date('2026-06-10T00:30:00Z');
/** Wednesday June 10 2026, 08:00 EDT. */
const MORNING_EDT = new Date('2026-06-10T12:00:00Z');
const HOURS = 3_600_000;

/**
 * The lead's calling hours (docs/product/channels.md#quiet-hours): judged on the lead's own number (its zone and
 * its state's stricter hours), when the engine plans a text and again when the text is about to go.
 */
const phone = usPhone;

describe("texts and calls only inside the lead's calling hours (real PostgreSQL, Redis, Kafka)", () => {
  let h: EngineHarness;
  let practiceId: string;

  beforeAll(async () => {
    h = await startEngine('engine-calling-hours');
    // A full_auto practice in New York: its location's clock would allow 20:30 everywhere.
    practiceId = (await h.practice({ automation_level: 'full_auto', timezone: 'America/New_York' }))
      .practice_id;
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
  });

  async function phoneLead(areaCode: string) {
    const p = phone(areaCode);
    await h.submitForm(practiceId, { name: 'Maya Ortiz', phone: p.typed, message: 'How much is Botox?' });
    return h.leadByPhone(practiceId, p.e164);
  }

  it("answers a Georgia number at 20:30 at once, and holds a Florida number's text for 08:00 (Florida: 08:00–20:00)", async () => {
    h.clock.at = EVENING_EDT;
    const georgia = await phoneLead('404');
    const florida = await phoneLead('305');

    await eventually(async () => (await h.events(georgia.person_id, 'sms_sent')).length === 1, 30_000);
    const [held] = await eventually(async () => {
      const actions = await h.actions(florida.person_id);
      return actions.length > 0 && actions;
    }, 30_000);
    expect(held).toMatchObject({ channel: 'sms', status: 'scheduled' });
    expect(held.due_at.toISOString()).toBe(MORNING_EDT.toISOString());
    expect(held.reason).toContain('first allowed time');
    expect(await h.events(florida.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  describe('at send time', () => {
    const outreach = () => h.service.app.get(OutreachQueue);
    const ledger = (key: string) =>
      h.dataSource.getRepository(OutreachSend).findOneBy({ idempotency_key: key });

    async function lead(areaCode: string): Promise<Person> {
      return h.leads.person(practiceId, { primary_phone: phone(areaCode).e164 });
    }

    const job = (person: Person, source: SendMessageJob['source']): SendMessageJob => ({
      idempotency_key: `${source === 'ai_decision' ? 'decision' : 'action'}:${randomUUID()}`,
      practice_id: practiceId,
      person_id: person.person_id,
      channel: 'sms',
      action_type: source === 'ai_decision' ? 'send_sms' : 'sms_sent',
      message: 'Hi Maya, Botox is $12 a unit. Would you like a consultation?',
      subject: null,
      source,
      decision_id: null,
      edited: false,
      notes: null,
      requested_by_name: 'Dana Reyes',
    });

    async function enqueue(data: SendMessageJob): Promise<void> {
      await h.dataSource.transaction((manager) => outreach().record(manager, data));
      await outreach().dispatch(data);
    }

    it('keeps an AI text that reaches the worker after 20:00 in Florida waiting, queued, until 08:00; then sends it once', async () => {
      h.clock.at = EVENING_EDT;
      const person = await lead('305');
      const late = job(person, 'ai_decision');

      await enqueue(late);

      const bull = await eventually(async () => {
        const found = await h.queue.getJob(jobIdFor(late.idempotency_key));
        return found && (await found.isDelayed()) && found;
      }, 20_000);
      expect(bull.name).toBe(SEND_MESSAGE_JOB);
      // Until 08:00 in Florida on the engine's clock, 11.5 hours away (BullMQ counts the delay from its own
      // clock, a millisecond or so later).
      expect(bull.delay).toBeGreaterThan(11.5 * HOURS - 60_000);
      expect(bull.delay).toBeLessThanOrEqual(11.5 * HOURS);
      expect(await ledger(late.idempotency_key)).toMatchObject({ status: 'queued' });
      expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(0);

      // The recovery sweep finds the queued row and enqueues it again: the delayed job stays the one job.
      await outreach().enqueue(late);
      expect(await bull.isDelayed()).toBe(true);

      h.clock.at = MORNING_EDT;
      await bull.promote();
      // The ledger row is marked sent first, the timeline event recorded right after (outreach-sender.ts).
      const sent = await eventually(async () => {
        const events = await h.events(person.person_id, 'sms_sent');
        return events.length > 0 && events;
      }, 20_000);
      expect(sent).toHaveLength(1);
      expect(await ledger(late.idempotency_key)).toMatchObject({ status: 'sent' });
    }, 60_000);

    it("sends staff's own text and an AI text to a Georgia number at the same moment", async () => {
      h.clock.at = EVENING_EDT;
      const florida = await lead('305');
      const georgia = await lead('404');
      const staff = job(florida, 'human_action');
      const ai = job(georgia, 'ai_decision');

      await enqueue(staff);
      await enqueue(ai);

      await eventually(async () => (await ledger(staff.idempotency_key))?.status === 'sent', 20_000);
      await eventually(async () => (await ledger(ai.idempotency_key))?.status === 'sent', 20_000);
    }, 60_000);
  });
});
