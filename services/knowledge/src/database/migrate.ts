import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { knowledgeService } from '../knowledge.service-definition';
import { knowledgeDatabase } from './database';

/** `node services/knowledge/dist/database/migrate.js`: applies the knowledge schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(knowledgeService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'knowledge-migrate', knowledgeDatabase),
  );
  console.log(`knowledge: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
