import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { CALLS_QUEUE } from '../../queues';
import { CallsProcessor } from './calls.processor';
import { CallsQueue } from './calls-queue';
import { VoiceService } from './voice.service';
import { VoiceWebhooksController } from './voice-webhooks.controller';

/**
 * Twilio voice (docs/decisions/0017-twilio-voice.md): the voice webhooks answer TwiML; the `calls` queue's worker
 * (ROLE worker or all only) writes what the calls leave on the timeline.
 */
@Module({})
export class VoiceModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    return {
      module: VoiceModule,
      imports: [BullModule.registerQueue({ name: CALLS_QUEUE })],
      controllers: [VoiceWebhooksController],
      providers: [VoiceService, CallsQueue, ...(config.ROLE === 'api' ? [] : [CallsProcessor])],
    };
  }
}
