import { BlockedNumberMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum BlockedNumberExceptionCode {
  /** A body that is not a valid number (and an optional note of at most 500 characters). */
  Invalid = 'BLOCKED_NUMBER_INVALID',
  /** The number is on the list already. */
  AlreadyBlocked = 'BLOCKED_NUMBER_ALREADY_BLOCKED',
  /** The list holds its maximum. */
  ListFull = 'BLOCKED_NUMBER_LIST_FULL',
  /** No such entry in this practice's list (also another practice's entry). */
  NotFound = 'BLOCKED_NUMBER_NOT_FOUND',
}

const kinds: DomainErrorKinds<BlockedNumberExceptionCode> = {
  [BlockedNumberExceptionCode.Invalid]: DomainErrorKind.Invalid,
  [BlockedNumberExceptionCode.AlreadyBlocked]: DomainErrorKind.Conflict,
  [BlockedNumberExceptionCode.ListFull]: DomainErrorKind.Conflict,
  [BlockedNumberExceptionCode.NotFound]: DomainErrorKind.NotFound,
};

/** Its messages are `BlockedNumberMessages` of @pp/contracts (the console shows them). */
export class BlockedNumberException extends DomainException<BlockedNumberExceptionCode> {
  constructor(code: BlockedNumberExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static invalid(detail: string): BlockedNumberException {
    return new BlockedNumberException(BlockedNumberExceptionCode.Invalid, detail);
  }

  static alreadyBlocked(): BlockedNumberException {
    return new BlockedNumberException(
      BlockedNumberExceptionCode.AlreadyBlocked,
      BlockedNumberMessages.alreadyBlocked,
    );
  }

  static listFull(): BlockedNumberException {
    return new BlockedNumberException(BlockedNumberExceptionCode.ListFull, BlockedNumberMessages.listFull);
  }

  static notFound(): BlockedNumberException {
    return new BlockedNumberException(BlockedNumberExceptionCode.NotFound, BlockedNumberMessages.notFound);
  }
}
