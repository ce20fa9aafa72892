import { Injectable } from '@nestjs/common';
import { AppointmentEventV1, Topics } from '@pp/contracts';
import { assertPracticeAccess, Identity, Outbox, PracticeReadModel } from '@pp/platform';
import { DataSource } from 'typeorm';
import { checkAppointmentTimes } from './appointment-rules';
import { leadColumns, toAppointmentSnapshot } from './appointment-view';
import { Appointment } from './appointment.entity';
import { AppointmentException, AppointmentExceptionCode, AppointmentMessages } from './appointment.exception';
import { AppointmentTargetQuery } from './dto/appointment-query.dto';
import { CreateAppointmentDto } from './dto/create-appointment.dto';
import { PeopleClient } from './people.client';

@Injectable()
export class AppointmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly people: PeopleClient,
    private readonly practices: PracticeReadModel,
  ) {}

  /**
   * Books a 30-minute appointment for a lead of the practice and, in the same transaction, announces
   * `appointment_scheduled` on calendar.appointments (people moves the lead to Scheduled from it).
   */
  async create(
    identity: Identity,
    identityToken: string,
    target: AppointmentTargetQuery,
    dto: CreateAppointmentDto,
  ): Promise<Appointment> {
    const practiceId = assertPracticeAccess(identity, target.practice_id);
    // Every id a booking references must be the practice's own: a location of another practice, or one
    // calendar has never heard of (practice.changes), is not found.
    if (target.location_id && !(await this.practices.location(practiceId, target.location_id))) {
      throw new AppointmentException(
        AppointmentExceptionCode.LocationNotFound,
        AppointmentMessages.locationNotFound,
      );
    }
    const times = checkAppointmentTimes(dto.start_time, dto.end_time, new Date());
    if ('problem' in times)
      throw new AppointmentException(AppointmentExceptionCode.InvalidTimes, times.problem);
    const lead = await this.people.findLead(dto.person_id, identityToken);
    // A lead of another of the caller's practices must not be booked into this one.
    if (!lead || lead.practice_id !== practiceId) {
      throw new AppointmentException(
        AppointmentExceptionCode.PersonNotFound,
        AppointmentMessages.personNotFound,
      );
    }

    return this.dataSource.transaction(async (manager) => {
      const appointment = await manager.save(
        manager.create(Appointment, {
          practice_id: practiceId,
          location_id: target.location_id ?? null,
          calendar_id: dto.calendar_id?.trim() || null,
          person_id: lead.person_id,
          title: dto.title,
          description: dto.description?.trim() || null,
          location: dto.location?.trim() || null,
          start_time: times.start,
          end_time: times.end,
          status: 'confirmed',
          is_editable: true,
          source: 'practicepilot',
          created_by: identity.userId,
          ...leadColumns(lead),
        }),
      );
      await this.outbox.add<AppointmentEventV1>(manager, Topics.calendarAppointments, {
        type: 'appointment_scheduled',
        practice_id: practiceId,
        appointment: toAppointmentSnapshot(appointment),
        previous: null,
      });
      return appointment;
    });
  }
}
