import { seedCommand } from '@pp/platform';
import { seedKnowledge } from '../knowledge/knowledge.seed';
import { knowledgeService } from '../knowledge.service-definition';
import { knowledgeDatabase } from './database';
import { seedPricing } from './seed-pricing';

/** `node services/knowledge/dist/database/seed.js`: the knowledge service's demo data; idempotent. */
seedCommand(knowledgeService, knowledgeDatabase, async (dataSource) => {
  const parts = [await seedKnowledge(dataSource), await seedPricing(dataSource)];
  return parts.join('; ');
});
