import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum DecisionExceptionCode {
  /** Nothing waits for review on this lead (already answered, or never opened). */
  NoneOpen = 'DECISION_NONE_OPEN',
  /** The decision names a channel outreach does not know. */
  UnknownChannel = 'DECISION_UNKNOWN_CHANNEL',
  /** The lead cannot be reached on the decision's channel (no phone, no email, opted out, no consent). */
  Unreachable = 'DECISION_UNREACHABLE',
  /** An SMS or email decision without a message to send. */
  NoMessage = 'DECISION_NO_MESSAGE',
}

const kinds: DomainErrorKinds<DecisionExceptionCode> = {
  [DecisionExceptionCode.NoneOpen]: DomainErrorKind.Conflict,
  [DecisionExceptionCode.UnknownChannel]: DomainErrorKind.Invalid,
  [DecisionExceptionCode.Unreachable]: DomainErrorKind.Invalid,
  [DecisionExceptionCode.NoMessage]: DomainErrorKind.Invalid,
};

export const DecisionMessages = {
  noneOpen: 'No AI decision is waiting for review',
  noMessage: 'This decision has no message to send. Edit it to write one.',
  unknownChannel: (channel: string) => `Unknown channel ${channel}`,
} as const;

export class DecisionException extends DomainException<DecisionExceptionCode> {
  constructor(code: DecisionExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
