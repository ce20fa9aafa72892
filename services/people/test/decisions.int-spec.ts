import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Correction } from '../src/decisions/correction.entity';
import { PendingDecision } from '../src/decisions/pending-decision.entity';
import { createPendingDecision, NewPendingDecision } from '../src/decisions/review-items';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { Caller, PeopleHarness, startPeople, TestClock } from './people-harness';

describe('AI decision review: approve and edit (real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  const practice = randomUUID();
  const otherPractice = randomUUID();
  let staff: Caller;
  let outsider: Caller;

  // Noon in New York (the time zone of a practice people does not know yet): texts go at once. Approving at
  // night is engine-quiet-approvals.int-spec.ts.
  const clock = new TestClock();
  clock.at = new Date('2026-06-10T16:00:00Z');

  beforeAll(async () => {
    h = await startPeople('decisions', {}, { clock });
    staff = h.caller([practice], 'Dana Reyes');
    outsider = h.caller([otherPractice], 'Olu Outsider');
  });
  afterAll(() => h.stop());

  const smsDecision: NewPendingDecision = {
    action_type: 'send_sms',
    channel: 'sms',
    message: 'Hi Sofia, this is Glow Aesthetics. Would Thursday at 3 pm work for your Botox consultation?',
    reasoning: 'She asked about Botox pricing twice and opened the booking page.',
  };

  /** A lead of the practice with an open AI decision, as the AI engine (or the seed) leaves it. */
  async function leadWithDecision(decision = smsDecision, overrides: Partial<Person> = {}) {
    const person = await h.leads.person(practice, overrides);
    const opened = await h.dataSource.transaction((manager) =>
      createPendingDecision(manager, person, decision),
    );
    return { person, ...opened };
  }

  const post = async (caller: Caller, path: string, body?: object) =>
    h
      .http()
      .post(path)
      .set(await caller.headers())
      .send(body);
  /** The response, after checking its status. */
  const expectStatus = async (pending: ReturnType<typeof post>, status: number) => {
    const response = await pending;
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response;
  };
  const approve = (caller: Caller, personId: string) =>
    post(caller, `/api/v1/people/${personId}/approve-decision`);
  const edit = (caller: Caller, personId: string, body: object) =>
    post(caller, `/api/v1/people/${personId}/edit-decision`, body);

  const eventsOf = (personId: string, type: string) =>
    h.dataSource.getRepository(TimelineEvent).find({ where: { person_id: personId, event_type: type } });
  const decisionRow = (id: string) =>
    h.dataSource.getRepository(PendingDecision).findOneByOrFail({ decision_id: id });
  const personRow = (id: string) => h.dataSource.getRepository(Person).findOneByOrFail({ person_id: id });
  /** Waits for the worker to record exactly one send, then a little longer to catch a second one. */
  async function theOneSend(personId: string, type: string) {
    await eventually(async () => (await eventsOf(personId, type)).length > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 750));
    const sends = await eventsOf(personId, type);
    expect(sends).toHaveLength(1);
    return sends[0];
  }

  it('creates a pending decision the review box can show', async () => {
    const { person, decision, event } = await leadWithDecision();
    expect(event.event_type).toBe('pending_review');
    expect(event.content_data).toEqual({
      original_decision: {
        decision_id: decision.decision_id,
        action_type: 'send_sms',
        channel: 'sms',
        message: smsDecision.message,
        subject: null,
        reasoning: smsDecision.reasoning,
      },
      resolved_at: null,
    });
    expect(event.event_metadata).toEqual({ ai_reasoning: smsDecision.reasoning });
    expect((await personRow(person.person_id)).pending_review_type).toBe('approval');
    expect((await decisionRow(decision.decision_id)).event_id).toBe(event.event_id);
  });

  it('approves: resolves the decision and sends the message once through the sandbox', async () => {
    const { person, decision, event } = await leadWithDecision();

    const response = await expectStatus(approve(staff, person.person_id), 200);
    expect(response.body).toEqual({
      status: 'approved',
      decision_id: decision.decision_id,
      scheduled_for: null,
    });

    const resolved = await decisionRow(decision.decision_id);
    expect(resolved).toMatchObject({
      status: 'approved',
      final_message: smsDecision.message,
      resolved_by: staff.identity.userId,
      resolved_by_name: 'Dana Reyes',
    });
    expect(resolved.resolved_at).toBeInstanceOf(Date);
    const review = await h.dataSource
      .getRepository(TimelineEvent)
      .findOneByOrFail({ event_id: event.event_id });
    expect(review.content_data.resolved_at).toBe(resolved.resolved_at!.toISOString());
    expect(review.content_data.original_decision).toMatchObject({ decision_id: decision.decision_id });
    expect((await personRow(person.person_id)).pending_review_type).toBeNull();

    const sent = await theOneSend(person.person_id, 'sms_sent');
    expect(sent.content_data).toMatchObject({
      message: smsDecision.message,
      channel: 'sms',
      action_type: 'send_sms',
      to_number: person.primary_phone,
      mock_execution: true,
    });
    expect(sent.event_metadata).toMatchObject({
      approved_by_name: 'Dana Reyes',
      source: 'ai_decision',
      decision_id: decision.decision_id,
      edited: false,
    });
    const ledger = await h.dataSource
      .getRepository(OutreachSend)
      .findOneByOrFail({ idempotency_key: `decision:${decision.decision_id}` });
    expect(ledger).toMatchObject({ status: 'sent', event_id: sent.event_id, channel: 'sms' });

    // Open consoles hear about the approval and about the send.
    const broadcasts = await h.outbox(person.person_id);
    expect(broadcasts.filter((b) => b.type === 'lead_updated').length).toBeGreaterThanOrEqual(2);
    // The send's announcement says the AI's decision wrote it (analytics counts it as an automated action).
    expect(
      broadcasts.some((b) => {
        const timeline = b.payload.timeline_event as { event_type?: string; source?: string } | undefined;
        return timeline?.event_type === 'sms_sent' && timeline.source === 'ai_decision';
      }),
    ).toBe(true);
  });

  it('moves a new lead to Attempting Contact with the first message', async () => {
    const { person } = await leadWithDecision(smsDecision, { stage: 'Lead' });
    await expectStatus(approve(staff, person.person_id), 200);
    await theOneSend(person.person_id, 'sms_sent');
    expect((await personRow(person.person_id)).stage).toBe('Attempting Contact');
  });

  it('answers a repeated approve with 409 and still sends only once', async () => {
    const { person } = await leadWithDecision();
    await expectStatus(approve(staff, person.person_id), 200);
    const again = await expectStatus(approve(staff, person.person_id), 409);
    expect(again.body).toEqual({ detail: 'No AI decision is waiting for review' });
    await theOneSend(person.person_id, 'sms_sent');
  });

  it('lets only one of two simultaneous approves through', async () => {
    const { person } = await leadWithDecision();
    const [first, second] = await Promise.all([
      approve(staff, person.person_id),
      approve(staff, person.person_id),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    await theOneSend(person.person_id, 'sms_sent');
  });

  it('edits: sends the correction instead, without remembering it', async () => {
    const { person, decision } = await leadWithDecision({
      action_type: 'email_initial',
      channel: 'email',
      subject: 'Your consultation at Glow Aesthetics',
      message: 'Dear Sofia, we would love to see you.',
      reasoning: 'Prefers email.',
    });

    const response = await expectStatus(
      edit(staff, person.person_id, {
        corrected_message:
          '  Hi Sofia, Dr. Lee has an opening on Thursday at 3 pm. Shall I hold it for you?  ',
      }),
      200,
    );
    expect(response.body).toEqual({
      status: 'edited',
      decision_id: decision.decision_id,
      scheduled_for: null,
    });

    const corrected = 'Hi Sofia, Dr. Lee has an opening on Thursday at 3 pm. Shall I hold it for you?';
    expect(await decisionRow(decision.decision_id)).toMatchObject({
      status: 'edited',
      final_message: corrected,
    });
    const sent = await theOneSend(person.person_id, 'email_sent');
    expect(sent.content_data).toMatchObject({
      message: corrected,
      subject: 'Your consultation at Glow Aesthetics',
      channel: 'email',
      to_email: person.primary_email,
      mock_execution: true,
    });
    expect(sent.event_metadata).toMatchObject({ approved_by_name: 'Dana Reyes', edited: true });
    expect(await h.dataSource.getRepository(Correction).countBy({ decision_id: decision.decision_id })).toBe(
      0,
    );
  });

  it('edits with remember_correction: keeps the correction for similar situations', async () => {
    const { person, decision } = await leadWithDecision();
    await expectStatus(
      edit(staff, person.person_id, {
        corrected_message: 'Hi Sofia! Thursday 3 pm is open for your consultation. Reply YES to book.',
        remember_correction: true,
      }),
      200,
    );

    const corrections = await h.dataSource
      .getRepository(Correction)
      .findBy({ decision_id: decision.decision_id });
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({
      practice_id: practice,
      person_id: person.person_id,
      action_type: 'send_sms',
      channel: 'sms',
      original_message: smsDecision.message,
      corrected_message: 'Hi Sofia! Thursday 3 pm is open for your consultation. Reply YES to book.',
      created_by: staff.identity.userId,
    });
    await theOneSend(person.person_id, 'sms_sent');
  });

  it('refuses a blank or missing correction with 422 and leaves the decision open', async () => {
    const { person, decision } = await leadWithDecision();
    for (const body of [{ corrected_message: '   ' }, {}, { corrected_message: '' }]) {
      const response = await expectStatus(edit(staff, person.person_id, body), 422);
      expect(response.body).toEqual({ detail: 'Please enter the corrected message' });
    }
    const tooLong = await expectStatus(
      edit(staff, person.person_id, { corrected_message: 'x'.repeat(5001) }),
      422,
    );
    expect(tooLong.body.detail).toBe('The corrected message is too long (5000 characters at most)');
    expect((await decisionRow(decision.decision_id)).status).toBe('pending');
    expect((await personRow(person.person_id)).pending_review_type).toBe('approval');
  });

  it("answers 404 for another practice's lead on approve and edit, and leaves its decision open", async () => {
    const { person, decision } = await leadWithDecision();
    expect((await expectStatus(approve(outsider, person.person_id), 404)).body).toEqual({
      detail: 'Person not found',
    });
    expect(
      (await expectStatus(edit(outsider, person.person_id, { corrected_message: 'Hello' }), 404)).body,
    ).toEqual({
      detail: 'Person not found',
    });
    await expectStatus(approve(staff, 'not-a-uuid'), 404);
    await expectStatus(approve(staff, randomUUID()), 404);
    expect((await decisionRow(decision.decision_id)).status).toBe('pending');
  });

  it('answers 401 without the identity the gateway adds', async () => {
    const { person } = await leadWithDecision();
    await h.http().post(`/api/v1/people/${person.person_id}/approve-decision`).expect(401);
  });

  it('refuses to approve an SMS for a lead without a phone, keeping the decision open', async () => {
    const { person, decision } = await leadWithDecision(smsDecision, { primary_phone: null });
    const response = await expectStatus(approve(staff, person.person_id), 422);
    expect(response.body).toEqual({ detail: 'This lead has no phone number' });
    expect((await decisionRow(decision.decision_id)).status).toBe('pending');
  });

  it('approves a call decision: the sandbox places it and records phone_call_sent with a call sid', async () => {
    const { person } = await leadWithDecision({
      action_type: 'schedule_call',
      channel: 'phone',
      message: 'Call to confirm her consultation time.',
      reasoning: 'High intent, prefers phone.',
    });
    await expectStatus(approve(staff, person.person_id), 200);
    const call = await theOneSend(person.person_id, 'phone_call_sent');
    expect(call.content_data).toMatchObject({
      channel: 'phone',
      to_number: person.primary_phone,
      mock_execution: true,
      call_sid: expect.stringMatching(/^CAsandbox/),
    });
  });
});
