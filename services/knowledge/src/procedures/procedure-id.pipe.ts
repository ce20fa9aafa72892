import { ParseUUIDPipe } from '@nestjs/common';
import { ProcedureException } from './procedure.exception';

/** A malformed id cannot name a procedure of the practice: answered like any unknown one. */
export const procedureIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => ProcedureException.procedureNotFound(),
});
export const promotionIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => ProcedureException.promotionNotFound(),
});
