import { BullModule } from '@nestjs/bullmq';
import { AiModule } from '@pp/ai';
import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { OutreachJobHandler } from '../outreach/jobs/outreach-job-handler';
import { OUTREACH_QUEUE } from '../queues';
import { SendWindow } from '../outreach/send-window';
import { SentMessageHook } from '../outreach/sent-message-hook';
import { ActionRunner } from './action-runner';
import { ActionScheduler } from './action-scheduler';
import { AfterCommit } from './after-commit';
import { AskAiController } from './ask-ai/ask-ai.controller';
import { AskAiService } from './ask-ai/ask-ai.service';
import { Clock, SystemClock } from './clock';
import { EngineQueue } from './engine-queue';
import { EngineRecovery } from './engine-recovery';
import { EngineSendWindow } from './engine-send-window';
import { EngineSentHook } from './engine-sent-hook';
import { EngineTrigger } from './engine-trigger';
import { EngineService } from './engine.service';
import { EngineJobsHandler } from './jobs/engine-jobs.handler';
import { LeadAnalyzer } from './lead-analyzer';
import { PracticeSettings } from './practice-settings';
import { ReadModelPracticeSettings } from './read-model-practice-settings';
import { ReminderPlanner } from './reminder-planner';

/** What a test (or another wiring) may swap: the clock and where practice settings come from. */
export interface EngineOptions {
  clock?: Provider;
  practiceSettings?: Provider;
  /** A LanguageModel under LANGUAGE_MODEL; AiModule's (from the LLM_* settings) when not given. */
  languageModel?: Provider;
  /** PracticeKnowledge, when the app does not provide it. */
  knowledge?: Provider;
}

/**
 * The AI outreach engine (docs/product/ai-engine.md#understanding-deciding-acting). Every process records and
 * enqueues engine work (EngineTrigger, staff actions); only a worker (ROLE worker or all) runs the jobs (through
 * the outreach queue's worker) and the recovery sweep. Global: intake, persons and actions hand work to it.
 * Needs a LanguageModel under LANGUAGE_MODEL and, for quoting and answers, PracticeKnowledge.
 */
@Global()
@Module({})
export class EngineModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>, options: EngineOptions = {}): DynamicModule {
    const worker = config.ROLE !== 'api';
    const providers: Provider[] = [
      options.clock ?? { provide: Clock, useClass: SystemClock },
      options.practiceSettings ?? { provide: PracticeSettings, useClass: ReadModelPracticeSettings },
      ...(options.languageModel ? [options.languageModel] : []),
      ...(options.knowledge ? [options.knowledge] : []),
      AfterCommit,
      EngineQueue,
      ActionScheduler,
      ReminderPlanner,
      EngineService,
      { provide: EngineTrigger, useExisting: EngineService },
      LeadAnalyzer,
      ActionRunner,
      AskAiService,
      EngineSentHook,
      { provide: SentMessageHook, useExisting: EngineSentHook },
      EngineSendWindow,
      { provide: SendWindow, useExisting: EngineSendWindow },
      ...(worker
        ? [EngineJobsHandler, { provide: OutreachJobHandler, useExisting: EngineJobsHandler }, EngineRecovery]
        : []),
    ];
    return {
      module: EngineModule,
      imports: [
        BullModule.registerQueue({ name: OUTREACH_QUEUE }),
        // The language model from the LLM_* settings: the built-in provider, or an endpoint behind the safety net.
        ...(options.languageModel ? [] : [AiModule.forRoot()]),
      ],
      controllers: [AskAiController],
      providers,
      exports: [
        EngineTrigger,
        EngineService,
        ReminderPlanner,
        SentMessageHook,
        SendWindow,
        Clock,
        ...(worker ? [OutreachJobHandler] : []),
      ],
    };
  }
}
