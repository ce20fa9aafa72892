import { Inject, Injectable, Optional } from '@nestjs/common';
import { assertPracticeAccess, canAccessPractice, CONFIG, Identity, PracticeReadModel } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PeopleConfig, twilioAccount } from '../config';
import { EmailTransport } from '../email/email.transport';
import { EngineTrigger } from '../engine/engine-trigger';
import { ContactMessages } from '../outreach/send-rules';
import { Person } from '../persons/person.entity';
import { PersonException } from '../persons/person.exception';
import { LeadActivity } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { ChannelException, ChannelExceptionCode, ChannelMessages } from './channel.exception';
import type { SandboxChannelsResponse, SimulatedReplyDto } from './simulated-reply.dto';
import { TwilioInboundService } from './twilio-inbound.service';

/**
 * Replies staff write in the lead's name while a channel is the sandbox (docs/product/channels.md#simulated-replies):
 * a prospect trying the demo sees the conversation loop. A simulated text takes the path of a real inbound SMS
 * (keywords, engine), a simulated e-mail the path of a fetched reply; both are marked `source: 'sandbox'` with who
 * wrote them. On a channel that goes through a real provider they are refused: replies come from the lead.
 */
@Injectable()
export class SimulatedReplies {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CONFIG) private readonly config: PeopleConfig,
    private readonly numbers: PracticeReadModel,
    private readonly sms: TwilioInboundService,
    private readonly activity: LeadActivity,
    private readonly engine: EngineTrigger,
    @Optional() private readonly email?: EmailTransport,
  ) {}

  async sandbox(identity: Identity, practiceId: string): Promise<SandboxChannelsResponse> {
    assertPracticeAccess(identity, practiceId);
    return { sms: this.smsSandboxed(), email: await this.emailSandboxed(practiceId) };
  }

  async simulate(
    identity: Identity,
    personId: string,
    dto: SimulatedReplyDto,
  ): Promise<{ event_id: string }> {
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: personId });
    if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
    const byName = { simulated_by_name: identity.name ?? null };
    if (dto.channel === 'sms') {
      if (!this.smsSandboxed()) {
        throw new ChannelException(ChannelExceptionCode.NotSandboxed, ChannelMessages.smsNotSandboxed);
      }
      if (!person.primary_phone)
        throw new ChannelException(ChannelExceptionCode.NoAddress, ContactMessages.noPhone);
      const sid = `SIM${randomUUID().replace(/-/g, '')}`;
      const to = await this.numbers.smsNumber(person.practice_id);
      const message = {
        sid,
        from: person.primary_phone,
        to,
        body: dto.message,
        source: 'sandbox' as const,
        // On this lead, even when an older lead of the practice has the same number.
        personId: person.person_id,
      };
      await this.sms.receive(person.practice_id, message, byName);
      const [row]: { event_id: string }[] = await this.dataSource.query(
        `SELECT "event_id" FROM "people"."inbound_messages" WHERE "provider_id" = $1`,
        [sid],
      );
      return { event_id: row.event_id };
    }
    if (!(await this.emailSandboxed(person.practice_id))) {
      throw new ChannelException(ChannelExceptionCode.NotSandboxed, ChannelMessages.emailNotSandboxed);
    }
    if (!person.primary_email)
      throw new ChannelException(ChannelExceptionCode.NoAddress, ContactMessages.noEmail);
    return this.dataSource.transaction(async (manager) => {
      const lead = await manager.findOneOrFail(Person, {
        where: { person_id: person.person_id },
        lock: { mode: 'pessimistic_write' },
      });
      // A reply answers the last e-mail the lead got: 'Re:' its subject.
      const last = await manager.findOne(TimelineEvent, {
        where: { person_id: lead.person_id, event_type: 'email_sent' },
        order: { timestamp: 'DESC' },
      });
      const subject =
        typeof last?.content_data.subject === 'string' ? `Re: ${last.content_data.subject}` : null;
      const received = new Date();
      const event = await this.activity.append(
        manager,
        lead,
        {
          event_type: 'email_received',
          timestamp: received,
          content_data: { from_email: lead.primary_email, subject, message: dto.message, channel: 'email' },
          event_metadata: { source: 'sandbox', ...byName },
        },
        { markUnseen: true },
      );
      await this.engine.inquiryReceived(manager, {
        practice_id: lead.practice_id,
        person_id: lead.person_id,
        event_id: event.event_id,
        channel: 'email',
        received_at: received,
      });
      return { event_id: event.event_id };
    });
  }

  private smsSandboxed(): boolean {
    return twilioAccount(this.config) === null;
  }

  private async emailSandboxed(practiceId: string): Promise<boolean> {
    return this.email ? this.email.sandboxed(practiceId) : true;
  }
}
