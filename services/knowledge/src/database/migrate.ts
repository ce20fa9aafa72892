import { migrateCommand } from '@pp/platform';
import { knowledgeService } from '../knowledge.service-definition';
import { knowledgeDatabase } from './database';

/** `node services/knowledge/dist/database/migrate.js`: applies the knowledge schema's pending migrations. */
migrateCommand(knowledgeService, knowledgeDatabase);
