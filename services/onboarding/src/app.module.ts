import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { OnboardingConfig } from './config';
import { onboardingDatabase } from './database/database';
import { DemoModule } from './demo/demo.module';

@Module({})
export class AppModule {
  static forRoot(config: OnboardingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, database: onboardingDatabase }), DemoModule.forRoot(config)],
    };
  }
}
