import { seedCommand } from '@pp/platform';
import { knowledgeService } from '../knowledge.service-definition';
import { knowledgeDatabase } from './database';
import { seedPricing } from './seed-pricing';

/** `node services/knowledge/dist/database/seed.js`: the knowledge service's demo data (idempotent). */
seedCommand(knowledgeService, knowledgeDatabase, async (dataSource) => seedPricing(dataSource));
