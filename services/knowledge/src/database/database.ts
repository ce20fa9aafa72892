import { KnownLocation, KnownPractice, ServiceDatabase } from '@pp/platform';
import { KnowledgeChunk, KnowledgePage, KnowledgeProcessing } from '../knowledge/knowledge.entities';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { PracticeReadModel1764100000000 } from './migrations/1764100000000-PracticeReadModel';
import { KnowledgeBase1764200000000 } from './migrations/1764200000000-KnowledgeBase';
import { Pricing1764300000000 } from './migrations/1764300000000-Pricing';
import { ReadModelDetails1764330000000 } from './migrations/1764330000000-ReadModelDetails';

export const knowledgeDatabase: ServiceDatabase = {
  schema: 'knowledge',
  entities: [
    KnownPractice,
    KnownLocation,
    // the website knowledge base
    KnowledgePage,
    KnowledgeChunk,
    KnowledgeProcessing,
  ],
  migrations: [
    Initial1763700000000,
    PracticeReadModel1764100000000,
    // the website knowledge base
    KnowledgeBase1764200000000,
    // procedures, offerings, prices, consultation fees, promotions
    Pricing1764300000000,
    // the read model's automation level, site key, location addresses and hours (the AI engine)
    ReadModelDetails1764330000000,
  ],
};
