import { Global, Module } from '@nestjs/common';
import { PracticeChangeListeners, PracticeChangesConsumer } from './practice-changes.consumer';
import { PracticeReadModel } from './practice-read-model.service';

/**
 * The read model of practices and locations from `practice.changes`, for a service that checks a location or
 * needs a practice's website or time zone. Global: every feature of the service checks against it. The service
 * creates the tables in its schema with a migration (see calendar's and knowledge's) and sets a consumer group
 * that reads the topic from the beginning (`consumeFromBeginning`).
 */
@Global()
@Module({
  controllers: [PracticeChangesConsumer],
  providers: [PracticeReadModel, PracticeChangeListeners],
  exports: [PracticeReadModel, PracticeChangeListeners],
})
export class PracticeReadModelModule {}
