import { DataSource } from 'typeorm';

/** The node-postgres pool behind a TypeORM data source (its driver's `master`). */
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a read as a named prepared statement, outside any transaction: PostgreSQL parses and plans it once per
 * connection and then reuses the plan, where `DataSource.query` plans every call again. For a hot statement whose
 * planning costs more than running it (the knowledge search's CTEs: 1.3 ms of planning to 0.9 ms of work a call,
 * docs/PERFORMANCE.md#speed-to-lead-issue-11). `name` must be unique to `text` across the service.
 */
export async function preparedQuery<T>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
