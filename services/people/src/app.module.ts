import { DynamicModule, Module, Type } from '@nestjs/common';
import { PlatformModule, PracticeReadModelModule } from '@pp/platform';
import { ActionsModule } from './actions/actions.module';
import { BlockedNumbersModule } from './blocked-numbers/blocked-numbers.module';
import { AppointmentsModule } from './appointments/appointments.module';
import { ChannelsModule } from './channels/channels.module';
import { VoiceModule } from './channels/voice/voice.module';
import { ConsentsModule } from './consents/consents.module';
import { PeopleConfig } from './config';
import { peopleDatabase } from './database/database';
import { DecisionsModule } from './decisions/decisions.module';
import { EmailModule } from './email/email.module';
import { EmailRepliesModule } from './email/email-replies.module';
import { EngineModule, EngineOptions } from './engine/engine.module';
import { FieldMappingModule } from './field-mapping/field-mapping.module';
import { IntakeModule } from './intake/intake.module';
import { KnowledgeContextModule } from './knowledge-context/knowledge-context.module';
import { OutreachModule } from './outreach/outreach.module';
import { PersonsModule } from './persons/persons.module';
import { TimelineModule } from './timeline/timeline.module';
import { WebSessionsModule } from './web-sessions/web-sessions.module';

export interface AppModuleOptions {
  /** The module exporting the `EngineTrigger` binding intake hands leads to (tests bind a recording one). */
  engine?: Type | DynamicModule;
  /** What the AI engine's tests swap: the clock, where practice settings come from. */
  engineOptions?: EngineOptions;
}

@Module({})
export class AppModule {
  static forRoot(config: PeopleConfig, options: AppModuleOptions = {}): DynamicModule {
    const engine = EngineModule.forRoot(config, options.engineOptions);
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: peopleDatabase }),
        // practices and locations from practice.changes: automation level, site key, hours (the engine)
        PracticeReadModelModule,
        TimelineModule,
        // What the practice knows (offer and website passages), kept from knowledge.changes for the AI.
        KnowledgeContextModule,
        PersonsModule,
        ConsentsModule,
        // Consent and the providers' refusals (Twilio SMS: docs/decisions/0015-twilio-sms-channel.md).
        ChannelsModule,
        // Twilio voice: inbound calls (forward, voicemail, text-back), the AI's calls; the `calls` queue.
        VoiceModule.forRoot(config),
        // The outreach queue; its send processor runs only where ROLE is worker or all.
        OutreachModule.forRoot(config),
        // The AI engine: analyze-lead and run-action jobs on the outreach queue, Ask AI.
        engine,
        DecisionsModule,
        ActionsModule,
        AppointmentsModule,
        // A lead's website pageviews on their timeline (analytics.lead-pageviews).
        WebSessionsModule,
        FieldMappingModule,
        BlockedNumbersModule,
        // The practice's mailboxes (Settings → Email) and their OAuth tokens.
        EmailModule,
        // Replies read from those mailboxes (IMAP) → email_received → the engine; polled by workers.
        EmailRepliesModule.forRoot(config),
        IntakeModule.register({ engine: options.engine ?? engine, config }),
      ],
    };
  }
}
