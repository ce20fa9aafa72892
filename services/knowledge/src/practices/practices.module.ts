import { Global, Module } from '@nestjs/common';
import { PracticeChangesConsumer } from './practice-changes.consumer';
import { PracticeReadModel } from './practice-read-model.service';

/** The read model of practices and locations; global, as every feature of the service checks against it. */
@Global()
@Module({
  controllers: [PracticeChangesConsumer],
  providers: [PracticeReadModel],
  exports: [PracticeReadModel],
})
export class PracticesModule {}
