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
}

const kinds: DomainErrorKinds<AppointmentExceptionCode> = {
  [AppointmentExceptionCode.InvalidTimes]: DomainErrorKind.Invalid,
  [AppointmentExceptionCode.PersonNotFound]: DomainErrorKind.NotFound,
  [AppointmentExceptionCode.LocationNotFound]: DomainErrorKind.NotFound,
  [AppointmentExceptionCode.PeopleUnavailable]: DomainErrorKind.Unavailable,
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
