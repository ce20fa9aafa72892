import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { AfterCommit } from '../engine/after-commit';
import { FieldMappingModule } from '../field-mapping/field-mapping.module';
import { INTAKE_QUEUE } from '../queues';
import { FormsConsumer } from './forms.consumer';
import { IntakeQueue } from './intake-queue';
import { IntakeRecovery } from './intake-recovery';
import { IntakeService } from './intake.service';
import { TakeInProcessor } from './take-in.processor';

export interface IntakeModuleOptions {
  /**
   * The module that exports the `EngineTrigger` binding (src/engine/engine-trigger.ts): intake knows the
   * engine only through that abstract class.
   */
  engine: Type | DynamicModule;
  /** Whether this process takes in (ROLE worker or all): the intake queue's worker and recovery sweep. */
  config: Pick<BaseConfig, 'ROLE'>;
}

/**
 * Website forms → leads (docs/product/ai-engine.md#intake-forms-field-mapping-consent): the tracking.forms
 * consumer keeps each submission and enqueues it on the `intake` queue; workers take it in.
 */
@Module({})
export class IntakeModule {
  static register(options: IntakeModuleOptions): DynamicModule {
    const workerProviders: Provider[] =
      options.config.ROLE === 'api' ? [] : [TakeInProcessor, IntakeRecovery];
    return {
      module: IntakeModule,
      imports: [FieldMappingModule, options.engine, BullModule.registerQueue({ name: INTAKE_QUEUE })],
      // Its own AfterCommit: the engine's is not exported, and each instance only runs its own tasks.
      providers: [IntakeService, IntakeQueue, AfterCommit, FormsConsumer, ...workerProviders],
      exports: [IntakeService, IntakeQueue],
    };
  }
}
