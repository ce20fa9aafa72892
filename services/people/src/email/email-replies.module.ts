import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { EmailModule } from './email.module';
import { EmailRepliesService } from './email-replies.service';
import { MailboxPoller } from './mailbox-poller';
import { MailboxReader } from './mailbox-reader';

/**
 * Replies read from the practice's mailboxes (docs/decisions/0018-email-replies.md). Only a worker process
 * (ROLE worker or all) polls; LeadActivity and EngineTrigger come from their global modules.
 */
@Module({})
export class EmailRepliesModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    const workerProviders: Provider[] = config.ROLE === 'api' ? [] : [MailboxPoller];
    return {
      module: EmailRepliesModule,
      imports: [EmailModule],
      providers: [MailboxReader, EmailRepliesService, ...workerProviders],
      exports: [EmailRepliesService],
    };
  }
}
