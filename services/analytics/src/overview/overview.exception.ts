import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum OverviewExceptionCode {
  /** The Overview's dates are missing, not real days, reversed or span too long. */
  InvalidRange = 'OVERVIEW_INVALID_RANGE',
}

const kinds: DomainErrorKinds<OverviewExceptionCode> = {
  [OverviewExceptionCode.InvalidRange]: DomainErrorKind.Invalid,
};

export class OverviewException extends DomainException<OverviewExceptionCode> {
  constructor(code: OverviewExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
