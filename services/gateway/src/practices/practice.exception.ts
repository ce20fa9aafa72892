import { LeadFieldMessages, PracticeApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum PracticeExceptionCode {
  /** No such practice among the caller's. */
  NotFound = 'PRACTICE_NOT_FOUND',
  /** A setting breaks its rule (required name, website URL, outreach preferences). */
  InvalidSetting = 'PRACTICE_INVALID_SETTING',
}

const kinds: DomainErrorKinds<PracticeExceptionCode> = {
  [PracticeExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [PracticeExceptionCode.InvalidSetting]: DomainErrorKind.Invalid,
};

/** Every message of the practice settings API, defined once (DTO validation and the service use these). */
export const PracticeMessages = {
  notFound: PracticeApiMessages.practiceNotFound,
  nameRequired: 'Practice name is required',
  website: LeadFieldMessages.website,
} as const;

export class PracticeException extends DomainException<PracticeExceptionCode> {
  constructor(code: PracticeExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static notFound(): PracticeException {
    return new PracticeException(PracticeExceptionCode.NotFound, PracticeMessages.notFound);
  }

  static invalid(detail: string): PracticeException {
    return new PracticeException(PracticeExceptionCode.InvalidSetting, detail);
  }
}
