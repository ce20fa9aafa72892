import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { PeopleConfig } from '../config';
import { EmailRepliesService } from './email-replies.service';

/**
 * Worker-side: every EMAIL_POLL_SECONDS (60 by default, 0 = off) each connected mailbox is read for replies, one
 * pass at a time. Two workers reading the same mailbox record each reply once (inbound_messages).
 */
@Injectable()
export class MailboxPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailboxPoller.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(CONFIG) private readonly config: PeopleConfig,
    private readonly replies: EmailRepliesService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.EMAIL_POLL_SECONDS === 0) return;
    this.timer = setInterval(() => void this.tick(), this.config.EMAIL_POLL_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.replies
      .syncAll()
      .catch((error: unknown) => this.logger.warn(`reading mailboxes: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
