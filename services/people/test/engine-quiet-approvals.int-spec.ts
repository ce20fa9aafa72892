import { TZDate } from '@date-fns/tz';
import { eventually } from '@pp/testing';
import { ActionRunner } from '../src/engine/action-runner';
import { Transports } from '../src/outreach/transports/transports';
import { EngineHarness, startEngine } from './engine-harness';
import { Caller, postAs } from './people-harness';
import { usPhone } from './factories/phones';

const LA = 'America/Los_Angeles';
/** Los Angeles times of one June day (PDT, UTC−7). */
const NOON = new Date('2026-06-10T19:00:00Z');
const ELEVEN_PM = new Date('2026-06-11T06:00:00Z');
const EIGHT_AM = new Date('2026-06-11T15:00:00Z');
const TEN_AM = new Date('2026-06-11T17:00:00Z');

const phone = () => usPhone('310');

describe('texts and calls approved at night wait for 08:00 local (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;
  let runner: ActionRunner;

  beforeAll(async () => {
    h = await startEngine('engine-quiet-approvals');
    runner = h.service.app.get(ActionRunner);
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
    jest.restoreAllMocks();
  });

  const post = (caller: Caller, path: string, body: object | undefined, status: number) =>
    postAs(h, caller, path, body, status);

  const sendsOf = async (personId: string): Promise<number> => {
    const [row]: { count: string }[] = await h.dataSource.query(
      `SELECT count(*) FROM "people"."outreach_sends" WHERE "person_id" = $1`,
      [personId],
    );
    return Number(row.count);
  };

  /** A manual practice in Los Angeles and a lead whose first text waits for review, drafted at noon. */
  async function leadWithSmsReview(fields: Record<string, string> = {}) {
    h.clock.at = NOON;
    const practice = await h.practice({ automation_level: 'manual', timezone: LA });
    const p = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Maya Ortiz',
      phone: p.typed,
      message: 'How much is Botox?',
      ...fields,
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    const review = await eventually(
      async () => (await h.events(lead.person_id, 'pending_review'))[0],
      30_000,
    );
    const decision = review.content_data.original_decision as { decision_id: string; message: string };
    expect(review.content_data.original_decision).toMatchObject({ channel: 'sms' });
    return { practice, lead, decision, caller: h.caller([practice.practice_id], 'Dana Whitfield') };
  }

  it('approving a text at 23:00 sends nothing and holds it, as a delayed action due 08:00 local; at 08:00 it goes as approved', async () => {
    const { lead, decision, caller } = await leadWithSmsReview();
    const transport = jest.spyOn(h.service.app.get(Transports).for('sms'), 'send');

    h.clock.at = ELEVEN_PM;
    const approved = await post(caller, `/api/v1/people/${lead.person_id}/approve-decision`, undefined, 200);
    expect(approved.body).toEqual({
      status: 'approved',
      decision_id: decision.decision_id,
      scheduled_for: EIGHT_AM.toISOString(),
    });

    // Nothing sent or queued to send; the lead shows the held text as its next action, like the engine's own.
    expect(await sendsOf(lead.person_id)).toBe(0);
    const held = (await h.actions(lead.person_id)).find((a) => a.status === 'scheduled');
    expect(held).toMatchObject({
      channel: 'sms',
      kind: 'first_contact',
      plan: { approved_decision_id: decision.decision_id },
    });
    expect(held?.due_at.toISOString()).toBe(EIGHT_AM.toISOString());
    const person = await h.person(lead.person_id);
    expect(person.pending_review_type).toBeNull();
    expect(person.next_scheduled_action?.toISOString()).toBe(EIGHT_AM.toISOString());
    expect(person.current_outreach_state.scheduled_action).toMatchObject({
      action_id: held?.action_id,
      due_at: EIGHT_AM.toISOString(),
    });
    const scheduled = (await h.events(lead.person_id, 'scheduled_action')).at(-1);
    expect(scheduled?.content_data).toMatchObject({
      action_type: 'sms_initial',
      channel: 'sms',
      start_time: EIGHT_AM.toISOString(),
      message: decision.message,
      reason: expect.stringContaining('Approved by Dana Whitfield'),
    });
    expect(scheduled?.event_metadata).toMatchObject({ approved_by_name: 'Dana Whitfield' });
    const job = await h.queue.getJob(`action_${held?.action_id}`);
    expect(await job?.isDelayed()).toBe(true);
    expect(job?.opts.delay).toBe(9 * 3_600_000);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);

    // 08:00 in Los Angeles: the delayed job runs and the text goes out, once, as approved.
    h.clock.at = EIGHT_AM;
    expect(await runner.run(held!.action_id)).toBe('sent');
    const [sms] = await eventually(async () => {
      const events = await h.events(lead.person_id, 'sms_sent');
      return events.length > 0 ? events : undefined;
    }, 20_000);
    expect(sms.content_data).toMatchObject({ message: decision.message, action_type: 'sms_initial' });
    expect(sms.event_metadata).toMatchObject({
      source: 'ai_decision',
      approved_by_name: 'Dana Whitfield',
      decision_id: decision.decision_id,
      idempotency_key: `decision:${decision.decision_id}`,
    });
    expect(await runner.run(held!.action_id)).toBe('skipped');
    // This lead's sends (the service also answers forms other test files publish on the shared broker).
    expect(transport.mock.calls.filter(([m]) => m.person_id === lead.person_id)).toHaveLength(1);
    // The cadence goes on after it, as after any AI message.
    await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.some((a) => a.kind === 'follow_up' && a.status === 'scheduled');
    }, 10_000);
  }, 90_000);

  it('approving a text at 10:00 local sends it at once', async () => {
    const { lead, decision, caller } = await leadWithSmsReview();
    h.clock.at = TEN_AM;
    const approved = await post(caller, `/api/v1/people/${lead.person_id}/approve-decision`, undefined, 200);
    expect(approved.body).toEqual({
      status: 'approved',
      decision_id: decision.decision_id,
      scheduled_for: null,
    });
    const [sms] = await eventually(async () => {
      const events = await h.events(lead.person_id, 'sms_sent');
      return events.length > 0 ? events : undefined;
    }, 20_000);
    expect(sms.content_data.message).toBe(decision.message);
  }, 60_000);

  it('a correction sent at night waits too, and a message from the lead before 08:00 cancels it', async () => {
    const { practice, lead, caller } = await leadWithSmsReview();
    h.clock.at = ELEVEN_PM;
    const edited = await post(
      caller,
      `/api/v1/people/${lead.person_id}/edit-decision`,
      { corrected_message: 'Hi Maya! Botox is $13 a unit. When can you come in?' },
      200,
    );
    expect(edited.body).toMatchObject({ status: 'edited', scheduled_for: EIGHT_AM.toISOString() });
    const held = (await h.actions(lead.person_id)).find((a) => a.status === 'scheduled');

    // The lead writes again at 23:30: the engine answers the new message; the held one is stale.
    await h.submitForm(practice.practice_id, {
      name: 'Maya Ortiz',
      phone: lead.primary_phone as string,
      message: 'Also, do you do lip filler?',
    });
    await eventually(async () => {
      const [row] = (await h.actions(lead.person_id)).filter((a) => a.action_id === held?.action_id);
      return row.status === 'superseded';
    }, 30_000);
    h.clock.at = EIGHT_AM;
    expect(await runner.run(held!.action_id)).toBe('skipped');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('an e-mail approved at night goes at once', async () => {
    h.clock.at = ELEVEN_PM;
    const practice = await h.practice({ automation_level: 'manual', timezone: LA });
    const email = `noor.${Date.now()}@mail.example`;
    await h.submitForm(practice.practice_id, { name: 'Noor Haddad', email, message: 'Botox price?' });
    const lead = await eventually(
      async () =>
        (
          await h.dataSource.query(`SELECT "person_id" FROM "people"."persons" WHERE "primary_email" = $1`, [
            email,
          ])
        )[0] as { person_id: string } | undefined,
      30_000,
    );
    const review = await eventually(
      async () => (await h.events(lead.person_id, 'pending_review'))[0],
      30_000,
    );
    expect(review.content_data.original_decision).toMatchObject({ channel: 'email' });
    const caller = h.caller([practice.practice_id], 'Dana Whitfield');
    const approved = await post(caller, `/api/v1/people/${lead.person_id}/approve-decision`, undefined, 200);
    expect(approved.body).toMatchObject({ scheduled_for: null });
    await eventually(async () => (await h.events(lead.person_id, 'email_sent')).length === 1, 20_000);
  }, 60_000);

  it("a staff member's own text at night goes at once: staff are in control", async () => {
    const { lead, caller } = await leadWithSmsReview();
    h.clock.at = ELEVEN_PM;
    await post(
      caller,
      `/api/v1/people/${lead.person_id}/actions`,
      { action: 'sms_sent', message: 'Hi Maya, Dana here. Happy to help tomorrow!' },
      200,
    );
    const [sms] = await eventually(async () => {
      const events = await h.events(lead.person_id, 'sms_sent');
      return events.length > 0 ? events : undefined;
    }, 20_000);
    expect(sms.event_metadata).toMatchObject({ source: 'human_action', performed_by_name: 'Dana Whitfield' });
  }, 60_000);

  it('the engine holds its own text falling due at night (a job run late) for 08:00 local', async () => {
    h.clock.at = NOON;
    const practice = await h.practice({ automation_level: 'full_auto', timezone: LA });
    const p = phone();
    await h.submitForm(practice.practice_id, { name: 'Lena Ruiz', phone: p.typed, message: 'Botox price?' });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 30_000);
    const followUp = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find((a) => a.kind === 'follow_up' && a.status === 'scheduled');
    }, 10_000);

    // Its job runs at 23:00 local that day (the worker was down when it fell due), the first text a day before.
    await h.backdate(lead.person_id, 'sms_sent', 25);
    const due = new TZDate(followUp.due_at.getTime(), LA);
    const lateNight = new Date(
      new TZDate(due.getFullYear(), due.getMonth(), due.getDate(), 23, 0, 0, 0, LA).getTime(),
    );
    h.clock.at = lateNight;
    expect(await runner.run(followUp.action_id)).toBe('held');
    const actions = await h.actions(lead.person_id);
    expect(actions.find((a) => a.action_id === followUp.action_id)?.status).toBe('superseded');
    const again = actions.find((a) => a.status === 'scheduled');
    expect(again).toMatchObject({ kind: 'follow_up', channel: 'sms', follow_up_number: 1 });
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: LA,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(again!.due_at);
    expect(local).toBe('08:00');
    expect(again!.due_at.getTime()).toBeGreaterThan(lateNight.getTime());
    expect((await h.person(lead.person_id)).next_scheduled_action?.toISOString()).toBe(
      again!.due_at.toISOString(),
    );
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 90_000);
});
