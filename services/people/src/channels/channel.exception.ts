import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum ChannelExceptionCode {
  /** A webhook without the fields Twilio always sends. */
  MalformedWebhook = 'CHANNEL_MALFORMED_WEBHOOK',
  /** A message to a number no practice owns. */
  UnknownNumber = 'CHANNEL_UNKNOWN_NUMBER',
  /** A voice webhook about a call the product did not place or answer. */
  UnknownCall = 'CHANNEL_UNKNOWN_CALL',
}

const kinds: DomainErrorKinds<ChannelExceptionCode> = {
  [ChannelExceptionCode.MalformedWebhook]: DomainErrorKind.Invalid,
  [ChannelExceptionCode.UnknownNumber]: DomainErrorKind.NotFound,
  [ChannelExceptionCode.UnknownCall]: DomainErrorKind.NotFound,
};

export const ChannelMessages = {
  malformed: 'MessageSid, From and To are required',
  unknownNumber: 'No practice owns this number',
} as const;

export class ChannelException extends DomainException<ChannelExceptionCode> {
  constructor(code: ChannelExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
