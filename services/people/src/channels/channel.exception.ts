import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum ChannelExceptionCode {
  /** A webhook without the fields Twilio always sends. */
  MalformedWebhook = 'CHANNEL_MALFORMED_WEBHOOK',
  /** A message to a number no practice owns. */
  UnknownNumber = 'CHANNEL_UNKNOWN_NUMBER',
  /** A simulated reply on a channel that goes through a real provider. */
  NotSandboxed = 'CHANNEL_NOT_SANDBOXED',
  /** A simulated reply from a lead without an address on that channel. */
  NoAddress = 'CHANNEL_NO_ADDRESS',
  /** A voice webhook about a call the product did not place or answer. */
  UnknownCall = 'CHANNEL_UNKNOWN_CALL',
}

const kinds: DomainErrorKinds<ChannelExceptionCode> = {
  [ChannelExceptionCode.MalformedWebhook]: DomainErrorKind.Invalid,
  [ChannelExceptionCode.UnknownNumber]: DomainErrorKind.NotFound,
  [ChannelExceptionCode.NotSandboxed]: DomainErrorKind.Conflict,
  [ChannelExceptionCode.NoAddress]: DomainErrorKind.Invalid,
  [ChannelExceptionCode.UnknownCall]: DomainErrorKind.NotFound,
};

export const ChannelMessages = {
  malformed: 'MessageSid, From and To are required',
  unknownNumber: 'No practice owns this number',
  smsNotSandboxed:
    'Texts go through Twilio: replies come from the lead, a simulated one is only for the sandbox',
  emailNotSandboxed:
    "E-mail goes through the practice's mailbox: replies come from the lead, a simulated one is only for the sandbox",
} as const;

export class ChannelException extends DomainException<ChannelExceptionCode> {
  constructor(code: ChannelExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
