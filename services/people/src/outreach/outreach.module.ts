import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { EmailModule } from '../email/email.module';
import { OUTREACH_QUEUE } from '../queues';
import { SendMessageProcessor } from './jobs/send-message.processor';
import { OutreachQueue } from './outreach-queue';
import { OutreachRecovery } from './outreach-recovery';
import { OutreachSender } from './outreach-sender';
import { SendLedger } from './send-ledger';
import { Transports } from './transports/transports';

/**
 * The outreach queue: every process can enqueue sends; only a worker process (ROLE worker or all) runs
 * the processor and the recovery sweep, so an api-only Deployment never sends.
 */
@Module({})
export class OutreachModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    const workerProviders: Provider[] = config.ROLE === 'api' ? [] : [SendMessageProcessor, OutreachRecovery];
    return {
      module: OutreachModule,
      global: true,
      // E-mail goes out through the practice's mailbox (EmailTransport) when one is connected.
      imports: [BullModule.registerQueue({ name: OUTREACH_QUEUE }), EmailModule],
      providers: [SendLedger, OutreachQueue, OutreachSender, Transports, ...workerProviders],
      exports: [SendLedger, OutreachQueue, OutreachSender, Transports],
    };
  }
}
