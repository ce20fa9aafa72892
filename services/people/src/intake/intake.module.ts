import { DynamicModule, Module, Type } from '@nestjs/common';
import { FieldMappingModule } from '../field-mapping/field-mapping.module';
import { FormsConsumer } from './forms.consumer';
import { IntakeService } from './intake.service';

export interface IntakeModuleOptions {
  /**
   * The module that exports the `EngineTrigger` binding (src/engine/engine-trigger.ts): intake knows the
   * engine only through that abstract class.
   */
  engine: Type | DynamicModule;
}

/** Website forms → leads: the tracking.forms consumer (docs/product/ai-engine.md#intake-forms-field-mapping-consent). */
@Module({})
export class IntakeModule {
  static register(options: IntakeModuleOptions): DynamicModule {
    return {
      module: IntakeModule,
      imports: [FieldMappingModule, options.engine],
      controllers: [FormsConsumer],
      providers: [IntakeService],
      exports: [IntakeService],
    };
  }
}
