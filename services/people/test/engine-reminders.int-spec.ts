import { AppointmentEventV1 } from '@pp/contracts';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { AppointmentsService } from '../src/appointments/appointments.service';
import { PendingDecision } from '../src/decisions/pending-decision.entity';
import { ActionRunner, engineSendKey } from '../src/engine/action-runner';
import { EngineAction } from '../src/engine/engine-action.entity';
import { actionJobId } from '../src/engine/jobs/engine-jobs';
import { Person } from '../src/persons/person.entity';
import { EngineHarness, startEngine } from './engine-harness';
import { usPhone } from './factories/phones';

/** Monday June 1 2026, 10:00 CDT (the practice is in Chicago). */
const MONDAY = new Date('2026-06-01T15:00:00Z');
/** Thursday June 4 2026, 14:00 CDT. */
const THURSDAY_2PM = '2026-06-04T19:00:00.000Z';
/** Wednesday 14:00 CDT: the day before. */
const DAY_BEFORE = '2026-06-03T19:00:00.000Z';
/** Thursday 12:00 CDT: 2 hours before. */
const TWO_HOURS_BEFORE = '2026-06-04T17:00:00.000Z';

/** Chicago numbers: the federal calling hours, on the practice's own clock. */
const chicagoPhone = () => usPhone('773');

/**
 * Appointment reminders (docs/product/ai-engine.md#appointment-reminders): calendar.appointments, as people applies
 * it, ends the AI's sales outreach and plans, moves or ends the reminders; they go at their time, once.
 */
describe('appointment reminders (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;
  let runner: ActionRunner;
  let appointments: AppointmentsService;
  let fullAuto: { practice_id: string; location_id: string };

  beforeAll(async () => {
    h = await startEngine('engine-reminders');
    runner = h.service.app.get(ActionRunner);
    appointments = h.service.app.get(AppointmentsService);
    fullAuto = await h.practice({ automation_level: 'full_auto', timezone: 'America/Chicago' });
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
  });

  const appointmentEvent = (
    person: Person,
    type: AppointmentEventV1['type'],
    appointment: { id: string; start: string; location_id: string | null },
    previous: AppointmentEventV1['previous'] = null,
  ): AppointmentEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: person.practice_id,
    occurred_at: h.clock.now().toISOString(),
    type,
    appointment: {
      appointment_id: appointment.id,
      practice_id: person.practice_id,
      location_id: appointment.location_id,
      person_id: person.person_id,
      calendar_id: null,
      title: 'Botox consultation',
      description: null,
      location: 'Glow Med Spa, 12 Main St',
      start_time: appointment.start,
      end_time: new Date(new Date(appointment.start).getTime() + 30 * 60_000).toISOString(),
      status: type === 'appointment_cancelled' ? 'cancelled' : 'confirmed',
      source: 'practicepilot',
    },
    previous,
  });

  const scheduled = async (personId: string) =>
    (await h.actions(personId)).filter((a) => a.status === 'scheduled');
  const reminderOf = async (personId: string): Promise<EngineAction> => {
    const [only, ...more] = await scheduled(personId);
    expect(more).toHaveLength(0);
    expect(only).toMatchObject({ kind: 'reminder', status: 'scheduled' });
    return only;
  };
  const staffLead = (practiceId: string, overrides: Partial<Person> = {}) =>
    h.leads.person(practiceId, {
      first_name: 'Ana',
      primary_phone: chicagoPhone().e164,
      stage: 'Active Conversation',
      ...overrides,
    });

  it('a booking cancels the pending follow-up; both reminders go out once, at their time, by SMS', async () => {
    h.clock.at = MONDAY;
    const p = chicagoPhone();
    await h.submitForm(fullAuto.practice_id, {
      name: 'Sofia Marquez',
      phone: p.typed,
      message: 'How much is Botox?',
    });
    const lead = await h.leadByPhone(fullAuto.practice_id, p.e164);
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 1, 30_000);
    const followUp = await eventually(
      async () => (await scheduled(lead.person_id)).find((a) => a.kind === 'follow_up'),
      20_000,
    );

    const appointment = { id: randomUUID(), start: THURSDAY_2PM, location_id: fullAuto.location_id };
    expect(await appointments.apply(appointmentEvent(lead, 'appointment_scheduled', appointment))).toBe(true);

    // The follow-up is cancelled and never fires, even when its job runs.
    const ended = (await h.actions(lead.person_id)).find((a) => a.action_id === followUp.action_id);
    expect(ended).toMatchObject({ status: 'cancelled', outcome: { why: 'The lead booked an appointment' } });
    expect(await runner.run(followUp.action_id)).toBe('skipped');

    // The day-before reminder is the lead's next action, with the 2 h one after it on the plan.
    const first = await reminderOf(lead.person_id);
    expect(first).toMatchObject({ channel: 'sms', plan: { reminder: '24h' } });
    expect(first.due_at.toISOString()).toBe(DAY_BEFORE);
    let person = await h.person(lead.person_id);
    expect(person.stage).toBe('Scheduled');
    expect(person.next_scheduled_action?.toISOString()).toBe(DAY_BEFORE);
    expect(person.current_outreach_state?.scheduled_action).toMatchObject({
      action_id: first.action_id,
      kind: 'reminder',
    });
    const [planned] = (await h.events(lead.person_id, 'scheduled_action')).filter(
      (e) => e.content_data.action_type === 'reminder',
    );
    expect(planned.content_data.reminders).toEqual([
      { reminder: '24h', start_time: DAY_BEFORE },
      { reminder: '2h', start_time: TWO_HOURS_BEFORE },
    ]);

    // Wednesday 14:00: the delayed job runs and the reminder goes out.
    h.clock.at = new Date(DAY_BEFORE);
    const job = await eventually(async () => {
      const found = await h.queue.getJob(actionJobId(first.action_id));
      return found && (await found.isDelayed()) && found;
    }, 20_000);
    await job.promote();
    const sent = await eventually(async () => {
      const events = await h.events(lead.person_id, 'sms_sent');
      return events.length === 2 && events[1];
    }, 30_000);
    expect(String(sent.content_data.message)).toContain('Thursday, June 4 at 2:00 PM');
    expect(String(sent.content_data.message)).toContain('Glow Med Spa, 12 Main St');
    expect(String(sent.content_data.message)).not.toContain('$');
    expect(sent.event_metadata).toMatchObject({ idempotency_key: engineSendKey(first.action_id) });

    const second = await eventually(async () => {
      const next = (await scheduled(lead.person_id))[0];
      return next?.plan.reminder === '2h' && next;
    }, 10_000);
    expect(second.due_at.toISOString()).toBe(TWO_HOURS_BEFORE);
    person = await h.person(lead.person_id);
    expect(person.next_scheduled_action?.toISOString()).toBe(TWO_HOURS_BEFORE);
    // Run again (a duplicated job): nothing more.
    expect(await runner.run(first.action_id)).toBe('skipped');

    h.clock.at = new Date(TWO_HOURS_BEFORE);
    expect(await runner.run(second.action_id)).toBe('sent');
    await eventually(async () => (await h.events(lead.person_id, 'sms_sent')).length === 3, 30_000);
    expect(await runner.run(second.action_id)).toBe('skipped');
    // No follow-up after a reminder, nothing planned.
    expect(await scheduled(lead.person_id)).toHaveLength(0);
    person = await h.person(lead.person_id);
    expect(person.next_scheduled_action).toBeNull();
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(3);
  }, 120_000);

  it('a reschedule moves the reminders; a cancellation removes them', async () => {
    h.clock.at = MONDAY;
    const lead = await staffLead(fullAuto.practice_id);
    const appointment = { id: randomUUID(), start: THURSDAY_2PM, location_id: fullAuto.location_id };
    await appointments.apply(appointmentEvent(lead, 'appointment_scheduled', appointment));
    const before = await reminderOf(lead.person_id);

    // Moved to Friday 11:00 CDT.
    const friday = '2026-06-05T16:00:00.000Z';
    await appointments.apply(
      appointmentEvent(
        lead,
        'appointment_rescheduled',
        { ...appointment, start: friday },
        { start_time: THURSDAY_2PM, end_time: '2026-06-04T19:30:00.000Z' },
      ),
    );
    const old = (await h.actions(lead.person_id)).find((a) => a.action_id === before.action_id);
    expect(old).toMatchObject({ status: 'cancelled', outcome: { why: 'The appointment moved' } });
    const moved = await reminderOf(lead.person_id);
    expect(moved.due_at.toISOString()).toBe('2026-06-04T16:00:00.000Z'); // Thursday 11:00 CDT
    expect(moved.plan.appointment).toMatchObject({ appointment_id: appointment.id, start_time: friday });
    expect((await h.person(lead.person_id)).next_scheduled_action?.toISOString()).toBe(
      '2026-06-04T16:00:00.000Z',
    );
    expect(await runner.run(before.action_id)).toBe('skipped');

    await appointments.apply(
      appointmentEvent(lead, 'appointment_cancelled', { ...appointment, start: friday }),
    );
    expect(await scheduled(lead.person_id)).toHaveLength(0);
    const person = await h.person(lead.person_id);
    expect(person.next_scheduled_action).toBeNull();
    expect(person.stage).toBe('No Show / Cancelled');
    h.clock.at = moved.due_at;
    expect(await runner.run(moved.action_id)).toBe('skipped');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('a no-show ends the reminders of that appointment', async () => {
    h.clock.at = MONDAY;
    const lead = await staffLead(fullAuto.practice_id);
    const appointment = { id: randomUUID(), start: THURSDAY_2PM, location_id: fullAuto.location_id };
    await appointments.apply(appointmentEvent(lead, 'appointment_scheduled', appointment));
    await reminderOf(lead.person_id);
    await appointments.apply(appointmentEvent(lead, 'appointment_no_show', appointment));
    expect(await scheduled(lead.person_id)).toHaveLength(0);
    expect((await h.person(lead.person_id)).next_scheduled_action).toBeNull();
  }, 60_000);

  it('an opted-out lead and a lead under human control get no reminder; a lead with only an e-mail gets them by e-mail', async () => {
    h.clock.at = MONDAY;
    const book = async (lead: Person) =>
      appointments.apply(
        appointmentEvent(lead, 'appointment_scheduled', {
          id: randomUUID(),
          start: THURSDAY_2PM,
          location_id: fullAuto.location_id,
        }),
      );
    const optedOut = await staffLead(fullAuto.practice_id, {
      current_outreach_state: { control_mode: 'ai', opted_out: true },
    });
    const human = await staffLead(fullAuto.practice_id, {
      current_outreach_state: { control_mode: 'human', opted_out: false },
    });
    const emailOnly = await staffLead(fullAuto.practice_id, {
      primary_phone: null,
      primary_email: `ana.${randomUUID().slice(0, 8)}@mail.example`,
    });
    for (const lead of [optedOut, human, emailOnly]) expect(await book(lead)).toBe(true);

    for (const lead of [optedOut, human]) {
      expect((await h.actions(lead.person_id)).filter((a) => a.kind === 'reminder')).toHaveLength(0);
      expect((await h.person(lead.person_id)).next_scheduled_action).toBeNull();
    }
    const byEmail = await reminderOf(emailOnly.person_id);
    expect(byEmail.channel).toBe('email');
    h.clock.at = byEmail.due_at;
    expect(await runner.run(byEmail.action_id)).toBe('sent');
    const [email] = await eventually(async () => {
      const events = await h.events(emailOnly.person_id, 'email_sent');
      return events.length > 0 && events;
    }, 30_000);
    expect(email.content_data).toMatchObject({ subject: expect.stringContaining('Your appointment at') });
  }, 60_000);

  it('a booked lead who writes, whose outcome staff log, or who comes back from human control keeps its reminders', async () => {
    h.clock.at = MONDAY;
    const staff = await h.caller([fullAuto.practice_id], 'Dana Reyes').headers();
    const appointment = { id: randomUUID(), start: THURSDAY_2PM, location_id: fullAuto.location_id };

    const writer = await staffLead(fullAuto.practice_id);
    await appointments.apply(appointmentEvent(writer, 'appointment_scheduled', appointment));
    const before = await reminderOf(writer.person_id);
    const reply = await h
      .http()
      .post(`/api/v1/people/${writer.person_id}/simulate-reply`)
      .set(staff)
      .send({ channel: 'sms', message: 'Is there parking near the office?' });
    expect(reply.status).toBe(200);
    // The message ends the plan (as any new message does); the engine says nothing to a booked lead and the
    // reminders of its appointment go on, at the same time.
    const after = await eventually(async () => {
      const next = (await scheduled(writer.person_id))[0];
      return next && next.action_id !== before.action_id && next;
    }, 30_000);
    expect(after).toMatchObject({ kind: 'reminder', plan: { reminder: '24h' } });
    expect(after.due_at.toISOString()).toBe(DAY_BEFORE);

    // Staff log an outcome with a follow-up time: their time is the countdown, the reminders stay planned.
    const called = await h
      .http()
      .post(`/api/v1/people/${writer.person_id}/actions`)
      .set(staff)
      .send({ action: 'snooze', notes: 'Confirmed the visit by phone', follow_up_hours: 4 });
    expect({ status: called.status, body: called.body }).toMatchObject({ status: 200 });
    const kept = await reminderOf(writer.person_id);
    expect(kept.action_id).not.toBe(after.action_id);
    expect(kept.due_at.toISOString()).toBe(DAY_BEFORE);
    expect((await h.person(writer.person_id)).next_scheduled_action?.toISOString()).toBe(
      called.body.next_scheduled_action,
    );

    const held = await staffLead(fullAuto.practice_id, {
      current_outreach_state: { control_mode: 'human', opted_out: false },
    });
    await appointments.apply(
      appointmentEvent(held, 'appointment_scheduled', { ...appointment, id: randomUUID() }),
    );
    expect(await scheduled(held.person_id)).toHaveLength(0);
    const back = await h
      .http()
      .post(`/api/v1/people/${held.person_id}/actions`)
      .set(staff)
      .send({ action: 'switch_control_mode', control_mode: 'ai' });
    expect(back.status).toBe(200);
    const resumed = await eventually(async () => (await scheduled(held.person_id))[0], 30_000);
    expect(resumed).toMatchObject({ kind: 'reminder', plan: { reminder: '24h' } });
    expect((await h.person(held.person_id)).next_scheduled_action?.toISOString()).toBe(DAY_BEFORE);
  }, 90_000);

  it('with two appointments, reminds of the earlier one first; cancelling it moves the reminders to the other', async () => {
    h.clock.at = MONDAY;
    const lead = await staffLead(fullAuto.practice_id);
    const later = { id: randomUUID(), start: '2026-06-09T19:00:00.000Z', location_id: fullAuto.location_id };
    const sooner = { id: randomUUID(), start: THURSDAY_2PM, location_id: fullAuto.location_id };
    await appointments.apply(appointmentEvent(lead, 'appointment_scheduled', sooner));
    await appointments.apply(appointmentEvent(lead, 'appointment_scheduled', later));
    const first = await reminderOf(lead.person_id);
    expect(first.plan.appointment?.appointment_id).toBe(sooner.id);
    expect(first.due_at.toISOString()).toBe(DAY_BEFORE);

    await appointments.apply(appointmentEvent(lead, 'appointment_cancelled', sooner));
    const moved = await reminderOf(lead.person_id);
    expect(moved.plan.appointment).toMatchObject({
      appointment_id: later.id,
      location_id: fullAuto.location_id,
    });
    expect(moved.due_at.toISOString()).toBe('2026-06-08T19:00:00.000Z');
  }, 60_000);

  it('manual: a reminder waits in review (in the lead’s language), the next one stays planned behind it', async () => {
    h.clock.at = MONDAY;
    const manual = await h.practice({ automation_level: 'manual', timezone: 'America/Chicago' });
    const lead = await staffLead(manual.practice_id, { language: 'es' });
    await appointments.apply(
      appointmentEvent(lead, 'appointment_scheduled', {
        id: randomUUID(),
        start: THURSDAY_2PM,
        location_id: manual.location_id,
      }),
    );
    const first = await reminderOf(lead.person_id);

    h.clock.at = first.due_at;
    expect(await runner.run(first.action_id)).toBe('review');
    const decision = await h.dataSource
      .getRepository(PendingDecision)
      .findOneByOrFail({ person_id: lead.person_id, status: 'pending' });
    expect(decision).toMatchObject({ action_type: 'send_sms', channel: 'sms' });
    expect(decision.message).toContain('Le recordamos su cita (Botox consultation) el jueves, 4 de junio');
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);

    const person = await h.person(lead.person_id);
    expect(person.pending_review_type).toBe('approval');
    // The review box shows (no countdown over it); the 2 h reminder is still the lead's next action.
    expect(person.next_scheduled_action).toBeNull();
    const second = await reminderOf(lead.person_id);
    expect(second.plan.reminder).toBe('2h');
    expect(second.due_at.toISOString()).toBe(TWO_HOURS_BEFORE);
  }, 60_000);
});
