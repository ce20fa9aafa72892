import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { peopleService } from '../people.service-definition';
import { peopleDatabase } from './database';

/** `node services/people/dist/database/migrate.js`: applies the people schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(peopleService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'people-migrate', peopleDatabase),
  );
  console.log(`people: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
