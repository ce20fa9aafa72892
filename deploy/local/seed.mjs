// `npm run seed`: each service seeds its own tables with the demo data; idempotent.
import { secretsFor } from './secrets.mjs';
import { run, SERVICES, serviceScript } from './workspace.mjs';

export async function seedAll(env = process.env) {
  for (const { name } of SERVICES)
    await run('node', [serviceScript(name, 'database/seed.js')], {
      // A service loads its whole configuration, secrets included (the local ones unless env has its own).
      env: { ...secretsFor(name), ...env },
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedAll().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
