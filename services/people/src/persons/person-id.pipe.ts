import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A malformed id cannot name a lead of the caller: answered like any unknown lead. */
export const personIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundException('Person not found'),
});
