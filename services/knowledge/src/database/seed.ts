import { seedCommand } from '@pp/platform';
import { knowledgeService } from '../knowledge.service-definition';
import { seedKnowledge } from '../knowledge/knowledge.seed';
import { knowledgeDatabase } from './database';

/** `node services/knowledge/dist/database/seed.js`: the knowledge service's demo data; idempotent. */
seedCommand(knowledgeService, knowledgeDatabase, async (dataSource) => {
  const parts = [await seedKnowledge(dataSource)];
  return parts.join('; ');
});
