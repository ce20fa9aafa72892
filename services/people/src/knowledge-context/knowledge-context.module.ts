import { Global, Module } from '@nestjs/common';
import { KnowledgeCopy } from './knowledge-copy';
import { KnowledgeCopyConsumer } from './knowledge-copy.consumer';
import { PracticeKnowledge } from './practice-knowledge';

/** What the practice knows, as the AI engine reads it (PracticeKnowledge), kept from knowledge.changes. */
@Global()
@Module({
  controllers: [KnowledgeCopyConsumer],
  providers: [KnowledgeCopy, { provide: PracticeKnowledge, useExisting: KnowledgeCopy }],
  exports: [PracticeKnowledge, KnowledgeCopy],
})
export class KnowledgeContextModule {}
