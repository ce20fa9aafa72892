import { ParseUUIDPipe } from '@nestjs/common';
import { PersonException } from './person.exception';

/** A malformed id cannot name a lead of the caller: answered like any unknown lead. */
export const personIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => PersonException.notFound(),
});
