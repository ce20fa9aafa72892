import { PracticeApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum IntegrationExceptionCode {
  NotFound = 'CALENDAR_INTEGRATION_NOT_FOUND',
  LocationNotFound = 'CALENDAR_LOCATION_NOT_FOUND',
  OneActive = 'CALENDAR_INTEGRATION_ONE_ACTIVE',
  Invalid = 'CALENDAR_INTEGRATION_INVALID',
  NotConfigured = 'CALENDAR_INTEGRATION_NOT_CONFIGURED',
  ProviderUnavailable = 'CALENDAR_PROVIDER_UNAVAILABLE',
}

const kinds: DomainErrorKinds<IntegrationExceptionCode> = {
  [IntegrationExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [IntegrationExceptionCode.LocationNotFound]: DomainErrorKind.NotFound,
  [IntegrationExceptionCode.OneActive]: DomainErrorKind.Conflict,
  [IntegrationExceptionCode.Invalid]: DomainErrorKind.Invalid,
  [IntegrationExceptionCode.NotConfigured]: DomainErrorKind.Conflict,
  [IntegrationExceptionCode.ProviderUnavailable]: DomainErrorKind.Unavailable,
};

export const IntegrationMessages = {
  notFound: 'Calendar integration not found',
  oneActive: 'You can only have one active calendar integration at a time.',
  calendarForAll: 'Please select a calendar for all locations.',
  calendarForEach: 'Please select a calendar for each location.',
  locationNotFound: PracticeApiMessages.locationNotFound,
} as const;

export class IntegrationException extends DomainException<IntegrationExceptionCode> {
  constructor(code: IntegrationExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static notFound() {
    return new IntegrationException(IntegrationExceptionCode.NotFound, IntegrationMessages.notFound);
  }

  static oneActive() {
    return new IntegrationException(IntegrationExceptionCode.OneActive, IntegrationMessages.oneActive);
  }

  static invalid(detail: string) {
    return new IntegrationException(IntegrationExceptionCode.Invalid, detail);
  }

  static locationNotFound() {
    return new IntegrationException(
      IntegrationExceptionCode.LocationNotFound,
      IntegrationMessages.locationNotFound,
    );
  }

  static notConfigured(detail: string) {
    return new IntegrationException(IntegrationExceptionCode.NotConfigured, detail);
  }

  static providerUnavailable(detail: string) {
    return new IntegrationException(IntegrationExceptionCode.ProviderUnavailable, detail);
  }
}
