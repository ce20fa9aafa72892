import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { KnowledgeConfig } from './config';
import { knowledgeDatabase } from './database/database';
import { PracticesModule } from './practices/practices.module';
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
        PracticesModule,
        // Pricing: procedures, consultation fees, promotions
        ProceduresModule,
        FeesModule,
        PromotionsModule,
      ],
    };
  }
}
