import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { PeopleConfig } from './config';
import { peopleDatabase } from './database/database';
import { PersonsModule } from './persons/persons.module';
import { CALLS_QUEUE, OUTREACH_QUEUE } from './queues';
import { TimelineModule } from './timeline/timeline.module';

@Module({})
export class AppModule {
  static forRoot(config: PeopleConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: peopleDatabase }),
        // Processors (analyse, draft, send, place calls) come with the leads-workspace and AI issues.
        BullModule.registerQueue({ name: OUTREACH_QUEUE }, { name: CALLS_QUEUE }),
        TimelineModule,
        PersonsModule,
      ],
    };
  }
}
