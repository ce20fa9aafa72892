import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { analyticsService } from '../analytics.service-definition';
import { analyticsDatabase } from './database';

/** `node services/analytics/dist/database/migrate.js`: applies the analytics schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(analyticsService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'analytics-migrate', analyticsDatabase),
  );
  console.log(`analytics: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
