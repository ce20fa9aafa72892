// What a benchmark's own stack starts from: its Redis database emptied, its database migrated and seeded.
import { migrateAll } from '../../deploy/local/migrate.mjs';
import { seedAll } from '../../deploy/local/seed.mjs';

/** Empties `env.REDIS_URL`'s database, then migrates and seeds `env.DATABASE_URL` as `npm start` would. */
export async function freshStackData(env) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  await migrateAll({ ...process.env, ...env });
  await seedAll({ ...process.env, ...env });
}
