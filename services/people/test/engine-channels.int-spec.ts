import { eventually, publishPracticeSnapshot } from '@pp/testing';
import { ActionRunner } from '../src/engine/action-runner';
import { EngineHarness, startEngine } from './engine-harness';
import { usPhone } from './factories/phones';

/**
 * The engine obeys the AI Communications settings (docs/product/settings.md#channel-availability,
 * docs/decisions/0019-ai-communications.md): the Enable Communication switch, each channel's switch, and what
 * each channel needs — the default number with SMS or voice capability, an active e-mail account (the sandbox
 * stands in for the mailbox while no e-mail provider is configured, as in these tests). Real PostgreSQL, Redis
 * and Kafka; the practice's numbers reach people through practice.changes.
 */
const phone = () => usPhone('469');

describe('the AI engine and the AI Communications settings', () => {
  let h: EngineHarness;
  let runner: ActionRunner;

  beforeAll(async () => {
    h = await startEngine('engine-channels');
    runner = h.service.app.get(ActionRunner);
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
  });

  /** 11:00 in Chicago. */
  const daytime = () => new Date('2026-06-10T16:00:00Z');

  async function lead(practiceId: string, withEmail: boolean) {
    const p = phone();
    await h.submitForm(practiceId, {
      name: 'Sofia Marquez',
      phone: p.typed,
      ...(withEmail ? { email: `sofia.${p.e164.slice(-4)}@mail.example` } : {}),
      message: 'How much is Botox per unit?',
    });
    return h.leadByPhone(practiceId, p.e164);
  }

  /** The engine has analysed the lead (and decided) once its insights are stored. */
  async function analysed(personId: string) {
    await eventually(
      async () => Boolean((await h.person(personId)).current_outreach_state?.ai_insights),
      30_000,
    );
  }

  async function sent(personId: string) {
    return [...(await h.events(personId, 'sms_sent')), ...(await h.events(personId, 'email_sent'))];
  }

  it('Enable Communication off: the AI sends nothing on any channel', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto', communication: false });
    const person = await lead(practice.practice_id, true);

    await analysed(person.person_id);
    expect(await h.actions(person.person_id)).toEqual([]);
    expect(await sent(person.person_id)).toEqual([]);
    expect(await h.events(person.person_id, 'pending_review')).toEqual([]);
  }, 60_000);

  it('without a virtual number no SMS goes out: the lead is e-mailed instead', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto', numbers: [] });
    const person = await lead(practice.practice_id, true);

    await eventually(async () => (await h.events(person.person_id, 'email_sent')).length === 1, 30_000);
    const [action] = await h.actions(person.person_id);
    expect(action).toMatchObject({ kind: 'first_contact', channel: 'email' });
    expect(await h.events(person.person_id, 'sms_sent')).toEqual([]);
  }, 60_000);

  it('a default number without SMS capability does not text a lead who gave only a phone', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({
      automation_level: 'full_auto',
      numbers: [
        {
          phone_number: `+1469${String(Date.now()).slice(-7)}`,
          is_active: true,
          assignment_type: 'practice_default',
          capabilities: { voice: true, sms: false },
        },
      ],
      channels: { phone: false },
    });
    const person = await lead(practice.practice_id, false);

    await analysed(person.person_id);
    expect(await h.actions(person.person_id)).toEqual([]);
    expect(await sent(person.person_id)).toEqual([]);
  }, 60_000);

  it('a channel saved on while its number is gone is checked again when the action falls due', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z'); // 01:00 in Chicago: the SMS waits for the morning
    const practice = await h.practice({ automation_level: 'full_auto' });
    const person = await lead(practice.practice_id, false);
    const action = await eventually(async () => (await h.actions(person.person_id))[0], 30_000);
    expect(action).toMatchObject({ channel: 'sms', status: 'scheduled' });

    // The practice's default number is deactivated; the SMS channel stays switched on.
    const { snapshot } = practice;
    const numbers = (snapshot.practice.virtual_numbers ?? []).map((number) => ({
      ...number,
      is_active: false,
    }));
    await publishPracticeSnapshot(h.service.config.KAFKA_BROKERS, {
      ...snapshot,
      practice: { ...snapshot.practice, virtual_numbers: numbers },
    });
    await eventually(async () => {
      const rows: unknown[] = await h.dataSource.query(
        `SELECT 1 FROM "people"."virtual_numbers" WHERE "practice_id" = $1 AND "is_active"`,
        [practice.practice_id],
      );
      return rows.length === 0;
    }, 30_000);

    h.clock.at = new Date('2026-06-11T15:00:00Z');
    expect(await runner.run(action.action_id)).not.toBe('sent');
    const [after] = await h.actions(person.person_id);
    expect(after.status).not.toBe('done');
    expect(await h.events(person.person_id, 'sms_sent')).toEqual([]);
  }, 60_000);
});
