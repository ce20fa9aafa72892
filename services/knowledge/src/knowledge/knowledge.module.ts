import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { KNOWLEDGE_QUEUE } from '../queues';
import { ProcessKnowledgeProcessor } from './jobs/process-knowledge.processor';
import { KnowledgeController } from './knowledge.controller';
import { KnowledgeService } from './knowledge.service';
import { KnowledgeProcessingRun } from './knowledge-processing-run';
import { KnowledgeQueue } from './knowledge-queue';
import { KnowledgeSearchService } from './knowledge-search.service';
import { KnowledgeStore } from './knowledge-store';
import { PracticeOnboardedListener } from './practice-onboarded.listener';
import { ProceduresModule } from '../procedures/procedures.module';

/**
 * The website knowledge base: every process serves the API and enqueues runs; only a worker process (ROLE
 * worker or all) crawls.
 */
@Module({})
export class KnowledgeModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    const workerProviders: Provider[] =
      config.ROLE === 'api' ? [] : [ProcessKnowledgeProcessor, KnowledgeProcessingRun];
    return {
      module: KnowledgeModule,
      imports: [BullModule.registerQueue({ name: KNOWLEDGE_QUEUE }), ProceduresModule],
      controllers: [KnowledgeController],
      providers: [
        KnowledgeService,
        KnowledgeSearchService,
        KnowledgeStore,
        KnowledgeQueue,
        PracticeOnboardedListener,
        ...workerProviders,
      ],
    };
  }
}
