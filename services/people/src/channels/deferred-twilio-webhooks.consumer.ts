import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { DeferredTwilioWebhooks } from './deferred-twilio-webhooks.service';

/** Consumes gateway.twilio-webhooks: the SMS and status webhooks the gateway kept while people was away. */
@Controller()
export class DeferredTwilioWebhooksConsumer {
  constructor(private readonly webhooks: DeferredTwilioWebhooks) {}

  @EventPattern(Topics.twilioWebhooks)
  async onWebhook(@Payload() record: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.webhooks.handle(record));
  }
}
