import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { gatewayService } from '../gateway.service-definition';
import { gatewayDatabase } from './database';

/** `node services/gateway/dist/database/migrate.js`: applies the gateway schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(gatewayService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'gateway-migrate', gatewayDatabase),
  );
  console.log(`gateway: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
