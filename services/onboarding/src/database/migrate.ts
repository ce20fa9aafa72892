import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { onboardingService } from '../onboarding.service-definition';
import { onboardingDatabase } from './database';

/** `node services/onboarding/dist/database/migrate.js`: applies the onboarding schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(onboardingService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'onboarding-migrate', onboardingDatabase),
  );
  console.log(`onboarding: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
