import { Injectable } from '@nestjs/common';
import { AppointmentDto, AppointmentEventV1, RescheduleAppointmentResponse, Topics } from '@pp/contracts';
import {
  assertPracticeAccess,
  Identity,
  KnownLocation,
  Outbox,
  parseIsoDateTime,
  PracticeReadModel,
  DEFAULT_PRACTICE_TIMEZONE,
} from '@pp/platform';
import { Brackets, DataSource, EntityManager } from 'typeorm';
import { checkAppointmentTimes, PAST_GRACE_MS } from './appointment-rules';
import { AppointmentPlace, leadColumns, toAppointmentDto, toAppointmentSnapshot } from './appointment-view';
import { CalendarMessages, checkDateRange, clockText, timeText, withinBusinessHours } from './calendar-rules';
import { Appointment } from './appointment.entity';
import { AppointmentException, AppointmentExceptionCode, AppointmentMessages } from './appointment.exception';
import { AppointmentTargetQuery } from './dto/appointment-query.dto';
import { CreateAppointmentDto } from './dto/create-appointment.dto';
import { ListAppointmentsQuery } from './dto/list-appointments.dto';
import { RescheduleAppointmentDto } from './dto/reschedule-appointment.dto';
import { PeopleClient } from './people.client';
import { CalendarSyncQueue } from '../sync/sync-queue';

@Injectable()
export class AppointmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly people: PeopleClient,
    private readonly practices: PracticeReadModel,
    private readonly sync: CalendarSyncQueue,
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

    const places = await this.places(practiceId);
    const booked = await this.dataSource.transaction(async (manager) => {
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
        appointment: toAppointmentSnapshot(appointment, places.of(appointment)),
        previous: null,
      });
      return appointment;
    });
    // After commit: its practice's GoHighLevel calendar gets it (docs/decisions/0022-ghl-calendar-sync.md).
    await this.sync.appointmentChanged(booked.appointment_id);
    return booked;
  }

  /**
   * The practice's appointments that overlap the inclusive days start_date..end_date on the practice's clock
   * (its primary location's zone), each with its times on its location's clock.
   */
  async list(identity: Identity, query: ListAppointmentsQuery): Promise<AppointmentDto[]> {
    const practiceId = assertPracticeAccess(identity, query.practice_id);
    const places = await this.places(practiceId);
    const range = checkDateRange(query.start_date, query.end_date, places.practiceZone);
    if ('problem' in range)
      throw new AppointmentException(AppointmentExceptionCode.InvalidRange, range.problem);
    const appointments = await this.dataSource
      .getRepository(Appointment)
      .createQueryBuilder('appointment')
      .where('appointment.practice_id = :practiceId', { practiceId })
      .andWhere('appointment.start_time < :to AND appointment.end_time > :from', range)
      .orderBy('appointment.start_time', 'ASC')
      .addOrderBy('appointment.appointment_id', 'ASC')
      .getMany();
    return appointments.map((appointment) => toAppointmentDto(appointment, places.of(appointment)));
  }

  /**
   * Moves an editable appointment to a new start, keeping its length (docs/product/calendar.md#rescheduling):
   * refused for external or cancelled appointments, a start in the past, an overlap with another appointment at
   * the same location, and (unless confirmed) a time outside the location's business hours. In the same
   * transaction, `appointment_rescheduled` goes to the outbox with the previous times.
   */
  async reschedule(
    identity: Identity,
    practiceIdText: string,
    appointmentId: string,
    dto: RescheduleAppointmentDto,
  ): Promise<RescheduleAppointmentResponse> {
    const practiceId = assertPracticeAccess(identity, practiceIdText);
    if (!UUID.test(appointmentId)) throw notFound();
    const places = await this.places(practiceId);
    const newStart = parseIsoDateTime(dto.new_start_time);
    if (!newStart) {
      throw new AppointmentException(AppointmentExceptionCode.InvalidMove, CalendarMessages.invalidStart);
    }
    const moved = await this.dataSource.transaction(async (manager) => {
      const appointment = await manager.findOne(Appointment, {
        where: { appointment_id: appointmentId, practice_id: practiceId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!appointment) throw notFound();
      if (!appointment.is_editable) {
        throw new AppointmentException(AppointmentExceptionCode.NotMovable, CalendarMessages.readOnly);
      }
      if (appointment.status === 'cancelled') {
        throw new AppointmentException(AppointmentExceptionCode.NotMovable, CalendarMessages.cancelled);
      }
      const previous = { start: appointment.start_time, end: appointment.end_time };
      const newEnd = new Date(newStart.getTime() + (previous.end.getTime() - previous.start.getTime()));
      const place = places.of(appointment);
      if (newStart.getTime() === previous.start.getTime()) {
        return { success: true, appointment: toAppointmentDto(appointment, place) };
      }
      if (newStart.getTime() < Date.now() - PAST_GRACE_MS) {
        throw new AppointmentException(AppointmentExceptionCode.InvalidMove, CalendarMessages.past);
      }
      const hours = appointment.location_id
        ? await this.practices.businessHours(practiceId, appointment.location_id)
        : (places.primary?.business_hours ?? null);
      if (dto.confirm_outside_hours !== true && !withinBusinessHours(newStart, newEnd, place.tz, hours)) {
        throw new AppointmentException(AppointmentExceptionCode.InvalidMove, CalendarMessages.outsideHours);
      }
      const clash = await this.overlapping(manager, appointment, newStart, newEnd);
      if (clash) {
        throw new AppointmentException(
          AppointmentExceptionCode.Overlap,
          CalendarMessages.overlap(clockText(clash.start_time, place.tz), timeText(clash.end_time, place.tz)),
        );
      }
      appointment.start_time = newStart;
      appointment.end_time = newEnd;
      const saved = await manager.save(appointment);
      await this.outbox.add<AppointmentEventV1>(manager, Topics.calendarAppointments, {
        type: 'appointment_rescheduled',
        practice_id: practiceId,
        appointment: toAppointmentSnapshot(saved, place),
        previous: { start_time: previous.start.toISOString(), end_time: previous.end.toISOString() },
      });
      return { success: true, appointment: toAppointmentDto(saved, place) };
    });
    await this.sync.appointmentChanged(appointmentId);
    return moved;
  }

  /**
   * Another non-cancelled appointment at the same location (or, without one, of the practice without a
   * location) that overlaps start..end. Moves at one location are serialised by a transaction lock, so two
   * concurrent moves cannot both take the same slot.
   */
  private async overlapping(
    manager: EntityManager,
    appointment: Appointment,
    start: Date,
    end: Date,
  ): Promise<Appointment | null> {
    const scope = appointment.location_id ?? `practice:${appointment.practice_id}`;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`calendar.slot:${scope}`]);
    return manager
      .createQueryBuilder(Appointment, 'other')
      .where('other.practice_id = :practiceId', { practiceId: appointment.practice_id })
      .andWhere('other.appointment_id <> :id', { id: appointment.appointment_id })
      .andWhere("other.status <> 'cancelled'")
      .andWhere(
        new Brackets((where) =>
          appointment.location_id
            ? where.where('other.location_id = :locationId', { locationId: appointment.location_id })
            : where.where('other.location_id IS NULL'),
        ),
      )
      .andWhere('other.start_time < :end AND other.end_time > :start', { start, end })
      .orderBy('other.start_time', 'ASC')
      .getOne();
  }

  /** The practice's zone and locations, to read each appointment's times on its location's clock. */
  private async places(practiceId: string): Promise<{
    practiceZone: string;
    primary: KnownLocation | undefined;
    of: (appointment: Appointment) => AppointmentPlace;
  }> {
    const locations = await this.practices.locations(practiceId);
    const primary = locations[0];
    const practiceZone = primary?.timezone ?? DEFAULT_PRACTICE_TIMEZONE;
    const byId = new Map(locations.map((location) => [location.location_id, location]));
    return {
      practiceZone,
      primary,
      of: (appointment) => {
        const location = appointment.location_id ? byId.get(appointment.location_id) : undefined;
        return { tz: location?.timezone ?? practiceZone, location_name: location?.name ?? null };
      },
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): AppointmentException {
  return new AppointmentException(AppointmentExceptionCode.NotFound, CalendarMessages.appointmentNotFound);
}
