import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server the integration tests use: DATABASE_URL's, or the local default. */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/practicepilot';
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file, so files never see each other's rows and can run in parallel.
 * Dropped (with FORCE) when the file is done.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `pp_it_${label.replace(/\W/g, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: withDatabase(testServerUrl(), 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(testServerUrl(), name),
    async drop() {
      const client = new Client({ connectionString: withDatabase(testServerUrl(), 'postgres') });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
