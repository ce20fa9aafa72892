import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { EngineHarness, startEngine } from './engine-harness';

/**
 * Replies staff write in the lead's name while the channels are the sandbox (docs/product/channels.md#simulated-replies):
 * the AI answers them as it answers real ones. This harness has no Twilio and no mailbox: both are the sandbox.
 */
describe('simulated replies in the sandbox (real PostgreSQL, Redis, Kafka, the built-in model)', () => {
  let h: EngineHarness;
  let practiceId: string;

  beforeAll(async () => {
    h = await startEngine('simulated-replies');
    practiceId = (await h.practice({ automation_level: 'full_auto' })).practice_id;
  }, 120_000);
  afterAll(() => h.stop());
  // A test that sets the engine's clock leaves it to the next on the real one, even when it fails.
  afterEach(() => {
    h.clock.at = null;
  });

  async function simulate(personId: string, body: object, practices = [practiceId]) {
    return h
      .http()
      .post(`/api/v1/people/${personId}/simulate-reply`)
      .set(await h.caller(practices, 'Dana Reyes').headers())
      .send(body);
  }

  /** The lead's events of a type, once there is one (the engine answers asynchronously). */
  const firstEvents = (personId: string, type: string) =>
    eventually(async () => {
      const found = await h.events(personId, type);
      return found.length > 0 && found;
    }, 30_000);

  it('says which channels are the sandbox, for the caller’s practice only', async () => {
    const caller = await h.caller([practiceId]).headers();
    const answer = await h.http().get(`/api/v1/channels/sandbox?practice_id=${practiceId}`).set(caller);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: { sms: true, email: true },
    });
    const other = await h
      .http()
      .get('/api/v1/channels/sandbox?practice_id=4d3c2b1a-0000-4000-8000-000000000000')
      .set(caller);
    expect(other.status).toBe(404);
  });

  it('records a simulated text as sms_received by its author, and the AI answers it in the sandbox', async () => {
    const lead = await h.leads.person(practiceId, { primary_phone: '+14045550117' });
    h.clock.at = new Date('2026-06-10T16:00:00Z'); // 12:00 in Atlanta: the answer may go at once

    const answer = await simulate(lead.person_id, {
      channel: 'sms',
      message: 'Do you have Saturday openings?',
    });

    expect(answer.status).toBe(200);
    const [received] = await h.events(lead.person_id, 'sms_received');
    expect(received.event_id).toBe(answer.body.event_id);
    expect(received.content_data).toMatchObject({
      from_number: '+14045550117',
      message: 'Do you have Saturday openings?',
      channel: 'sms',
    });
    expect(received.event_metadata).toMatchObject({ source: 'sandbox', simulated_by_name: 'Dana Reyes' });
    const [reply] = await firstEvents(lead.person_id, 'sms_sent');
    expect(reply.content_data).toMatchObject({ mock_execution: true, channel: 'sms' });
  }, 60_000);

  it('answers a bare “Who is this?” with the practice’s help text and keeps the lead’s outreach going', async () => {
    const lead = await h.leads.person(practiceId, { primary_phone: '+14045550121' });
    h.clock.at = new Date('2026-06-10T16:00:00Z'); // 12:00 in Atlanta: the answer may go at once

    expect((await simulate(lead.person_id, { channel: 'sms', message: 'Who is this?' })).status).toBe(200);

    const [reply] = await firstEvents(lead.person_id, 'sms_sent');
    expect(String(reply.content_data.message)).toMatch(/here to help/i);
    const person = await h.person(lead.person_id);
    expect(person.current_outreach_state.ai_insights).toMatchObject({ intent_classification: 'help' });
    expect(person.stage).not.toBe('Closed - Lost');
    expect(person.current_outreach_state.control_mode).toBe('ai');
    expect(await h.events(lead.person_id, 'outreach_stopped')).toEqual([]);
    expect(await h.events(lead.person_id, 'ai_escalation')).toEqual([]);
  }, 60_000);

  it('hands a text in words of despair to a person at once: escalated, nothing sent', async () => {
    const lead = await h.leads.person(practiceId, { primary_phone: '+14045550123' });
    h.clock.at = new Date('2026-06-10T16:00:00Z');

    const text = 'since the consult where they said no to me i honestly see no point in going on';
    expect((await simulate(lead.person_id, { channel: 'sms', message: text })).status).toBe(200);

    const [escalation] = await firstEvents(lead.person_id, 'ai_escalation');
    expect(escalation.content_data).toMatchObject({ reason: 'medical_concern', priority: 'high' });
    expect((await h.person(lead.person_id)).stage).toBe('Escalated');
    expect(await h.events(lead.person_id, 'sms_sent')).toEqual([]);
  }, 60_000);

  it('reads the latest message: a booking after a price question reads as booking, then STOP as an opt-out', async () => {
    const lead = await h.leads.person(practiceId, { primary_phone: '+14045550125' });
    h.clock.at = new Date('2026-06-10T16:00:00Z');
    const insights = async () => (await h.person(lead.person_id)).current_outreach_state.ai_insights;

    await simulate(lead.person_id, { channel: 'sms', message: 'How much is Botox per unit?' });
    await eventually(async () => (await insights())?.intent_classification === 'pricing', 30_000);
    await simulate(lead.person_id, {
      channel: 'sms',
      message: 'Great, can I book Saturday at 11 for Botox?',
    });
    await eventually(async () => (await insights())?.intent_classification === 'booking', 30_000);

    await simulate(lead.person_id, { channel: 'sms', message: 'STOP' });
    expect(await insights()).toMatchObject({ intent_classification: 'opt_out', procedures_of_interest: [] });
    // Each message keeps its own reading on the timeline.
    const readings = (await h.events(lead.person_id, 'sms_received'))
      .map(
        (event) =>
          (event.event_metadata.ai_content_analysis as { intent_classification?: string } | undefined)
            ?.intent_classification,
      )
      .filter(Boolean);
    expect(readings).toEqual(['pricing', 'booking']);
  }, 90_000);

  it('puts the reply on the lead it was written for, even when an older lead has the same number', async () => {
    const older = await h.leads.person(practiceId, {
      primary_phone: '+14045550119',
      created_at: new Date(Date.now() - 86_400_000),
    });
    const newer = await h.leads.person(practiceId, { primary_phone: '+14045550119' });

    const answer = await simulate(newer.person_id, { channel: 'sms', message: 'Is parking free?' });

    expect(answer.status).toBe(200);
    const [received] = await h.events(newer.person_id, 'sms_received');
    expect(received.event_id).toBe(answer.body.event_id);
    expect(await h.events(older.person_id, 'sms_received')).toHaveLength(0);
  });

  it('lets a simulated STOP opt the lead out like a real one', async () => {
    const lead = await h.leads.person(practiceId, { primary_phone: '+14045550118' });
    expect((await simulate(lead.person_id, { channel: 'sms', message: 'STOP' })).status).toBe(200);
    expect((await h.person(lead.person_id)).current_outreach_state.opted_out).toBe(true);
    expect(await h.events(lead.person_id, 'outreach_stopped')).toHaveLength(1);
  });

  it('records a simulated e-mail as email_received answering the last e-mail, and hands it to the engine', async () => {
    const lead = await h.leads.person(practiceId);
    await h.leads.event(lead, {
      event_type: 'email_sent',
      content_data: { subject: 'Your Botox consultation', message: 'Hi!', channel: 'email' },
    });

    const answer = await simulate(lead.person_id, { channel: 'email', message: 'Can I bring a friend?' });

    expect(answer.status).toBe(200);
    const [received] = await h.events(lead.person_id, 'email_received');
    expect(received.content_data).toMatchObject({
      subject: 'Re: Your Botox consultation',
      message: 'Can I bring a friend?',
      from_email: lead.primary_email,
    });
    const analyses: { channel: string; trigger_event_id: string }[] = await h.dataSource.query(
      `SELECT "channel", "trigger_event_id" FROM "people"."engine_analyses" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(analyses).toEqual([{ channel: 'email', trigger_event_id: received.event_id }]);
  });

  it('refuses bad input with its detail, and another practice’s lead as not found', async () => {
    const lead = await h.leads.person(practiceId, { primary_email: null });
    const cases: [object, number, string][] = [
      [{ channel: 'fax', message: 'hi' }, 422, 'Channel must be sms or email'],
      [{ channel: 'sms', message: '' }, 422, 'Please write a reply of 1 to 1600 characters'],
      [{ channel: 'sms', message: 'x'.repeat(1601) }, 422, 'Please write a reply of 1 to 1600 characters'],
      [{ channel: 'email', message: 'hello' }, 422, 'This lead has no email address'],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await simulate(lead.person_id, body);
      expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { detail } });
    }
    const theirs = await simulate(lead.person_id, { channel: 'sms', message: 'hi' }, [randomUUID()]);
    expect({ status: theirs.status, body: theirs.body }).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
    expect(await h.events(lead.person_id, 'sms_received')).toHaveLength(0);
  });
});
