import { Module } from '@nestjs/common';
import { EmailAccountsController } from './email-accounts.controller';
import { EmailAccountsService } from './email-accounts.service';
import { EmailOAuthController } from './email-oauth.controller';
import { EmailOAuthService } from './email-oauth.service';
import { EmailSettings } from './email-settings';
import { EmailTransport } from './email.transport';
import { EmailUnsubscribeController } from './email-unsubscribe.controller';
import { EmailUnsubscribeService } from './email-unsubscribe.service';
import { MailboxSender } from './mailbox-sender';
import { OAuthClient } from './oauth-client';

/** The practice's mailboxes: accounts, their OAuth connection and tokens (docs/decisions/0016-email-accounts.md). */
@Module({
  controllers: [EmailAccountsController, EmailOAuthController, EmailUnsubscribeController],
  providers: [
    EmailSettings,
    OAuthClient,
    EmailAccountsService,
    EmailOAuthService,
    MailboxSender,
    EmailTransport,
    // LeadActivity comes from the global TimelineModule.
    EmailUnsubscribeService,
  ],
  exports: [EmailAccountsService, EmailTransport],
})
export class EmailModule {}
