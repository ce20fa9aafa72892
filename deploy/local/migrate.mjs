// `npm run migrate`: applies every service's migrations to its own schema (services must be built).
import { run, SERVICES, serviceScript } from './workspace.mjs';

export async function migrateAll(env = process.env) {
  for (const { name } of SERVICES) await run('node', [serviceScript(name, 'database/migrate.js')], { env });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrateAll().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
