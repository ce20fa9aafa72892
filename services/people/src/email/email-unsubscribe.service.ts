import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import { EmailException } from './email.exception';
import { stopEmail } from './email-opt-out';
import { EmailSettings } from './email-settings';
import { verifyUnsubscribeToken } from './mail-headers';

/**
 * RFC 8058 one-click unsubscribe: the lead's mailbox provider (or the lead) POSTs to the link of an outreach
 * e-mail; the lead gets no more e-mail from the practice at once (send-rules.ts refuses it) and the timeline
 * shows `outreach_stopped`. Repeating it changes nothing.
 */
@Injectable()
export class EmailUnsubscribeService {
  private readonly logger = new Logger(EmailUnsubscribeService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: EmailSettings,
    private readonly activity: LeadActivity,
  ) {}

  async unsubscribe(token: unknown): Promise<{ unsubscribed: true }> {
    const named =
      typeof token === 'string' ? verifyUnsubscribeToken(this.settings.unsubscribeSecret(), token) : null;
    if (!named) throw EmailException.unsubscribeLinkInvalid();
    await this.dataSource.transaction(async (manager) => {
      const person = await manager.findOne(Person, {
        where: { person_id: named.personId, practice_id: named.practiceId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!person) throw EmailException.unsubscribeLinkInvalid();
      await stopEmail(manager, this.activity, person, 'email_unsubscribe');
    });
    this.logger.log(`A lead of practice ${named.practiceId} unsubscribed from e-mail`);
    return { unsubscribed: true };
  }
}
