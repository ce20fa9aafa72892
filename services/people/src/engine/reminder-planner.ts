import { Injectable } from '@nestjs/common';
import type { AppointmentEventV1 } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { ActionScheduler } from './action-scheduler';
import { Clock } from './clock';
import { readConsentFacts } from './consent-store';
import { reachable } from './decision-rules';
import { EngineAction, ReminderAppointmentPlan } from './engine-action.entity';
import { currentActionId, endScheduledActions, leadFacts } from './engine-store';
import { contactClock } from './contact-clock';
import { EngineLocation, EnginePractice, leadLocation, PracticeSettings } from './practice-settings';
import { PlannedReminder, reminderName, reminderSchedule, ReminderLabel } from './reminder-rules';
import { ContactChannel, leadWallClock } from './timing-rules';

/** The zone of a practice without a known location (as the analyzer's default). */
const DEFAULT_TIMEZONE = 'America/New_York';

/** The appointment of a calendar.appointments event, as a reminder keeps it. */
export function appointmentPlan(event: AppointmentEventV1): ReminderAppointmentPlan {
  const { appointment } = event;
  return {
    appointment_id: appointment.appointment_id,
    start_time: new Date(appointment.start_time).toISOString(),
    title: appointment.title?.trim() || null,
    place: appointment.location?.trim() || null,
    location_id: appointment.location_id ?? null,
  };
}

/**
 * Appointment reminders (docs/product/ai-engine.md#appointment-reminders, docs/decisions/0023-appointment-reminders.md):
 * a booking ends the AI's sales outreach and plans the reminders (the day before, 2 hours before), a move plans
 * them again, a cancellation or a no-show ends them. The engine keeps one action per lead, so the reminders are
 * a chain: the next one is planned when the one before it is carried out (sent or put up for review), and the
 * rule (reminder-rules.ts) is computed again each time from the appointment kept in the action's plan.
 */
@Injectable()
export class ReminderPlanner {
  constructor(
    private readonly scheduler: ActionScheduler,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
  ) {}

  /** In the transaction that applied the event, the lead locked (AppointmentsService.apply). */
  async onAppointment(manager: EntityManager, person: Person, event: AppointmentEventV1): Promise<void> {
    if (event.type === 'appointment_scheduled' || event.type === 'appointment_rescheduled') {
      // Whatever the AI planned (a first contact, a follow-up, the old time's reminders) is moot now.
      await endScheduledActions(
        manager,
        person,
        'cancelled',
        event.type === 'appointment_scheduled' ? 'The lead booked an appointment' : 'The appointment moved',
      );
      await this.plan(manager, person, appointmentPlan(event));
      return;
    }
    if (event.type === 'appointment_cancelled' || event.type === 'appointment_no_show') {
      const current = await this.currentReminder(manager, person);
      if (current?.plan.appointment?.appointment_id !== event.appointment.appointment_id) return;
      await endScheduledActions(
        manager,
        person,
        'cancelled',
        event.type === 'appointment_cancelled' ? 'The appointment was cancelled' : 'The lead did not show up',
      );
      // Another appointment still booked keeps its reminders.
      await this.resume(manager, person);
    }
  }

  /**
   * Plans the next reminder of an appointment that is still to come (after `after`, the one just carried out),
   * unless the lead opted out, is under human control or cannot be reached on a channel it agreed to. Returns the
   * action, or null when no reminder is due.
   */
  async plan(
    manager: EntityManager,
    person: Person,
    appointment: ReminderAppointmentPlan,
    options: { after?: ReminderLabel; hideCountdown?: boolean } = {},
  ): Promise<EngineAction | null> {
    const lead = leadFacts(person);
    if (lead.opted_out || lead.control_mode === 'human') return null;
    const practice = await this.settings.practice(person.practice_id, manager);
    const location = practice ? leadLocation(practice, appointment.location_id) : null;
    const channel = await this.channel(manager, person, practice);
    if (!channel) return null;
    const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
    // The lead's clock (its number's, else the location's), as lead-analyzer's leadClock reads it.
    const clock = await contactClock(person.primary_phone, {
      timezone: timeZone,
      address: location?.address ?? null,
    });
    const done = await this.sentReminders(manager, person.person_id, appointment);
    const labels = ['24h', '2h'];
    const upcoming = reminderSchedule({
      channel,
      start: new Date(appointment.start_time),
      now: this.clock.now(),
      timeZone,
      clock,
    }).filter(
      (r) =>
        !done.includes(r.label) &&
        (!options.after || labels.indexOf(r.label) > labels.indexOf(options.after)),
    );
    const next = upcoming[0];
    if (!next) return null;
    return this.scheduler.schedule(
      manager,
      person,
      {
        kind: 'reminder',
        channel,
        due_at: next.due_at,
        reason: reminderReason(next, channel, clock),
        follow_up_number: null,
      },
      {
        trigger_event_id: null,
        plan: {
          appointment,
          reminder: next.label,
          language: person.language === 'es' ? 'es' : 'en',
          location_id: location?.location_id ?? null,
        },
        hideCountdown: options.hideCountdown,
        event: {
          content: {
            appointment_id: appointment.appointment_id,
            appointment_start_time: appointment.start_time,
            reminders: upcoming.map((r) => ({ reminder: r.label, start_time: r.due_at.toISOString() })),
          },
        },
      },
    );
  }

  /**
   * The engine looked at a booked lead and planned nothing (its message ended the plan, it came back from human
   * control), or one of its appointments was cancelled: the reminders of its next appointment still booked (read
   * from the timeline) go on, unless an action is planned already.
   */
  async resume(manager: EntityManager, person: Person): Promise<void> {
    if (currentActionId(person)) return;
    const appointment = await this.nextBooked(manager, person.person_id);
    if (appointment) await this.plan(manager, person, appointment);
  }

  /**
   * The channel of a reminder: SMS when the practice can text, the lead has a number and agreed to texts, else
   * e-mail likewise; null when neither.
   */
  async channel(
    manager: EntityManager,
    person: Person,
    practice: EnginePractice | null,
  ): Promise<ContactChannel | null> {
    const lead = { ...leadFacts(person), consent: await readConsentFacts(manager, person.person_id) };
    const enabled = practice?.channels ?? { sms: true, email: true, phone: true };
    return (['sms', 'email'] as const).find((c) => reachable(c, lead, enabled)) ?? null;
  }

  /** The location whose clock writes the appointment's date and time. */
  location(practice: EnginePractice | null, appointment: ReminderAppointmentPlan): EngineLocation | null {
    return practice ? leadLocation(practice, appointment.location_id) : null;
  }

  private async currentReminder(manager: EntityManager, person: Person): Promise<EngineAction | null> {
    const id = currentActionId(person);
    if (!id) return null;
    const action = await manager.findOneBy(EngineAction, { action_id: id });
    return action?.kind === 'reminder' ? action : null;
  }

  /** Reminders of this appointment at this time already carried out: never twice. */
  private async sentReminders(
    manager: EntityManager,
    personId: string,
    appointment: ReminderAppointmentPlan,
  ): Promise<string[]> {
    const rows: { reminder: string }[] = await manager.query(
      `SELECT DISTINCT "plan"->>'reminder' AS "reminder" FROM "people"."engine_actions"
       WHERE "person_id" = $1 AND "kind" = 'reminder' AND "status" = 'done'
         AND "plan"->'appointment'->>'appointment_id' = $2 AND "plan"->'appointment'->>'start_time' = $3`,
      [personId, appointment.appointment_id, appointment.start_time],
    );
    return rows.map((r) => r.reminder);
  }

  /**
   * The lead's next appointment still booked: of each appointment on its timeline the newest event, a booking or a
   * move, starting after now; the earliest. Its location is the one its reminders were planned for, if any.
   */
  private async nextBooked(
    manager: EntityManager,
    personId: string,
  ): Promise<ReminderAppointmentPlan | null> {
    const rows: { appointment_id: string; event_type: string; content_data: Record<string, unknown> }[] =
      await manager.query(
        `SELECT DISTINCT ON ("source_identifier") "source_identifier" AS "appointment_id", "event_type", "content_data"
         FROM "people"."events"
         WHERE "person_id" = $1 AND "source_identifier" IS NOT NULL
           AND "event_type" IN ('appointment_scheduled', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_no_show')
         ORDER BY "source_identifier", "timestamp" DESC, "event_id" DESC`,
        [personId],
      );
    const now = this.clock.now().getTime();
    const [next] = rows
      .filter((r) => r.event_type === 'appointment_scheduled' || r.event_type === 'appointment_rescheduled')
      .map((r) => ({ row: r, start: new Date(String(r.content_data.start_time ?? '')) }))
      .filter(({ start }) => !Number.isNaN(start.getTime()) && start.getTime() > now)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    if (!next) return null;
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const earlier = await manager
      .getRepository(EngineAction)
      .createQueryBuilder('a')
      .where(`a.person_id = :personId AND a.kind = 'reminder'`, { personId })
      .andWhere(`a.plan->'appointment'->>'appointment_id' = :id`, { id: next.row.appointment_id })
      .orderBy('a.created_at', 'DESC')
      .getOne();
    return {
      appointment_id: next.row.appointment_id,
      start_time: next.start.toISOString(),
      title: text(next.row.content_data.title),
      place: text(next.row.content_data.location),
      location_id: earlier?.plan.appointment?.location_id ?? null,
    };
  }
}

/** What staff read on the plan: which reminder, how, and where it moved for the calling hours. */
function reminderReason(
  reminder: PlannedReminder,
  channel: ContactChannel,
  clock: Parameters<typeof leadWallClock>[1],
) {
  const how = channel === 'sms' ? 'by SMS' : 'by email';
  const moved =
    reminder.due_at.getTime() !== reminder.target.getTime()
      ? `, at ${leadWallClock(reminder.due_at, clock)} instead of ${leadWallClock(reminder.target, clock)} the lead's time (texts only inside its calling hours)`
      : '';
  return `${reminderName(reminder.label)} the appointment ${how}${moved}`;
}
