import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { InboxRecord, OutboxMessage } from './outbox.entities';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;

export interface ServiceDatabase {
  /** The service's own PostgreSQL schema (docs/architecture.md#ownership). */
  schema: string;
  entities: EntityList;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
}

/**
 * TypeORM options for one service: its own schema, its own migrations table, synchronize never on,
 * migrations run only by the migrate command.
 */
export function dataSourceOptions(url: string, service: string, db: ServiceDatabase): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: db.schema,
    entities: [...(db.entities as unknown[]), OutboxMessage, InboxRecord] as EntityList,
    migrations: db.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    applicationName: service,
    extra: { max: Number(process.env.DB_POOL_MAX ?? 10) },
  };
}

/** Creates the schema if needed and applies pending migrations. Used by each service's migrate command. */
export async function runMigrations(options: DataSourceOptions): Promise<string[]> {
  const schema = (options as { schema?: string }).schema;
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    if (schema) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
