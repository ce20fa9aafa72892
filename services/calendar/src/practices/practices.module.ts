import { Module } from '@nestjs/common';
import { PracticeChangesConsumer } from './practice-changes.consumer';
import { PracticeReadModel } from './practice-read-model.service';

@Module({
  controllers: [PracticeChangesConsumer],
  providers: [PracticeReadModel],
  exports: [PracticeReadModel],
})
export class PracticesModule {}
