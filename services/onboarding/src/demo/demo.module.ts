import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { CRAWL_QUEUE } from '../queues';
import { DemoController } from './demo.controller';
import { DemoService } from './demo.service';
import { DemoChatService } from './demo-chat.service';
import { DemoLimits } from './demo-limits';
import { DemoQueue } from './demo-queue';
import { DemoRun } from './demo-run';
import { DemoStore } from './demo-store';
import { practiceFactsModelProvider } from './practice-facts-model';
import { DemoVoiceController } from './voice/demo-voice.controller';
import { DemoVoiceService } from './voice/demo-voice.service';
import { DemoProcessor } from './jobs/demo.processor';

/** The public demo: every process serves the API and enqueues; only a worker process (ROLE worker or all) crawls. */
@Module({})
export class DemoModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    const workerProviders: Provider[] =
      config.ROLE === 'api' ? [] : [DemoProcessor, DemoRun, practiceFactsModelProvider];
    return {
      module: DemoModule,
      imports: [BullModule.registerQueue({ name: CRAWL_QUEUE })],
      controllers: [DemoController, DemoVoiceController],
      providers: [
        DemoService,
        DemoChatService,
        DemoVoiceService,
        DemoStore,
        DemoQueue,
        DemoLimits,
        ...workerProviders,
      ],
    };
  }
}
