import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Inbox } from '@pp/platform';
import { ReminderPlanner } from '../engine/reminder-planner';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import {
  appointmentContent,
  isApplicableAppointmentEvent,
  stageAfterAppointment,
} from './appointment-timeline';

/** The inbox name of this consumer: an event id is applied once. */
export const APPOINTMENTS_CONSUMER = 'people.appointments';

/** Puts the calendar's bookings, moves and cancellations on the lead's timeline and stage. */
@Injectable()
export class AppointmentsService {
  private readonly logger = new Logger(AppointmentsService.name);

  constructor(
    private readonly inbox: Inbox,
    private readonly activity: LeadActivity,
    @Optional() @Inject(ReminderPlanner) private readonly reminders: ReminderPlanner | null,
  ) {}

  /** Applies one calendar.appointments event; false when skipped (unknown, foreign or already applied). */
  async apply(event: unknown): Promise<boolean> {
    if (!isApplicableAppointmentEvent(event)) return false;
    return this.inbox.once(APPOINTMENTS_CONSUMER, event, async (manager) => {
      const person = await manager.findOne(Person, {
        // The practice comes from the event: a person of another practice is never touched.
        where: { person_id: event.appointment.person_id as string, practice_id: event.practice_id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!person) {
        this.logger.warn(`${event.type} ${event.event_id} names no lead of practice ${event.practice_id}`);
        return;
      }
      const stage = stageAfterAppointment(event.type, person.stage);
      if (stage !== person.stage) {
        person.stage = stage;
        await manager.update(Person, { person_id: person.person_id }, { stage });
      }
      await this.activity.append(
        manager,
        person,
        {
          event_type: event.type,
          timestamp: new Date(event.occurred_at),
          source_identifier: event.appointment.appointment_id,
          content_data: appointmentContent(event),
          event_metadata: {
            source: event.appointment.source,
            description: event.appointment.description,
            // The practice location: its clock writes the reminders' date and time.
            location_id: event.appointment.location_id,
          },
        },
        // A booking made elsewhere (a provider's calendar) is news to staff; one made here is not.
        { markUnseen: event.appointment.source !== 'practicepilot' },
      );
      // The AI's side (docs/product/ai-engine.md#appointment-reminders): sales outreach ends, reminders are planned
      // in this transaction, their jobs added after commit.
      await this.reminders?.onAppointment(manager, person, event);
    });
  }
}
