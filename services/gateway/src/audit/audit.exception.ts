import { AuditLogMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum AuditExceptionCode {
  /** A filter, the cursor or the page size breaks its rule. */
  InvalidFilter = 'AUDIT_INVALID_FILTER',
  /** The practice is not the caller's (or no longer exists). */
  PracticeNotFound = 'AUDIT_PRACTICE_NOT_FOUND',
  /** The log cannot be written for now: nothing it would record is served (docs/decisions/0041-audit-log.md). */
  Unavailable = 'AUDIT_UNAVAILABLE',
}

const kinds: DomainErrorKinds<AuditExceptionCode> = {
  [AuditExceptionCode.InvalidFilter]: DomainErrorKind.Invalid,
  [AuditExceptionCode.PracticeNotFound]: DomainErrorKind.NotFound,
  [AuditExceptionCode.Unavailable]: DomainErrorKind.Unavailable,
};

/** The audit log API's own messages; those the console also shows are `AuditLogMessages` in @pp/contracts. */
export const AuditMessages = { ...AuditLogMessages, practiceNotFound: 'Practice not found' } as const;

export class AuditException extends DomainException<AuditExceptionCode> {
  constructor(code: AuditExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static invalid(detail: string): AuditException {
    return new AuditException(AuditExceptionCode.InvalidFilter, detail);
  }

  static unavailable(): AuditException {
    return new AuditException(AuditExceptionCode.Unavailable, AuditMessages.unavailable);
  }

  static practiceNotFound(): AuditException {
    return new AuditException(AuditExceptionCode.PracticeNotFound, AuditMessages.practiceNotFound);
  }
}
