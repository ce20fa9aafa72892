import { PracticeApiMessages, ProcedureApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

/**
 * The refusals of the pricing API: procedures and offerings, consultation fees and promotions
 * (docs/product/settings.md#pricing-validation), one feature answered under `procedures/{practice_id}/`.
 */
export enum ProcedureExceptionCode {
  ProcedureNotFound = 'PROCEDURE_NOT_FOUND',
  ParentNotFound = 'PROCEDURE_PARENT_NOT_FOUND',
  LocationNotFound = 'PROCEDURE_LOCATION_NOT_FOUND',
  PromotionNotFound = 'PROMOTION_NOT_FOUND',
  /** A field breaks its rule (the detail names it). */
  Invalid = 'PROCEDURE_INVALID',
  /** Only a current promotion can be ended early. */
  PromotionNotCurrent = 'PROMOTION_NOT_CURRENT',
  /** A promotion ended early is archived: editing it would revive nothing. */
  PromotionEnded = 'PROMOTION_ENDED',
}

const kinds: DomainErrorKinds<ProcedureExceptionCode> = {
  [ProcedureExceptionCode.ProcedureNotFound]: DomainErrorKind.NotFound,
  [ProcedureExceptionCode.ParentNotFound]: DomainErrorKind.NotFound,
  [ProcedureExceptionCode.LocationNotFound]: DomainErrorKind.NotFound,
  [ProcedureExceptionCode.PromotionNotFound]: DomainErrorKind.NotFound,
  [ProcedureExceptionCode.Invalid]: DomainErrorKind.Invalid,
  [ProcedureExceptionCode.PromotionNotCurrent]: DomainErrorKind.Conflict,
  [ProcedureExceptionCode.PromotionEnded]: DomainErrorKind.Conflict,
};

export class ProcedureException extends DomainException<ProcedureExceptionCode> {
  constructor(code: ProcedureExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static procedureNotFound(): ProcedureException {
    return new ProcedureException(
      ProcedureExceptionCode.ProcedureNotFound,
      ProcedureApiMessages.procedureNotFound,
    );
  }

  static parentNotFound(): ProcedureException {
    return new ProcedureException(ProcedureExceptionCode.ParentNotFound, ProcedureApiMessages.parentNotFound);
  }

  static locationNotFound(): ProcedureException {
    return new ProcedureException(
      ProcedureExceptionCode.LocationNotFound,
      PracticeApiMessages.locationNotFound,
    );
  }

  static promotionNotFound(): ProcedureException {
    return new ProcedureException(
      ProcedureExceptionCode.PromotionNotFound,
      ProcedureApiMessages.promotionNotFound,
    );
  }

  static invalid(detail: string): ProcedureException {
    return new ProcedureException(ProcedureExceptionCode.Invalid, detail);
  }
}
