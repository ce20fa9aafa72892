import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { OnboardingConfig } from './config';
import { onboardingDatabase } from './database/database';
import { CRAWL_QUEUE } from './queues';

@Module({})
export class AppModule {
  static forRoot(config: OnboardingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: onboardingDatabase }),
        BullModule.registerQueue({ name: CRAWL_QUEUE }),
      ],
    };
  }
}
