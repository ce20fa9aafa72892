import { LeadActionRequest } from '@pp/contracts';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { PendingDecision } from '../src/decisions/pending-decision.entity';
import { createPendingDecision } from '../src/decisions/review-items';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { Caller, PeopleHarness, startPeople } from './people-harness';

const HOUR = 3_600_000;

describe('lead actions: escalation outcomes and control mode (real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  const practice = randomUUID();
  let staff: Caller;
  let outsider: Caller;

  beforeAll(async () => {
    h = await startPeople('actions');
    staff = h.caller([practice], 'Dana Reyes');
    outsider = h.caller([randomUUID()], 'Olu Outsider');
  });
  afterAll(() => h.stop());

  const act = async (caller: Caller, personId: string, body: Partial<LeadActionRequest> | object) =>
    h
      .http()
      .post(`/api/v1/people/${personId}/actions`)
      .set(await caller.headers())
      .send(body);
  /** Posts the action and expects 200; returns the body and when it was asked. */
  async function logged(personId: string, body: Partial<LeadActionRequest>) {
    const before = Date.now();
    const response = await act(staff, personId, body);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    return { body: response.body, before, after: Date.now() };
  }
  async function refused(personId: string, body: object, status: number, detail: string) {
    const response = await act(staff, personId, body);
    expect({ status: response.status, body: response.body }).toEqual({ status, body: { detail } });
  }

  const timeline = (personId: string) =>
    h.dataSource
      .getRepository(TimelineEvent)
      .find({ where: { person_id: personId }, order: { timestamp: 'ASC', event_id: 'ASC' } });
  const personRow = (id: string) => h.dataSource.getRepository(Person).findOneByOrFail({ person_id: id });
  const expectAbout = (iso: string | null, from: number, to: number, hours: number) => {
    const at = new Date(iso as string).getTime();
    expect(at).toBeGreaterThanOrEqual(from + hours * HOUR - 5);
    expect(at).toBeLessThanOrEqual(to + hours * HOUR + 5);
  };

  /** An escalated lead as the AI leaves it: stage Escalated, pending_review_type escalate, an open ai_escalation. */
  async function escalatedLead(overrides: Partial<Person> = {}) {
    const person = await h.leads.person(practice, {
      stage: 'Escalated',
      pending_review_type: 'escalate',
      ...overrides,
    });
    const escalation = await h.leads.event(person, {
      event_type: 'ai_escalation',
      content_data: { reason: 'Asked about financing for a breast augmentation', priority: 'high' },
      event_metadata: { ai_reasoning: 'Financing questions need staff.' },
    });
    return { person, escalation };
  }

  it('logs a phone call: the call, a follow-up in 24 hours and the broadcast', async () => {
    const person = await h.leads.person(practice, { stage: 'Attempting Contact' });
    const { body, before, after } = await logged(person.person_id, {
      action: 'phone_call_sent',
      notes: 'Left a voicemail about Thursday',
    });

    expectAbout(body.next_scheduled_action, before, after, 24);
    expect(body.person).toMatchObject({
      person_id: person.person_id,
      next_scheduled_action: body.next_scheduled_action,
      current_outreach_state: { control_mode: 'ai' },
    });
    const stored = await personRow(person.person_id);
    expect(stored.next_scheduled_action?.toISOString()).toBe(body.next_scheduled_action);

    const events = await timeline(person.person_id);
    expect(events.map((e) => e.event_type)).toEqual(['phone_call_sent', 'scheduled_action']);
    expect(events[0].content_data).toEqual({ notes: 'Left a voicemail about Thursday', channel: 'phone' });
    expect(events[0].event_metadata).toEqual({ source: 'human_action', performed_by_name: 'Dana Reyes' });
    expect(events[1].content_data).toMatchObject({
      action_type: 'follow_up',
      start_time: body.next_scheduled_action,
    });
    expect(typeof events[1].content_data.reason).toBe('string');
    expect((await h.outbox(person.person_id)).map((b) => b.type)).toContain('lead_updated');
  });

  it('resolves an escalation: outcome logged, review cleared, Active Conversation, chosen control and hours', async () => {
    const { person, escalation } = await escalatedLead();
    const { body, before, after } = await logged(person.person_id, {
      action: 'snooze',
      notes: 'She will call back after payday',
      follow_up_hours: 72,
      control_mode: 'human',
    });

    expectAbout(body.next_scheduled_action, before, after, 72);
    expect(body.person).toMatchObject({
      stage: 'Active Conversation',
      pending_review_type: null,
      current_outreach_state: { control_mode: 'human' },
    });
    const resolved = await h.dataSource
      .getRepository(TimelineEvent)
      .findOneByOrFail({ event_id: escalation.event_id });
    expect(resolved.content_data).toMatchObject({
      reason: 'Asked about financing for a breast augmentation',
      priority: 'high',
      outcome_logged: true,
      resolved_at: expect.any(String),
    });
    const events = await timeline(person.person_id);
    expect(events.find((e) => e.event_type === 'action_executed')?.content_data).toEqual({
      action: 'snooze',
      notes: 'She will call back after payday',
    });
  });

  it('sends staff SMS through the outreach queue, once, with who wrote it', async () => {
    const { person } = await escalatedLead();
    const { body, before, after } = await logged(person.person_id, {
      action: 'sms_sent',
      message: 'Hi! We offer CareCredit financing. Want me to send the link?',
      follow_up_hours: 4,
    });
    expectAbout(body.next_scheduled_action, before, after, 4);
    expect(body.person.pending_review_type).toBeNull();

    await eventually(
      async () => (await timeline(person.person_id)).some((e) => e.event_type === 'sms_sent'),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sends = (await timeline(person.person_id)).filter((e) => e.event_type === 'sms_sent');
    expect(sends).toHaveLength(1);
    expect(sends[0].content_data).toMatchObject({
      message: 'Hi! We offer CareCredit financing. Want me to send the link?',
      channel: 'sms',
      to_number: person.primary_phone,
      mock_execution: true,
    });
    expect(sends[0].event_metadata).toMatchObject({
      source: 'human_action',
      performed_by_name: 'Dana Reyes',
    });
    const ledger = await h.dataSource.getRepository(OutreachSend).findBy({ person_id: person.person_id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'sent', event_id: sends[0].event_id });
    expect(ledger[0].idempotency_key).toMatch(/^action:[0-9a-f-]{36}$/);
  });

  it('sends a staff email with its subject', async () => {
    const person = await h.leads.person(practice, { stage: 'Active Conversation' });
    await logged(person.person_id, {
      action: 'email_sent',
      subject: 'Your rhinoplasty consultation',
      message: 'Dr. Patel can see you next Tuesday.',
    });
    await eventually(
      async () => (await timeline(person.person_id)).find((e) => e.event_type === 'email_sent'),
      10_000,
    ).then((sent) =>
      expect(sent.content_data).toMatchObject({
        subject: 'Your rhinoplasty consultation',
        message: 'Dr. Patel can see you next Tuesday.',
        to_email: person.primary_email,
        mock_execution: true,
      }),
    );
  });

  it('requires the SMS or email message, and the phone or email it goes to', async () => {
    const person = await h.leads.person(practice);
    await refused(person.person_id, { action: 'sms_sent' }, 422, 'Please enter the SMS message');
    await refused(
      person.person_id,
      { action: 'sms_sent', message: '   ' },
      422,
      'Please enter the SMS message',
    );
    await refused(
      person.person_id,
      { action: 'email_sent', subject: 'Hi' },
      422,
      'Please enter the email message',
    );
    const noPhone = await h.leads.person(practice, { primary_phone: null });
    await refused(noPhone.person_id, { action: 'phone_call_sent' }, 422, 'This lead has no phone number');
    await refused(
      noPhone.person_id,
      { action: 'sms_sent', message: 'Hi' },
      422,
      'This lead has no phone number',
    );
    const noEmail = await h.leads.person(practice, { primary_email: null });
    await refused(
      noEmail.person_id,
      { action: 'email_sent', message: 'Hi' },
      422,
      'This lead has no email address',
    );
    // Nothing was changed or queued by a refused action.
    for (const lead of [person, noPhone, noEmail]) {
      expect(await timeline(lead.person_id)).toEqual([]);
      expect((await personRow(lead.person_id)).next_scheduled_action).toBeNull();
    }
    expect(await h.dataSource.getRepository(OutreachSend).countBy({ person_id: person.person_id })).toBe(0);
  });

  it('logs a scheduled patient and moves the lead to Scheduled', async () => {
    const { person } = await escalatedLead();
    const { body } = await logged(person.person_id, {
      action: 'patient_scheduled',
      notes: 'Consultation booked for Thursday 10:00',
    });
    expect(body.person).toMatchObject({ stage: 'Scheduled', pending_review_type: null });
    const executed = (await timeline(person.person_id)).find((e) => e.event_type === 'action_executed');
    expect(executed?.content_data).toEqual({
      action: 'patient_scheduled',
      notes: 'Consultation booked for Thursday 10:00',
    });
  });

  it('stops everything for a lead who wants removal, including an AI message awaiting approval', async () => {
    const person = await h.leads.person(practice, {
      stage: 'Active Conversation',
      next_scheduled_action: new Date(Date.now() + 2 * HOUR),
    });
    const { decision } = await h.dataSource.transaction((manager) =>
      createPendingDecision(manager, person, {
        action_type: 'send_sms',
        channel: 'sms',
        message: 'Just checking in!',
        reasoning: 'No reply in 3 days.',
      }),
    );

    const { body } = await logged(person.person_id, {
      action: 'patient_wants_removal',
      notes: 'Asked us to stop texting',
      follow_up_hours: 24,
      control_mode: 'ai',
    });
    expect(body.next_scheduled_action).toBeNull();
    expect(body.person).toMatchObject({
      stage: 'Closed - Lost',
      next_scheduled_action: null,
      pending_review_type: null,
      current_outreach_state: { control_mode: 'human', opted_out: true },
    });
    const events = await timeline(person.person_id);
    expect(events.find((e) => e.event_type === 'outreach_stopped')?.content_data).toEqual({
      reason: 'patient_wants_removal',
      notes: 'Asked us to stop texting',
    });
    expect(events.some((e) => e.event_type === 'scheduled_action')).toBe(false);
    expect(
      await h.dataSource
        .getRepository(PendingDecision)
        .findOneByOrFail({ decision_id: decision.decision_id }),
    ).toMatchObject({ status: 'dismissed', resolved_by_name: 'Dana Reyes' });
    const approve = await h
      .http()
      .post(`/api/v1/people/${person.person_id}/approve-decision`)
      .set(await staff.headers());
    expect(approve.status).toBe(409);
    // Nothing more goes out to a lead who asked to be removed, even when staff try.
    const text = await h
      .http()
      .post(`/api/v1/people/${person.person_id}/actions`)
      .set(await staff.headers())
      .send({ action: 'sms_sent', message: 'One more thing!' });
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ detail: 'This lead asked not to be contacted' });
    expect((await timeline(person.person_id)).filter((e) => e.event_type === 'sms_sent')).toHaveLength(0);
  });

  it('switches back to AI: within the hour when nothing is planned, the escalation left alone', async () => {
    const { person, escalation } = await escalatedLead({
      current_outreach_state: { control_mode: 'human' },
      next_scheduled_action: new Date(Date.now() - HOUR),
    });
    const { body, before, after } = await logged(person.person_id, {
      action: 'switch_control_mode',
      control_mode: 'ai',
      notes: 'Switched back to AI control',
    });
    expectAbout(body.next_scheduled_action, before, after, 1);
    expect(body.person).toMatchObject({
      current_outreach_state: { control_mode: 'ai' },
      stage: 'Escalated',
      pending_review_type: 'escalate',
    });
    const events = await timeline(person.person_id);
    expect(events.find((e) => e.event_type === 'action_executed')?.content_data).toEqual({
      action: 'switch_control_mode',
      control_mode: 'ai',
      notes: 'Switched back to AI control',
    });
    expect(
      (await h.dataSource.getRepository(TimelineEvent).findOneByOrFail({ event_id: escalation.event_id }))
        .content_data.outcome_logged,
    ).toBeUndefined();
  });

  it('keeps a planned next action when switching without follow-up hours', async () => {
    const planned = new Date(Date.now() + 5 * HOUR);
    const person = await h.leads.person(practice, {
      current_outreach_state: { control_mode: 'human' },
      next_scheduled_action: planned,
    });
    const { body } = await logged(person.person_id, { action: 'switch_control_mode', control_mode: 'ai' });
    expect(body.next_scheduled_action).toBe(planned.toISOString());
  });

  it('validates the request with the exact messages', async () => {
    const person = await h.leads.person(practice);
    await refused(
      person.person_id,
      { action: 'send_fax' },
      422,
      'action must be one of: phone_call_sent, sms_sent, email_sent, patient_scheduled, patient_wants_removal, snooze, switch_control_mode',
    );
    await refused(
      person.person_id,
      { action: 'snooze', follow_up_hours: 5 },
      422,
      'follow_up_hours must be one of 1, 4, 24, 48, 72, 168',
    );
    await refused(
      person.person_id,
      { action: 'snooze', control_mode: 'robot' },
      422,
      "control_mode must be 'ai' or 'human'",
    );
    await refused(
      person.person_id,
      { action: 'switch_control_mode' },
      422,
      'Please choose who handles the follow-up (control_mode ai or human)',
    );
  });

  it("answers 404 for another practice's lead and changes nothing", async () => {
    const person = await h.leads.person(practice);
    const response = await act(outsider, person.person_id, { action: 'snooze' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
    expect(await timeline(person.person_id)).toEqual([]);
    expect((await act(staff, 'not-a-uuid', { action: 'snooze' })).status).toBe(404);
  });
});
