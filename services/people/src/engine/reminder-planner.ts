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
import { PlannedReminder, reminderName, reminderSchedule } from './reminder-rules';
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
      // The lead's next appointment still booked is reminded of first: this one, or an earlier one.
      await this.resume(manager, person, { hint: appointmentPlan(event) });
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
      await this.resume(manager, person, { exclude: event.appointment.appointment_id });
    }
  }

  /**
   * Plans the next reminder of an appointment still to come (one not carried out yet), unless the lead opted out,
   * is under human control or cannot be reached on a channel it agreed to. Returns the action, or null when no
   * reminder is due.
   */
  async plan(
    manager: EntityManager,
    person: Person,
    appointment: ReminderAppointmentPlan,
    options: { hideCountdown?: boolean } = {},
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
    const upcoming = reminderSchedule({
      channel,
      start: new Date(appointment.start_time),
      now: this.clock.now(),
      timeZone,
      clock,
    }).filter((r) => !done.includes(r.label));
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
   * Plans the next reminder of the lead's appointments still booked (read from the timeline), the earliest
   * appointment first, unless an action is planned already: after a booking or a move (`hint`: the event's
   * appointment, with its location), after a reminder was carried out (the chain), after a cancellation of the
   * appointment reminded of, and when the engine looked at a booked lead and planned nothing (its message ended the
   * plan, it came back from human control).
   */
  async resume(
    manager: EntityManager,
    person: Person,
    options: { hint?: ReminderAppointmentPlan; hideCountdown?: boolean; exclude?: string } = {},
  ): Promise<EngineAction | null> {
    if (currentActionId(person)) return null;
    const exclude = options.exclude ? [options.exclude] : [];
    for (const booked of await this.booked(manager, person.person_id, exclude)) {
      const appointment = booked.appointment_id === options.hint?.appointment_id ? options.hint : booked;
      const planned = await this.plan(manager, person, appointment, { hideCountdown: options.hideCountdown });
      if (planned) return planned;
    }
    return null;
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
   * The lead's appointments still booked, earliest first: of each appointment on its timeline the newest event is
   * a booking or a move, starting after now (`exclude`: appointments just cancelled).
   */
  private async booked(
    manager: EntityManager,
    personId: string,
    exclude: string[],
  ): Promise<ReminderAppointmentPlan[]> {
    // Of events at the same time, a cancellation or a no-show is the newest, then a move.
    const rows: {
      appointment_id: string;
      event_type: string;
      content_data: Record<string, unknown>;
      location_id: string | null;
    }[] = await manager.query(
      `SELECT DISTINCT ON ("source_identifier") "source_identifier" AS "appointment_id", "event_type",
              "content_data", "event_metadata"->>'location_id' AS "location_id"
       FROM "people"."events"
       WHERE "person_id" = $1 AND "source_identifier" IS NOT NULL
         AND "event_type" IN ('appointment_scheduled', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_no_show')
         AND "source_identifier" <> ALL($2::text[])
       ORDER BY "source_identifier", "timestamp" DESC,
         CASE "event_type" WHEN 'appointment_scheduled' THEN 2 WHEN 'appointment_rescheduled' THEN 1 ELSE 0 END`,
      [personId, exclude],
    );
    const now = this.clock.now().getTime();
    const upcoming = rows
      .filter((r) => r.event_type === 'appointment_scheduled' || r.event_type === 'appointment_rescheduled')
      .map((r) => ({ row: r, start: new Date(String(r.content_data.start_time ?? '')) }))
      .filter(({ start }) => !Number.isNaN(start.getTime()) && start.getTime() > now)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return upcoming.map(({ row, start }) => ({
      appointment_id: row.appointment_id,
      start_time: start.toISOString(),
      title: text(row.content_data.title),
      place: text(row.content_data.location),
      location_id: text(row.location_id),
    }));
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
