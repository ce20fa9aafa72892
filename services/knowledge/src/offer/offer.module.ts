import { Global, Module } from '@nestjs/common';
import { OfferAnnouncer } from './offer-announcer';

/** What the AI may quote, announced on knowledge.changes (docs/product/ai-engine.md#what-the-ai-may-quote). */
@Global()
@Module({ providers: [OfferAnnouncer], exports: [OfferAnnouncer] })
export class OfferModule {}
