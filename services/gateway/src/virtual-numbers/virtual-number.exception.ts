import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum VirtualNumberExceptionCode {
  /** TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN are not set: numbers cannot be bought. */
  NotConfigured = 'NUMBER_TWILIO_NOT_CONFIGURED',
  /** Twilio has no number matching the search. */
  NoneAvailable = 'VIRTUAL_NUMBER_NONE_AVAILABLE',
  /** Twilio refused or did not answer. */
  TwilioFailed = 'VIRTUAL_NUMBER_TWILIO_FAILED',
}

const kinds: DomainErrorKinds<VirtualNumberExceptionCode> = {
  [VirtualNumberExceptionCode.NotConfigured]: DomainErrorKind.Conflict,
  [VirtualNumberExceptionCode.NoneAvailable]: DomainErrorKind.Conflict,
  [VirtualNumberExceptionCode.TwilioFailed]: DomainErrorKind.Unavailable,
};

export const VirtualNumberMessages = {
  notConfigured:
    'Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (and PUBLIC_BASE_URL) to provision virtual numbers',
  noneAvailable: (areaCode: string | undefined) =>
    areaCode
      ? `Twilio has no phone number available in area code ${areaCode}; try another area code`
      : 'Twilio has no phone number available; try an area code',
  twilioFailed: (message: string) => `Twilio did not provision the number: ${message}`,
  areaCode: 'area_code must be a US area code of 3 digits (e.g. 312)',
} as const;

export class VirtualNumberException extends DomainException<VirtualNumberExceptionCode> {
  constructor(code: VirtualNumberExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
