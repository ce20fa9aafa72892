import { DataSource } from 'typeorm';
import { loadServiceConfig, ServiceDefinition } from '../bootstrap';
import type { ServiceConfig } from '../platform.module';
import { dataSourceOptions, runMigrations, ServiceDatabase } from './data-source';

function exitOnError(run: () => Promise<void>): void {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** The body of a service's `dist/database/migrate.js`: applies its schema's pending migrations. */
export function migrateCommand<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  database: ServiceDatabase,
): void {
  exitOnError(async () => {
    const config = loadServiceConfig(definition);
    const applied = await runMigrations(
      dataSourceOptions(config.DATABASE_URL, `${definition.name}-migrate`, database),
    );
    console.log(
      `${definition.name}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`,
    );
  });
}

/** The body of a service's `dist/database/seed.js`: runs `seed` on the service's schema and prints its summary. */
export function seedCommand<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  database: ServiceDatabase,
  seed: (dataSource: DataSource) => Promise<string>,
): void {
  exitOnError(async () => {
    const config = loadServiceConfig(definition);
    const dataSource = new DataSource(
      dataSourceOptions(config.DATABASE_URL, `${definition.name}-seed`, database),
    );
    await dataSource.initialize();
    try {
      console.log(`${definition.name}: ${await seed(dataSource)}`);
    } finally {
      await dataSource.destroy();
    }
  });
}
