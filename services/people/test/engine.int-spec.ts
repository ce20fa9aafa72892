import { eventually } from '@pp/testing';
import { ActionRunner, engineSendKey } from '../src/engine/action-runner';
import { RUN_ACTION_JOB } from '../src/engine/jobs/engine-jobs';
import { Transports } from '../src/outreach/transports/transports';
import { EngineHarness, startEngine } from './engine-harness';
import { Caller } from './people-harness';

/** A US number in E.164 and as a visitor types it. */
let n = 0;
function phone() {
  n++;
  const last4 = String(1000 + ((Date.now() + n * 37) % 9000)).padStart(4, '0');
  return { typed: `(214) 555-${last4}`, e164: `+1214555${last4}` };
}

describe('the AI engine: form → lead → analysis → decision → review or sandbox send (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;
  let runner: ActionRunner;

  beforeAll(async () => {
    h = await startEngine('engine');
    runner = h.service.app.get(ActionRunner);
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
    h.model.draftGate = null;
    h.model.onDraft = null;
    jest.restoreAllMocks();
  });

  async function post(caller: Caller, path: string, body: object | undefined, status: number) {
    const response = await h
      .http()
      .post(path)
      .set(await caller.headers())
      .send(body ?? {});
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response;
  }

  /** A daytime moment in the practice's zone (America/Chicago): 11:00 CDT. */
  const daytime = () => new Date('2026-06-10T16:00:00Z');

  async function formLead(practiceId: string, message: string, extra: Record<string, string> = {}) {
    const p = phone();
    await h.submitForm(practiceId, {
      name: 'Sofia Marquez',
      phone: p.typed,
      email: `sofia.${p.e164.slice(-4)}@mail.example`,
      message,
      ...extra,
    });
    return h.leadByPhone(practiceId, p.e164);
  }

  it('manual: the first message waits in review with the drafted text, with speed to lead set', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const lead = await formLead(
      practice.practice_id,
      'How much is Botox? I would like to come in next week.',
    );

    const review = await eventually(
      async () => (await h.events(lead.person_id, 'pending_review'))[0],
      30_000,
    );
    const decision = review.content_data.original_decision as Record<string, unknown>;
    expect(decision).toMatchObject({ action_type: 'sms_initial', channel: 'sms' });
    expect(String(decision.message)).toContain('Sofia');
    expect(String(decision.reasoning)).toContain('First contact');

    const person = await h.person(lead.person_id);
    expect(person.pending_review_type).toBe('approval');
    // The console shows the review box only when no next action is scheduled.
    expect(person.next_scheduled_action).toBeNull();
    expect(person.current_outreach_state.ai_insights).toMatchObject({
      intent_classification: expect.any(String),
      procedures_of_interest: expect.arrayContaining(['Botox']),
    });
    const intelligence = (person.behavioral_insights as Record<string, Record<string, unknown>>)
      .lead_intelligence;
    expect(intelligence.score_factors).toEqual(
      expect.arrayContaining([expect.objectContaining({ factor: 'intent', weight: expect.any(Number) })]),
    );
    const [form] = await h.events(lead.person_id, 'form_submission');
    expect(form.event_metadata).toMatchObject({
      ai_content_analysis: expect.objectContaining({ intent_classification: expect.any(String) }),
      calculated_lead_score: intelligence.lead_score,
    });
    const [speed] = await h.dataSource.query(
      `SELECT "speed_to_lead_seconds" FROM "people"."persons" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(speed.speed_to_lead_seconds).not.toBeNull();
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('full_auto: the first SMS goes out through the sandbox within the run, once, and follow-up 1 is planned', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const lead = await formLead(practice.practice_id, 'Interested in lip filler, what does it cost?');

    const [sent] = await eventually(async () => {
      const events = await h.events(lead.person_id, 'sms_sent');
      return events.length > 0 ? events : undefined;
    }, 30_000);
    expect(sent.content_data).toMatchObject({
      channel: 'sms',
      action_type: 'sms_initial',
      mock_execution: true,
    });
    expect(String(sent.content_data.message)).toContain('Sofia');

    const followUp = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find((a) => a.kind === 'follow_up' && a.status === 'scheduled');
    }, 10_000);
    expect(followUp).toMatchObject({ channel: 'sms', follow_up_number: 1 });
    const person = await h.person(lead.person_id);
    expect(person.next_scheduled_action?.toISOString()).toBe(followUp.due_at.toISOString());
    expect(person.stage).toBe('Attempting Contact');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it('semi_auto: the first contact waits for approval, the follow-up after it goes out by itself', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'semi_auto' });
    const lead = await formLead(practice.practice_id, 'Do you do CoolSculpting? Price please.');
    await eventually(async () => (await h.events(lead.person_id, 'pending_review'))[0], 30_000);

    const caller = h.caller([practice.practice_id], 'Dana Whitfield');
    await post(caller, `/api/v1/people/${lead.person_id}/approve-decision`, undefined, 200);
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 20_000);
    const followUp = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find((a) => a.kind === 'follow_up' && a.status === 'scheduled');
    }, 10_000);

    // The follow-up falls due (a day later): it is sent without review.
    expect(await runner.run(followUp.action_id)).toBe('sent');
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 2, 20_000);
    const [, second] = await h.events(lead.person_id, 'sms_sent');
    expect(second.content_data.action_type).toBe('send_sms');
    expect(second.event_metadata).toMatchObject({ idempotency_key: engineSendKey(followUp.action_id) });
  }, 90_000);

  it.each([
    ['post_treatment_symptoms', 'I had filler yesterday and my lip is very swollen and hot, is this normal?'],
    ['complaint', 'I am very unhappy with my results and want to file a complaint about the injector.'],
    ['human_requested', 'Can I please speak to a real person? I do not want to text with a bot.'],
  ])(
    'escalates %s: stage Escalated, ai_escalation with the message, nothing sent',
    async (reason, message) => {
      h.clock.at = daytime();
      const practice = await h.practice({ automation_level: 'full_auto' });
      const lead = await formLead(practice.practice_id, message);

      const escalation = await eventually(
        async () => (await h.events(lead.person_id, 'ai_escalation'))[0],
        30_000,
      );
      expect(escalation.content_data).toMatchObject({
        reason,
        priority: expect.stringMatching(/high|medium|low/),
        message: expect.stringContaining(message.slice(0, 20)),
      });
      const person = await h.person(lead.person_id);
      expect(person.stage).toBe('Escalated');
      expect(person.pending_review_type).toBe('escalate');
      expect((await h.actions(lead.person_id)).filter((a) => a.status === 'scheduled')).toHaveLength(0);
      expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
      expect(await h.events(lead.person_id, 'pending_review')).toHaveLength(0);
    },
    60_000,
  );

  it('schedules the SMS of a lead writing at 23:00 in Los Angeles for 08:00 local, as a delayed job', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z'); // 23:00 PDT on June 10
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await formLead(practice.practice_id, 'Hi, how much is Botox?');

    const action = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);
    expect(action.due_at.toISOString()).toBe('2026-06-11T15:00:00.000Z'); // 08:00 PDT
    expect(action.status).toBe('scheduled');
    const person = await h.person(lead.person_id);
    expect(person.next_scheduled_action?.toISOString()).toBe('2026-06-11T15:00:00.000Z');
    const [scheduled] = await h.events(lead.person_id, 'scheduled_action');
    expect(scheduled.content_data).toMatchObject({ channel: 'sms', start_time: '2026-06-11T15:00:00.000Z' });
    const job = await h.queue.getJob(`action_${action.action_id}`);
    expect(await job?.isDelayed()).toBe(true);
    expect(job?.opts.delay).toBe(9 * 3_600_000);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('never fires a superseded action: a new message from the lead replaces the plan', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z');
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const p = phone();
    await h.submitForm(practice.practice_id, { name: 'Ana Ruiz', phone: p.typed, message: 'Botox price?' });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    const first = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);

    await h.submitForm(practice.practice_id, { name: 'Ana Ruiz', phone: p.typed, message: 'Also filler?' });
    await eventually(async () => (await h.actions(lead.person_id)).length === 2, 30_000);

    expect(await runner.run(first.action_id)).toBe('skipped');
    const [old] = (await h.actions(lead.person_id)).filter((a) => a.action_id === first.action_id);
    expect(old.status).toBe('superseded');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('sends once when the same run-action job runs twice at once and again later', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z');
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await formLead(practice.practice_id, 'Botox price please');
    const action = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);
    h.clock.at = new Date('2026-06-11T15:00:00Z');
    const send = jest.spyOn(h.service.app.get(Transports).for('sms'), 'send');

    const outcomes = await Promise.all([runner.run(action.action_id), runner.run(action.action_id)]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await runner.run(action.action_id)).toBe('skipped');
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 20_000);
    // The delayed job itself, promoted now, finds the action done.
    const job = await h.queue.getJob(`action_${action.action_id}`);
    await job?.promote();
    await eventually(async () => (await job?.isCompleted()) === true, 20_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it('sends once when the worker stops mid-job and another worker takes the job over', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z');
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await formLead(practice.practice_id, 'How much for lip filler?');
    const action = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);
    h.clock.at = new Date('2026-06-11T15:00:00Z');

    // The first attempt hangs in its draft, as a worker that stopped mid-job.
    let release!: () => void;
    h.model.draftGate = new Promise<void>((resolve) => (release = resolve));
    const entered = new Promise<void>((resolve) => (h.model.onDraft = resolve));
    const stuck = runner.run(action.action_id);
    await entered;
    h.model.draftGate = null;
    h.model.onDraft = null;

    // The retry (BullMQ's stalled-job recovery, or a duplicate job) runs on the worker.
    await h.queue.add(
      RUN_ACTION_JOB,
      { action_id: action.action_id, practice_id: practice.practice_id, person_id: lead.person_id },
      { jobId: `retry_${action.action_id}` },
    );
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 20_000);

    // The stopped attempt wakes up later: it finds the action done and sends nothing.
    release();
    expect(await stuck).toBe('skipped');
    const sends: { count: string }[] = await h.dataSource.query(
      `SELECT count(*) FROM "people"."outreach_sends" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(Number(sends[0].count)).toBe(1);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it('human control silences the AI: the plan is cancelled and a due job sends nothing; back to AI it plans again', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z');
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await formLead(practice.practice_id, 'Botox price please');
    const action = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);
    const caller = h.caller([practice.practice_id], 'Dana Whitfield');

    await post(
      caller,
      `/api/v1/people/${lead.person_id}/actions`,
      { action: 'switch_control_mode', control_mode: 'human' },
      200,
    );
    expect((await h.actions(lead.person_id))[0].status).toBe('cancelled');
    h.clock.at = new Date('2026-06-11T15:00:00Z');
    expect(await runner.run(action.action_id)).toBe('skipped');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);

    await post(
      caller,
      `/api/v1/people/${lead.person_id}/actions`,
      { action: 'switch_control_mode', control_mode: 'ai' },
      200,
    );
    const again = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find(
        (a) => a.status === 'scheduled' || (a.status === 'done' && a.action_id !== action.action_id),
      );
    }, 30_000);
    expect(again.action_id).not.toBe(action.action_id);
  }, 60_000);

  it('an opt-out closes the lead and nothing is ever sent', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const lead = await formLead(
      practice.practice_id,
      'Please remove me from your list and stop contacting me',
    );
    const stopped = await eventually(
      async () => (await h.events(lead.person_id, 'outreach_stopped'))[0],
      30_000,
    );
    expect(stopped.content_data).toMatchObject({ reason: 'opt_out' });
    const person = await h.person(lead.person_id);
    expect(person.stage).toBe('Closed - Lost');
    expect(person.current_outreach_state.opted_out).toBe(true);
    expect(await h.actions(lead.person_id)).toHaveLength(0);
  }, 60_000);

  it('correction learning: a remembered edit shapes the next lead’s draft of the same situation', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const first = await formLead(practice.practice_id, 'How much is Botox?');
    await eventually(async () => (await h.events(first.person_id, 'pending_review'))[0], 30_000);
    const caller = h.caller([practice.practice_id], 'Dana Whitfield');
    await post(
      caller,
      `/api/v1/people/${first.person_id}/edit-decision`,
      {
        corrected_message: 'Hi Sofia! Call us at the front desk and we will walk you through Botox pricing.',
        remember_correction: true,
      },
      200,
    );

    const second = await formLead(practice.practice_id, 'What does Botox cost?', { name: 'Grace Chen' });
    const review = await eventually(
      async () => (await h.events(second.person_id, 'pending_review'))[0],
      30_000,
    );
    const message = String((review.content_data.original_decision as Record<string, unknown>).message);
    expect(message).toContain('walk you through Botox pricing');
    expect(message).toContain('Grace');
  }, 90_000);

  it('Ask AI answers from the knowledge with citations; 422 for an empty or too long question; 404 for another practice', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const [parking] = await h.page(practice.practice_id, {
      url: 'https://glow.example/visit',
      title: 'Visit us',
      chunks: ['Free parking is available in the garage behind the building on Elm Street.'],
    });
    await h.page(practice.practice_id, {
      url: 'https://glow.example/botox',
      title: 'Botox',
      chunks: ['Botox results usually last three to four months.'],
    });
    const lead = await h.leads.person(practice.practice_id);
    const caller = h.caller([practice.practice_id]);
    const response = await post(
      caller,
      `/api/v1/people/${lead.person_id}/ask-ai`,
      { question: 'Is there parking for her visit?' },
      200,
    );
    expect(response.body).toEqual({
      answer: expect.stringContaining('garage behind the building'),
      grounded: true,
      citations: [{ chunk_id: parking, source_url: 'https://glow.example/visit', page_title: 'Visit us' }],
    });
    expect(response.body.answer).not.toContain('three to four months');
    await post(caller, `/api/v1/people/${lead.person_id}/ask-ai`, { question: '' }, 422);
    await post(caller, `/api/v1/people/${lead.person_id}/ask-ai`, { question: 'x'.repeat(1001) }, 422);
    const other = h.caller([practice.location_id]);
    const denied = await post(
      other,
      `/api/v1/people/${lead.person_id}/ask-ai`,
      { question: 'Parking?' },
      404,
    );
    expect(denied.body).toEqual({ detail: 'Person not found' });
  }, 60_000);

  it('a lead staff create enters the engine as a manual lead', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const caller = h.caller([practice.practice_id]);
    const created = await post(
      caller,
      '/api/v1/people/',
      {
        practice_id: practice.practice_id,
        first_name: 'Hannah',
        last_name: 'Lindqvist',
        primary_phone: '(214) 555-0199',
      },
      201,
    );
    const review = await eventually(
      async () => (await h.events(created.body.person_id, 'pending_review'))[0],
      30_000,
    );
    expect(review.content_data.original_decision).toMatchObject({
      action_type: 'sms_initial',
      channel: 'sms',
    });
  }, 60_000);
});
