// `npm run seed`: each service seeds its own tables with the demo data; idempotent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceEnv } from './secrets.mjs';
import { ROOT, run, SERVICES, serviceScript } from './workspace.mjs';

/**
 * Where a service's seed command is built. People's demo seed is a project of its own
 * (services/people/seed), built beside the service but never into its dist or the production image.
 */
const SEED_SCRIPTS = {
  people: join(ROOT, 'services', 'people', 'seed', 'dist', 'seed', 'seed.js'),
};

/**
 * Seeds every service in SERVICES order. People's seed runs before calendar's and hands it the seeded leads'
 * appointments in SEED_HANDOFF_DIR (docs/decisions/0024-seeded-appointments.md): a directory of this run's own, so
 * that two stacks seeding at once (the browser tests' and `npm start`) never read each other's handoff.
 */
export async function seedAll(env = process.env) {
  const handoff = mkdtempSync(join(tmpdir(), 'practicepilot-seed-'));
  try {
    for (const { name } of SERVICES) {
      await run('node', [SEED_SCRIPTS[name] ?? serviceScript(name, 'database/seed.js')], {
        // A service loads its whole configuration, secrets included (the local ones unless env has its own).
        env: { ...serviceEnv(name, env), SEED_HANDOFF_DIR: handoff },
      });
    }
  } finally {
    rmSync(handoff, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedAll().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
