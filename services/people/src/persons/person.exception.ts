import { PeopleApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum PersonExceptionCode {
  /** No lead with that id in the caller's practices (another practice's lead included). */
  NotFound = 'PERSON_NOT_FOUND',
  /** An edited field breaks its rule (name required, 10-digit phone, email pattern, known stage). */
  InvalidField = 'PERSON_INVALID_FIELD',
  /** A list query that cannot be answered (unknown stage filter, two page starts at once). */
  InvalidListQuery = 'PERSON_INVALID_LIST_QUERY',
}

const kinds: DomainErrorKinds<PersonExceptionCode> = {
  [PersonExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [PersonExceptionCode.InvalidField]: DomainErrorKind.Invalid,
  [PersonExceptionCode.InvalidListQuery]: DomainErrorKind.Invalid,
};

export const PersonMessages = {
  notFound: PeopleApiMessages.personNotFound,
  pendingReviewFlag: 'pending_review must be true or false',
  onePageStart: 'Use only one of after, before and anchor_id',
  invalidCursor: 'Invalid cursor',
} as const;

export class PersonException extends DomainException<PersonExceptionCode> {
  constructor(code: PersonExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static notFound(): PersonException {
    return new PersonException(PersonExceptionCode.NotFound, PersonMessages.notFound);
  }
}
