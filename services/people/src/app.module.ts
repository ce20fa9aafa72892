import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { ActionsModule } from './actions/actions.module';
import { AppointmentsModule } from './appointments/appointments.module';
import { PeopleConfig } from './config';
import { peopleDatabase } from './database/database';
import { DecisionsModule } from './decisions/decisions.module';
import { EngineModule, EngineOptions } from './engine/engine.module';
import { OutreachModule } from './outreach/outreach.module';
import { PersonsModule } from './persons/persons.module';
import { CALLS_QUEUE } from './queues';
import { TimelineModule } from './timeline/timeline.module';

@Module({})
export class AppModule {
  static forRoot(config: PeopleConfig, engine: EngineOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: peopleDatabase }),
        // The calls queue's processors (place calls, recordings, transcripts) come with the AI issue.
        BullModule.registerQueue({ name: CALLS_QUEUE }),
        TimelineModule,
        PersonsModule,
        // The outreach queue; its send processor runs only where ROLE is worker or all.
        OutreachModule.forRoot(config),
        // The AI engine: analyze-lead and run-action jobs on the outreach queue, Ask AI.
        EngineModule.forRoot(config, engine),
        DecisionsModule,
        ActionsModule,
        AppointmentsModule,
      ],
    };
  }
}
