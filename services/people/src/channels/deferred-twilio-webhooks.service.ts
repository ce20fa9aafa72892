import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { PeopleConfig } from '../config';
import { ChannelException } from './channel.exception';
import { readDeferredWebhook } from './deferred-webhook';
import { TwilioInboundService } from './twilio-inbound.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Twilio's SMS and status webhooks the gateway kept in Kafka while this service could not take them
 * (docs/decisions/0056-inbound-sms-kept-while-people-is-down.md): verified again here, then handled exactly as the
 * webhook posted to this service (TwilioInboundService), so an SMS is recorded and answered once per MessageSid
 * however often it arrives, and a status never moves back. A record that does not verify, or that the webhook's
 * route would refuse (a malformed form, a number no practice owns), is dropped with a log line naming no field of
 * it; any other failure (the database away) is retried by the consumer.
 */
@Injectable()
export class DeferredTwilioWebhooks {
  private readonly logger = new Logger('DeferredTwilioWebhooks');

  constructor(
    @Inject(CONFIG) private readonly config: PeopleConfig,
    private readonly inbound: TwilioInboundService,
  ) {}

  async handle(value: unknown): Promise<void> {
    const reading = readDeferredWebhook(value, this.config);
    const id = (value as { event_id?: unknown } | null)?.event_id;
    const record = typeof id === 'string' && UUID.test(id) ? id : 'without an id';
    if ('dropped' in reading) {
      this.logger.warn(`Twilio webhook ${record} from Kafka dropped: ${reading.dropped}`);
      return;
    }
    try {
      if (reading.kind === 'sms') await this.inbound.receiveSms(reading.form);
      else await this.inbound.statusChanged(reading.form);
    } catch (error) {
      if (!(error instanceof ChannelException)) throw error;
      this.logger.warn(`Twilio ${reading.kind} webhook ${record} from Kafka dropped: ${error.message}`);
    }
  }
}
