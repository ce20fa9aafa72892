import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PracticeReadModelModule } from '@pp/platform';
import { KnowledgeConfig } from './config';
import { knowledgeDatabase } from './database/database';
import { KnowledgeModule } from './knowledge/knowledge.module';
import { OfferModule } from './offer/offer.module';
// Pricing: procedures, consultation fees, promotions
import { FeesModule } from './fees/fees.module';
import { ProceduresModule } from './procedures/procedures.module';
import { PromotionsModule } from './promotions/promotions.module';
import { KNOWLEDGE_QUEUE } from './queues';

@Module({})
export class AppModule {
  static forRoot(config: KnowledgeConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: knowledgeDatabase }),
        BullModule.registerQueue({ name: KNOWLEDGE_QUEUE }),
        PracticeReadModelModule,
        OfferModule,
        // The website knowledge base; its crawl processor runs only where ROLE is worker or all.
        KnowledgeModule.forRoot(config),
        // Pricing: procedures, consultation fees, promotions
        ProceduresModule,
        FeesModule,
        PromotionsModule,
      ],
    };
  }
}
