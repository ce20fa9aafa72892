import { PeopleApiMessages, PracticeApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum AppointmentExceptionCode {
  /** Start and end do not make a bookable slot (order, length, in the past). */
  InvalidTimes = 'APPOINTMENT_INVALID_TIMES',
  /** The lead is not one of the practice's. */
  PersonNotFound = 'APPOINTMENT_PERSON_NOT_FOUND',
  /** The location is not one of the practice's (or calendar has never heard of it). */
  LocationNotFound = 'APPOINTMENT_LOCATION_NOT_FOUND',
  /** The people service could not confirm the lead; the caller may retry. */
  PeopleUnavailable = 'APPOINTMENT_PEOPLE_UNAVAILABLE',
  /** The appointment is not one of the practice's. */
  NotFound = 'APPOINTMENT_NOT_FOUND',
  /** A calendar read's dates are missing, invalid or span too long. */
  InvalidRange = 'APPOINTMENT_INVALID_RANGE',
  /** The move would break a rule of the practice (past, outside business hours unconfirmed). */
  InvalidMove = 'APPOINTMENT_INVALID_MOVE',
  /** External (read-only) or cancelled appointments cannot be moved. */
  NotMovable = 'APPOINTMENT_NOT_MOVABLE',
  /** The new time overlaps another appointment at the same location. */
  Overlap = 'APPOINTMENT_OVERLAP',
}

const kinds: DomainErrorKinds<AppointmentExceptionCode> = {
  [AppointmentExceptionCode.InvalidTimes]: DomainErrorKind.Invalid,
  [AppointmentExceptionCode.PersonNotFound]: DomainErrorKind.NotFound,
  [AppointmentExceptionCode.LocationNotFound]: DomainErrorKind.NotFound,
  [AppointmentExceptionCode.PeopleUnavailable]: DomainErrorKind.Unavailable,
  [AppointmentExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [AppointmentExceptionCode.InvalidRange]: DomainErrorKind.Invalid,
  [AppointmentExceptionCode.InvalidMove]: DomainErrorKind.Invalid,
  [AppointmentExceptionCode.NotMovable]: DomainErrorKind.Conflict,
  [AppointmentExceptionCode.Overlap]: DomainErrorKind.Conflict,
};

export const AppointmentMessages = {
  personNotFound: PeopleApiMessages.personNotFound,
  locationNotFound: PracticeApiMessages.locationNotFound,
  peopleUnavailable: 'Could not verify the lead right now. Please try again.',
} as const;

export class AppointmentException extends DomainException<AppointmentExceptionCode> {
  constructor(code: AppointmentExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
