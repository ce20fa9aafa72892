import { LeadFieldMessages, PracticeApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum LocationExceptionCode {
  /** No such location in the practice (or a malformed id). */
  NotFound = 'LOCATION_NOT_FOUND',
  /** A field breaks its rule (required name or address, timezone, phone, business hours). */
  InvalidField = 'LOCATION_INVALID_FIELD',
  /** The primary location cannot be unset or deleted: another must be made primary first. */
  PrimaryRequired = 'LOCATION_PRIMARY_REQUIRED',
}

const kinds: DomainErrorKinds<LocationExceptionCode> = {
  [LocationExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [LocationExceptionCode.InvalidField]: DomainErrorKind.Invalid,
  [LocationExceptionCode.PrimaryRequired]: DomainErrorKind.Conflict,
};

/** Every message of the locations API, defined once (DTO validation and the service use these). */
export const LocationMessages = {
  notFound: PracticeApiMessages.locationNotFound,
  nameRequired: 'Location name is required',
  addressRequired: 'Street address is required',
  timezoneRequired: 'Timezone is required',
  timezoneInvalid: 'Please choose a valid timezone',
  phone: LeadFieldMessages.phone,
  primaryCannotBeUnset:
    'The primary location cannot be unset directly. Make another location primary instead.',
  primaryCannotBeDeleted: 'The primary location cannot be deleted. Make another location primary first.',
  primaryNeedsHours: 'The primary location cannot inherit business hours',
} as const;

export class LocationException extends DomainException<LocationExceptionCode> {
  constructor(code: LocationExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static notFound(): LocationException {
    return new LocationException(LocationExceptionCode.NotFound, LocationMessages.notFound);
  }

  static invalid(detail: string): LocationException {
    return new LocationException(LocationExceptionCode.InvalidField, detail);
  }
}
