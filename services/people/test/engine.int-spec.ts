import { findAmounts, findInventedPrices, QuotableFacts } from '@pp/ai';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { ActionRunner, engineSendKey } from '../src/engine/action-runner';
import { LeadAnalyzer, MAX_ANALYSIS_ATTEMPTS } from '../src/engine/lead-analyzer';
import { RUN_ACTION_JOB } from '../src/engine/jobs/engine-jobs';
import { Transports } from '../src/outreach/transports/transports';
import { Person } from '../src/persons/person.entity';
import { EngineHarness, startEngine } from './engine-harness';
import { Caller, postAs } from './people-harness';
import { usPhone } from './factories/phones';

const phone = usPhone;

describe('the AI engine: form → lead → analysis → decision → review or sandbox send (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;
  let runner: ActionRunner;
  /** Releases a draft a test holds, should the test end before it does. */
  let releaseHeld: (() => void) | null = null;

  beforeAll(async () => {
    h = await startEngine('engine');
    runner = h.service.app.get(ActionRunner);
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    releaseHeld?.();
    releaseHeld = null;
    h.clock.at = null;
    h.model.draftGate = null;
    h.model.onDraft = null;
    jest.restoreAllMocks();
  });

  const post = (caller: Caller, path: string, body: object | undefined, status: number) =>
    postAs(h, caller, path, body, status);

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

  /** A form lead who gave only a phone: SMS is the only channel that reaches it. */
  async function phoneLead(practiceId: string, message: string, areaCode?: string) {
    const p = phone(areaCode);
    await h.submitForm(practiceId, { name: 'Sofia Marquez', phone: p.typed, message });
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

  it('full_auto: a reply the AI is not sure of waits for staff review, with the reason low confidence', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const text = 'How much is Botox for the forehead? Thinking about Saturday.';
    h.model.confidenceOf = (inbound) => (inbound === text ? 0.5 : null);
    try {
      const lead = await formLead(practice.practice_id, text);
      const { message, reasoning } = await reviewMessage(lead.person_id);
      expect(reasoning).toContain('Low confidence (50%)');
      expect(message).toContain('Sofia');
      expect(await h.events(lead.person_id, 'sms_sent')).toEqual([]);
      expect((await h.person(lead.person_id)).pending_review_type).toBe('approval');
    } finally {
      h.model.confidenceOf = null;
    }
  }, 60_000);

  it('full_auto: a number typed into a form is never called on its own: the call waits for staff, with the reason', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const lead = await formLead(practice.practice_id, 'Interested in Botox, what does it cost?', {
      preferred_contact_method: 'Phone call',
    });

    const review = await eventually(
      async () => (await h.events(lead.person_id, 'pending_review'))[0],
      30_000,
    );
    expect(review.content_data.original_decision).toMatchObject({
      action_type: 'schedule_call',
      channel: 'phone',
      reasoning: expect.stringContaining('This number has never texted or called the practice'),
    });
    expect((await h.person(lead.person_id)).pending_review_type).toBe('approval');
    expect(await h.events(lead.person_id, 'phone_call_sent')).toEqual([]);
  }, 60_000);

  it('full_auto: a number that never wrote is texted once a day on its own; the next form’s text waits for staff', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const p = phone();
    const form = { name: 'Sofia Marquez', phone: p.typed };
    await h.submitForm(practice.practice_id, { ...form, message: 'How much is lip filler?' });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 30_000);

    await h.submitForm(practice.practice_id, { ...form, message: 'And do you do Botox too? Price?' });
    const { reasoning } = await reviewMessage(lead.person_id);
    expect(reasoning).toContain('This number was already texted today');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 90_000);

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

    // The follow-up falls due a day later (the first text went out 25 hours before): it is sent without review.
    await h.backdate(lead.person_id, 'sms_sent', 25);
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
    const lead = await phoneLead(practice.practice_id, 'Hi, how much is Botox?', '310');

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

  it('answers a lead writing at 23:00 in Los Angeles at once by e-mail when it gave one, and sends no SMS at night', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z'); // 23:00 PDT on June 10
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await formLead(practice.practice_id, 'Hi, how much is Botox?');

    const message = await sentMessage(lead.person_id, 'email_sent');
    expect(message).toContain('Sofia');
    const [first] = await h.actions(lead.person_id);
    expect(first).toMatchObject({ kind: 'first_contact', channel: 'email', status: 'done' });
    expect(first.due_at.toISOString()).toBe('2026-06-11T06:00:00.000Z');
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
    const lead = await phoneLead(practice.practice_id, 'Botox price please');
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
    // This lead's sends (the service also answers forms other test files publish on the shared broker).
    expect(send.mock.calls.filter(([m]) => m.person_id === lead.person_id)).toHaveLength(1);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it('sends once when the worker stops mid-job and another worker takes the job over', async () => {
    h.clock.at = new Date('2026-06-11T06:00:00Z');
    const practice = await h.practice({ automation_level: 'full_auto', timezone: 'America/Los_Angeles' });
    const lead = await phoneLead(practice.practice_id, 'How much for lip filler?');
    const action = await eventually(async () => (await h.actions(lead.person_id))[0], 30_000);
    h.clock.at = new Date('2026-06-11T15:00:00Z');

    // The first attempt hangs in its draft, as a worker that stopped mid-job.
    let release!: () => void;
    h.model.draftGate = new Promise<void>((resolve) => (release = resolve));
    releaseHeld = release;
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
    const lead = await phoneLead(practice.practice_id, 'Botox price please');
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

  it('an opt-out that tells a symptom is recorded and escalated: a person hears of it, nothing is sent', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const lead = await formLead(
      practice.practice_id,
      'Stop texting me. My lip went white and hard after the filler yesterday and it hurts',
    );
    const escalation = await eventually(
      async () => (await h.events(lead.person_id, 'ai_escalation'))[0],
      30_000,
    );
    expect(escalation.content_data).toMatchObject({ reason: 'post_treatment_symptoms', priority: 'high' });
    const [stopped] = await h.events(lead.person_id, 'outreach_stopped');
    expect(stopped.content_data).toMatchObject({ reason: 'opt_out' });
    const person = await h.person(lead.person_id);
    expect(person.stage).toBe('Escalated');
    expect(person.current_outreach_state.opted_out).toBe(true);
    expect(await h.actions(lead.person_id)).toHaveLength(0);
  }, 60_000);

  it('Ask AI answers from the knowledge with citations; 422 for an empty or too long question; 404 for another practice', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const [parking] = await h.page(practice.practice_id, {
      url: 'https://glow.example/visit',
      title: 'Visit us',
      chunks: ['Free parking is available in the garage behind the building on Elm Street.'],
    });
    const [botox] = await h.page(practice.practice_id, {
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
    const lasting = await post(
      caller,
      `/api/v1/people/${lead.person_id}/ask-ai`,
      { question: 'How long does Botox last?' },
      200,
    );
    expect(lasting.body).toMatchObject({
      answer: expect.stringContaining('three to four months'),
      grounded: true,
      citations: [{ chunk_id: botox, source_url: 'https://glow.example/botox', page_title: 'Botox' }],
    });
    // Not in the knowledge: the answer says so, cites nothing and guesses nothing.
    const unknown = await post(
      caller,
      `/api/v1/people/${lead.person_id}/ask-ai`,
      { question: 'Do you accept CareCredit financing?' },
      200,
    );
    expect(unknown.body).toMatchObject({ grounded: false, citations: [] });
    expect(unknown.body.answer).not.toMatch(/parking|months/i);
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

  /** The message of a lead's open AI decision (manual), once the engine drafted it. */
  async function reviewMessage(personId: string): Promise<{ message: string; reasoning: string }> {
    const review = await eventually(async () => (await h.events(personId, 'pending_review'))[0], 30_000);
    const decision = review.content_data.original_decision as Record<string, unknown>;
    return { message: String(decision.message), reasoning: String(decision.reasoning) };
  }

  /** The message the engine sent a lead (full_auto), through the sandbox. */
  async function sentMessage(personId: string, type: 'sms_sent' | 'email_sent'): Promise<string> {
    const [sent] = await eventually(async () => {
      const events = await h.events(personId, type);
      return events.length > 0 ? events : undefined;
    }, 30_000);
    expect(sent.content_data).toMatchObject({ mock_execution: true });
    return String(sent.content_data.message);
  }

  describe('no invented prices (the real built-in model, prices from people’s copy of the offer)', () => {
    const locations = [
      { name: 'Uptown Dallas', address: '2100 McKinney Ave, Dallas, TX 75201' },
      { name: 'Legacy West', address: '5800 Legacy Dr, Plano, TX 75024' },
    ];
    /** What a lead of each location may be quoted: that location's Botox price, the promotion, the fee. */
    const quotable = (min: number, max: number): QuotableFacts => ({
      pricing: [
        {
          procedureName: 'Botox',
          priceMin: min,
          priceMax: max,
          currency: 'USD',
          unit: 'Unit',
          locationName: null,
        },
      ],
      promotions: [
        {
          name: 'Summer Glow',
          description: '20% off Botox',
          procedureNames: ['Botox'],
          locationName: null,
          endsAt: null,
        },
      ],
      consultationFees: ['Free consultation'],
    });
    const uptown = quotable(13, 15);
    const legacy = quotable(12, 14);

    async function pricedPractice(level: 'manual' | 'full_auto') {
      const practice = await h.practice({ automation_level: level, locations });
      const [uptownId, legacyId] = practice.location_ids;
      const price = (locationId: string, min: number, max: number) => ({
        location_id: locationId,
        location_name: null,
        price_min: min,
        price_max: max,
        unit: 'Unit',
        currency: 'USD',
      });
      await h.offer(practice.practice_id, {
        procedures: [
          {
            procedure_id: randomUUID(),
            name: 'Botox',
            parent_name: 'Neurotoxins',
            prices: [price(uptownId, 13, 15), price(legacyId, 12, 14)],
          },
          {
            procedure_id: randomUUID(),
            name: 'Lip Filler',
            parent_name: 'Dermal Fillers',
            prices: [{ ...price(uptownId, 650, 800), location_id: null }],
          },
        ],
        promotions: [
          {
            promotion_id: randomUUID(),
            name: 'Summer Glow',
            type: 'percent_discount',
            amount: 20,
            location_id: null,
            location_name: null,
            procedure_names: ['Botox'],
            start: '2026-06-01T00:00:00Z',
            end: '2026-06-30T23:59:59Z',
          },
        ],
        consultation_fees: [
          {
            modality: 'medspa',
            location_id: null,
            location_name: null,
            fee: 0,
            currency: 'USD',
            is_free: true,
          },
        ],
      });
      return practice;
    }

    /** The forms of the test: price questions naming each location, by phone (SMS) or e-mail only. */
    const forms: {
      fields: Record<string, string>;
      facts: QuotableFacts;
      quote: RegExp;
      other: RegExp;
      channel: 'sms' | 'email';
    }[] = [
      {
        fields: { message: 'how much is botox', location: 'Uptown' },
        facts: uptown,
        quote: /\$13 to \$15 per unit/,
        other: /\$1[24]\b/,
        channel: 'sms',
      },
      {
        fields: { message: 'Hi! What do you charge for Botox? Is it per unit?', location: 'Plano, TX' },
        facts: legacy,
        quote: /\$12 to \$14 per unit/,
        other: /\$1[35]\b/,
        channel: 'sms',
      },
      {
        fields: { message: 'botox price??', preferred_location: 'Legacy West' },
        facts: legacy,
        quote: /\$12 to \$14 per unit/,
        other: /\$1[35]\b/,
        channel: 'email',
      },
    ];

    async function submit(practiceId: string, form: (typeof forms)[number]) {
      const p = phone();
      const email = `lead.${randomUUID().slice(0, 8)}@mail.example`;
      await h.submitForm(practiceId, {
        name: 'Sofia Marquez',
        ...(form.channel === 'sms' ? { phone: p.typed } : {}),
        email,
        ...form.fields,
      });
      const lead = await eventually(
        async () =>
          (await h.dataSource
            .getRepository(Person)
            .findOneBy({ practice_id: practiceId, primary_email: email })) ?? undefined,
        30_000,
      );
      return lead;
    }

    it('full_auto: every message sent quotes the lead’s location price and nothing the offer does not hold', async () => {
      h.clock.at = daytime();
      const practice = await pricedPractice('full_auto');
      for (const form of forms) {
        const lead = await submit(practice.practice_id, form);
        const message = await sentMessage(lead.person_id, form.channel === 'sms' ? 'sms_sent' : 'email_sent');
        expect({ message, invented: findInventedPrices(message, form.facts) }).toEqual({
          message: expect.stringMatching(form.quote),
          invented: [],
        });
        expect(message).not.toMatch(form.other);
        expect(message).toContain('Sofia');
      }
    }, 90_000);

    it('manual: every drafted decision quotes the lead’s location price and nothing the offer does not hold', async () => {
      h.clock.at = daytime();
      const practice = await pricedPractice('manual');
      for (const form of forms) {
        const lead = await submit(practice.practice_id, form);
        const { message, reasoning } = await reviewMessage(lead.person_id);
        expect({ message, invented: findInventedPrices(message, form.facts) }).toEqual({
          message: expect.stringMatching(form.quote),
          invented: [],
        });
        expect(message).not.toMatch(form.other);
        // The decision says which price it quoted.
        expect(reasoning).toContain('quoted Botox');
      }
    }, 90_000);

    it('a look without a new message keeps the location the lead’s form named: its prices, not the primary’s', async () => {
      h.clock.at = daytime();
      const practice = await h.practice({ automation_level: 'full_auto', locations });
      const [uptownId, legacyId] = practice.location_ids;
      const price = (locationId: string, min: number, max: number) => ({
        location_id: locationId,
        location_name: null,
        price_min: min,
        price_max: max,
        unit: 'Syringe',
        currency: 'USD',
      });
      await h.offer(practice.practice_id, {
        procedures: [
          {
            procedure_id: randomUUID(),
            name: 'Lip Filler',
            parent_name: 'Dermal Fillers',
            prices: [price(uptownId, 650, 800), price(legacyId, 500, 600)],
          },
        ],
      });
      const lead = await formLead(practice.practice_id, 'How much is lip filler?', {
        location: 'Legacy West',
      });
      expect(await sentMessage(lead.person_id, 'sms_sent')).toContain('$500');
      const first = await eventually(async () => {
        const actions = await h.actions(lead.person_id);
        return actions.find((a) => a.kind === 'follow_up' && a.status === 'scheduled');
      }, 10_000);

      // Staff take the lead over and give it back: the engine looks again, with no new message to read.
      const caller = h.caller([practice.practice_id], 'Dana Whitfield');
      for (const mode of ['human', 'ai']) {
        await post(
          caller,
          `/api/v1/people/${lead.person_id}/actions`,
          { action: 'switch_control_mode', control_mode: mode },
          200,
        );
      }
      const again = await eventually(async () => {
        const actions = await h.actions(lead.person_id);
        return actions.find((a) => a.status === 'scheduled' && a.action_id !== first.action_id);
      }, 30_000);
      expect(again).toMatchObject({ kind: 'follow_up', plan: { location_id: legacyId } });
      // The score of that look weighs Legacy West's price (up to $600), not the primary's ($800).
      const person = await h.person(lead.person_id);
      const factors = (person.behavioral_insights as { lead_intelligence: { score_factors: unknown[] } })
        .lead_intelligence.score_factors as { factor: string; explanation: string }[];
      const value = factors.find((f) => f.factor === 'procedure_value');
      expect(value?.explanation).toContain('up to $600');
    }, 90_000);

    it('a practice that published no offer: the draft quotes no price at all', async () => {
      h.clock.at = daytime();
      const practice = await h.practice({ automation_level: 'manual' });
      const lead = await formLead(practice.practice_id, 'How much is Botox? And lip filler?');
      const { message } = await reviewMessage(lead.person_id);
      expect(findAmounts(message)).toEqual([]);
      expect(message).toMatch(/Botox/);
      expect(message).toMatch(/quote|consultation/i);
    }, 60_000);
  });

  it('correction learning with the built-in model: the next lead of the same situation gets the corrected wording with its own name', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const a = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Priya Raman',
      phone: a.typed,
      message: 'How much is Botox?',
    });
    const first = await h.leadByPhone(practice.practice_id, a.e164);
    const original = await reviewMessage(first.person_id);
    const corrected =
      'Priya, lovely to hear from you! Our injector prices Botox by the unit after a quick face check. Reply with a day that suits you and we will hold a spot.';
    expect(original.message).not.toBe(corrected);
    const caller = h.caller([practice.practice_id], 'Dana Whitfield');
    await post(
      caller,
      `/api/v1/people/${first.person_id}/edit-decision`,
      { corrected_message: corrected, remember_correction: true },
      200,
    );

    // Lead B, same situation (a first SMS answering a price question, in English).
    const b = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Grace Chen',
      phone: b.typed,
      message: 'What does Botox cost?',
    });
    const second = await h.leadByPhone(practice.practice_id, b.e164);
    const learned = await reviewMessage(second.person_id);
    expect(learned.message).toBe(
      'Grace, lovely to hear from you! Our injector prices Botox by the unit after a quick face check. Reply with a day that suits you and we will hold a spot.',
    );
    expect(learned.message).not.toContain('Priya');
    expect(learned.reasoning).toContain('Followed the correction');

    // Another situation (a booking request) keeps the plain draft.
    const c = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Maya Ortiz',
      phone: c.typed,
      message: 'I would like to book Botox next Tuesday',
    });
    const third = await h.leadByPhone(practice.practice_id, c.e164);
    const plain = await reviewMessage(third.person_id);
    expect(plain.message).toContain('Maya');
    expect(plain.message).not.toContain('lovely to hear from you');
  }, 90_000);

  it('Spanish: a Spanish form is understood as Spanish and answered in Spanish', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    await h.offer(practice.practice_id, {
      procedures: [
        {
          procedure_id: randomUUID(),
          name: 'Botox',
          parent_name: 'Neurotoxins',
          prices: [
            {
              location_id: null,
              location_name: null,
              price_min: 13,
              price_max: 15,
              unit: 'Unit',
              currency: 'USD',
            },
          ],
        },
      ],
    });
    const p = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Lucía Fernández',
      phone: p.typed,
      message: 'Hola, ¿cuánto cuesta el botox?',
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    const { message } = await reviewMessage(lead.person_id);
    const person = await h.person(lead.person_id);
    expect(person.current_outreach_state.ai_insights).toMatchObject({
      language: 'es',
      intent_classification: 'pricing',
      procedures_of_interest: ['Botox'],
    });
    expect(message).toMatch(/^Hola Luc[ií]a/);
    expect(message).toContain('cuesta de $13 a $15 por unidad');
    expect(message).not.toMatch(/\b(Hi|Thanks|price|Reply)\b/);
  }, 60_000);

  it('a form sent with a service chosen and nothing written reads as a request to book that service', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const p = phone();
    await h.submitForm(practice.practice_id, { name: 'Sam Whitaker', phone: p.typed, service: 'Invisalign' });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    await reviewMessage(lead.person_id);
    const person = await h.person(lead.person_id);
    expect(person.current_outreach_state.ai_insights).toMatchObject({
      intent_classification: 'booking',
      procedures_of_interest: ['Invisalign'],
    });
  }, 60_000);

  it('a spam form gets no outreach: outreach_stopped spam, the lead closed, nothing drafted', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const lead = await formLead(
      practice.practice_id,
      'Boost your website SEO ranking today! We offer guaranteed first page Google results, click here http://seo-deals.example/offer',
    );
    const stopped = await eventually(
      async () => (await h.events(lead.person_id, 'outreach_stopped'))[0],
      30_000,
    );
    expect(stopped.content_data).toMatchObject({ reason: 'spam' });
    const person = await h.person(lead.person_id);
    expect(person.stage).toBe('Closed - Lost');
    expect(person.current_outreach_state.ai_insights).toMatchObject({ intent_classification: 'spam' });
    expect(await h.actions(lead.person_id)).toHaveLength(0);
    expect(await h.events(lead.person_id, 'pending_review')).toHaveLength(0);
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
    expect(
      h.model.drafts.filter((d) => d.recipient.firstName === 'Sofia' && d.inbound?.includes('SEO')),
    ).toHaveLength(0);
  }, 60_000);

  it('a burst of forms is analysed and answered as batches: every lead read, scored, drafted and sent as one at a time would', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const analyzer = h.service.app.get(LeadAnalyzer);
    const batched = jest.spyOn(analyzer, 'runBatch');
    const single = jest.spyOn(analyzer, 'run');
    const actionsBatched = jest.spyOn(runner, 'runBatch');
    const actionAlone = jest.spyOn(runner, 'run');
    const people = [phone(), phone(), phone()];
    await h.submitForms(practice.practice_id, [
      { name: 'Ana Ruiz', phone: people[0].typed, message: 'How much is a tummy tuck?' },
      { name: 'Bo Park', phone: people[1].typed, message: 'Hola, ¿cuánto cuesta el botox en la frente?' },
      { name: 'Cy Hale', phone: people[2].typed, message: 'Can I book a rhinoplasty consult next week?' },
    ]);
    const leads = await Promise.all(people.map((p) => h.leadByPhone(practice.practice_id, p.e164)));
    for (const lead of leads) {
      await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 30_000);
    }
    expect(batched).toHaveBeenCalled();
    expect(single).not.toHaveBeenCalled();
    // The three first contacts were carried out together, none by a job of its own.
    const firsts = await Promise.all(
      leads.map(async (lead) => (await h.actions(lead.person_id)).find((a) => a.kind === 'first_contact')),
    );
    const firstIds = firsts.map((a) => a?.action_id);
    expect(firsts.map((a) => a?.status)).toEqual(['done', 'done', 'done']);
    expect(
      actionsBatched.mock.calls.some(([ids]) => firstIds.every((id) => ids.includes(id as string))),
    ).toBe(true);
    expect(actionAlone.mock.calls.filter(([id]) => firstIds.includes(id))).toHaveLength(0);
    const insights = await Promise.all(
      leads.map(async (lead) => (await h.person(lead.person_id)).current_outreach_state.ai_insights),
    );
    expect(insights.map((i) => i?.intent_classification)).toEqual(['pricing', 'pricing', 'booking']);
    expect(insights[1]).toMatchObject({ language: 'es' });
    const [sms] = await h.events(leads[1].person_id, 'sms_sent');
    expect(String(sms.content_data.message)).toMatch(/Hola/);
    for (const lead of leads) {
      const person = await h.person(lead.person_id);
      expect(person.speed_to_lead_seconds).not.toBeNull();
      // Each lead sent once, its follow-up planned, as one at a time.
      const actions = await h.actions(lead.person_id);
      expect(actions.filter((a) => a.kind === 'follow_up' && a.status === 'scheduled')).toHaveLength(1);
      expect(person.current_outreach_state.scheduled_action).toMatchObject({ kind: 'follow_up' });
    }
  }, 60_000);

  it('sends the other first contacts of a batch when one cannot be drafted, and that one once it can', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const stuck = phone();
    const free = phone();
    h.model.failsToDraft = (request) => request.recipient.firstName === 'Stuck';
    try {
      await h.submitForms(practice.practice_id, [
        { name: 'Stuck Lead', phone: stuck.typed, message: 'How much is lip filler?' },
        { name: 'Free Lead', phone: free.typed, message: 'How much is Botox?' },
      ]);
      const freeLead = await h.leadByPhone(practice.practice_id, free.e164);
      await eventually(async () => (await h.events(freeLead.person_id, 'sms_sent')).length === 1, 30_000);
      const stuckLead = await h.leadByPhone(practice.practice_id, stuck.e164);
      const [waiting] = await h.actions(stuckLead.person_id);
      expect(waiting).toMatchObject({ kind: 'first_contact', status: 'scheduled' });
      expect(await h.events(stuckLead.person_id, 'sms_sent')).toHaveLength(0);
    } finally {
      h.model.failsToDraft = null;
    }
    // The job's retry (backoff 1, 2, 4 … s) sends it, once.
    const stuckLead = await h.leadByPhone(practice.practice_id, stuck.e164);
    await eventually(async () => (await h.events(stuckLead.person_id, 'sms_sent')).length === 1, 60_000);
    const freeLead = await h.leadByPhone(practice.practice_id, free.e164);
    expect(await h.events(freeLead.person_id, 'sms_sent')).toHaveLength(1);
  }, 90_000);

  it('runs the other analyses of a batch when one cannot be made, and that one once it can', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const stuck = phone();
    const free = phone();
    h.model.failsToRead = (text) => text.includes('Zanzibar');
    try {
      await h.submitForms(practice.practice_id, [
        {
          name: 'Stuck Lead',
          phone: stuck.typed,
          message: 'How much is lip filler? Before my trip to Zanzibar',
        },
        { name: 'Free Lead', phone: free.typed, message: 'How much is Botox?' },
      ]);
      const freeLead = await h.leadByPhone(practice.practice_id, free.e164);
      await eventually(async () => (await h.events(freeLead.person_id, 'sms_sent')).length === 1, 30_000);
      const stuckLead = await h.leadByPhone(practice.practice_id, stuck.e164);
      expect((await h.person(stuckLead.person_id)).current_outreach_state?.ai_insights).toBeUndefined();
    } finally {
      h.model.failsToRead = null;
    }
    // The job's retry (backoff 1, 2, 4 … s) reads it.
    const stuckLead = await h.leadByPhone(practice.practice_id, stuck.e164);
    const read = await eventually(
      async () => (await h.person(stuckLead.person_id)).current_outreach_state?.ai_insights,
      60_000,
    );
    expect(read).toMatchObject({ intent_classification: 'pricing' });
  }, 90_000);

  it('hands a message the model never manages to read to a person after the job’s retries: escalated, never dropped', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    h.model.failsToRead = (text) => text.includes('Kilimanjaro');
    try {
      const lead = await formLead(practice.practice_id, 'Botox before my Kilimanjaro climb, is that ok?');
      // The job's retries (backoff 1, 2, 4, 8 s), then the fifth failure hands the lead over.
      const [escalation] = await eventually(async () => {
        const events = await h.events(lead.person_id, 'ai_escalation');
        return events.length > 0 ? events : undefined;
      }, 60_000);
      expect(escalation.content_data).toMatchObject({
        reason: 'low_confidence',
        message: 'Botox before my Kilimanjaro climb, is that ok?',
      });
      const person = await h.person(lead.person_id);
      expect(person.stage).toBe('Escalated');
      expect(person.current_outreach_state.ai_insights).toMatchObject({
        inquiry_summary: 'The AI could not read this message: a person reads it.',
      });
      const [analysis] = await h.dataSource.query(
        `SELECT "status", "attempts" FROM "people"."engine_analyses" WHERE "person_id" = $1`,
        [lead.person_id],
      );
      // Five failed reads, then the reading that handed it over.
      expect(analysis).toEqual({ status: 'done', attempts: MAX_ANALYSIS_ATTEMPTS + 1 });
      expect(await h.events(lead.person_id, 'sms_sent')).toEqual([]);
    } finally {
      h.model.failsToRead = null;
    }
  }, 90_000);

  it("an analysis whose lead is gone, or is another practice's, fails without writing anything to a lead", async () => {
    const practice = await h.practice({ automation_level: 'full_auto' });
    const other = await formLead((await h.practice({ automation_level: 'full_auto' })).practice_id, 'Hi');
    // Settled: read, and its first contact carried out (sent, or held for review), so nothing else changes it.
    await eventually(async () => {
      const state = (await h.person(other.person_id)).current_outreach_state;
      const action = state?.scheduled_action as { kind?: string } | undefined;
      return Boolean(state?.ai_insights) && action?.kind !== 'first_contact';
    }, 30_000);
    const before = await h.person(other.person_id);
    const analyzer = h.service.app.get(LeadAnalyzer);
    for (const personId of [randomUUID(), other.person_id]) {
      const [row]: { analysis_id: string }[] = await h.dataSource.query(
        `INSERT INTO "people"."engine_analyses" ("job_id", "practice_id", "person_id", "channel", "received_at")
         VALUES ($1, $2, $3, 'form', now()) RETURNING "analysis_id"`,
        [`test_${randomUUID()}`, practice.practice_id, personId],
      );
      expect(await analyzer.run(row.analysis_id)).toBe('skipped');
      const [after]: { status: string; error: string }[] = await h.dataSource.query(
        `SELECT "status", "error" FROM "people"."engine_analyses" WHERE "analysis_id" = $1`,
        [row.analysis_id],
      );
      expect(after).toEqual({ status: 'failed', error: 'The lead no longer exists' });
    }
    // The other practice's lead is as it was.
    const now = await h.person(other.person_id);
    expect(now.current_outreach_state).toEqual(before.current_outreach_state);
    expect(now.behavioral_insights).toEqual(before.behavioral_insights);
  }, 60_000);
});
