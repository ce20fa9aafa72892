import { Global, Module } from '@nestjs/common';
import { RecipientRefusedHook } from '../outreach/recipient-refused-hook';
import { DeferredTwilioWebhooksConsumer } from './deferred-twilio-webhooks.consumer';
import { DeferredTwilioWebhooks } from './deferred-twilio-webhooks.service';
import { LeadConsent } from './lead-consent';
import { SimulatedRepliesController } from './simulated-replies.controller';
import { SimulatedReplies } from './simulated-replies.service';
import { TwilioInboundService } from './twilio-inbound.service';
import { TwilioWebhooksController } from './twilio-webhooks.controller';

/**
 * The real channels' side of a lead (docs/product/channels.md): consent (opt-out, opt-in) and what a provider's
 * refusal means for the lead, Twilio's inbound SMS and status webhooks (posted, or kept in Kafka by the gateway
 * while this service was away), and the sandbox's simulated replies. Global: the outreach sender tells it of refusals (RecipientRefusedHook).
 */
@Global()
@Module({
  controllers: [TwilioWebhooksController, SimulatedRepliesController, DeferredTwilioWebhooksConsumer],
  providers: [
    TwilioInboundService,
    DeferredTwilioWebhooks,
    SimulatedReplies,
    LeadConsent,
    { provide: RecipientRefusedHook, useExisting: LeadConsent },
  ],
  exports: [LeadConsent, RecipientRefusedHook],
})
export class ChannelsModule {}
