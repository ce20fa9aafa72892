// `npm run migrate`: applies every service's migrations to its own schema (services must be built).
import { serviceEnv } from './secrets.mjs';
import { run, SERVICES, serviceScript } from './workspace.mjs';

export async function migrateAll(env = process.env) {
  for (const { name } of SERVICES)
    await run('node', [serviceScript(name, 'database/migrate.js')], {
      // A service loads its whole configuration, secrets included (the local ones unless env has its own).
      env: serviceEnv(name, env),
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrateAll().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
