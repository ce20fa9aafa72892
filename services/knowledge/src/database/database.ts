import { ServiceDatabase } from '@pp/platform';
import { KnownLocation, KnownPractice } from '../practices/practice-read-model.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { PracticeReadModel1764100000000 } from './migrations/1764100000000-PracticeReadModel';
import { Pricing1764300000000 } from './migrations/1764300000000-Pricing';

export const knowledgeDatabase: ServiceDatabase = {
  schema: 'knowledge',
  entities: [KnownPractice, KnownLocation],
  migrations: [
    Initial1763700000000,
    PracticeReadModel1764100000000,
    // Pricing: procedures, offerings, prices, consultation fees, promotions
    Pricing1764300000000,
  ],
};
