// `npm start`: the whole product on this machine. Installs what is missing, brings the infrastructure up,
// migrates, seeds the demo data, starts every service (the gateway serves the console) and prints the URL
// and the demo sign-ins. Ctrl-C stops everything it started.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startStack } from './stack.mjs';
import { build, elapsed, ensureInstalled, ROOT, run, SERVICES } from './workspace.mjs';

const startedAt = Date.now();
const LOG_DIR = join(ROOT, 'deploy', 'local', '.run', 'logs');
const KAFKA_PID = join(ROOT, 'deploy', 'local', '.run', 'kafka.pid');
let stack = null;
let stopping = false;
let startedKafka = false;

async function main() {
  await ensureInstalled();
  await build();
  await run('npm', ['run', 'build', '--workspace', 'console']);
  const { up } = await import('./infra.mjs');
  const kafkaWasOurs = existsSync(KAFKA_PID);
  await up();
  startedKafka = !kafkaWasOurs && existsSync(KAFKA_PID);
  const { migrateAll } = await import('./migrate.mjs');
  const { seedAll } = await import('./seed.mjs');
  await migrateAll();
  await seedAll();

  stack = await startStack({
    gatewayPort: SERVICES.find((s) => s.name === 'gateway').port,
    // The local stack plays a site behind Cloudflare: analytics takes the visitor's location from Cloudflare's
    // headers (nothing but this machine reaches the loopback-only gateway; a browser here sends none and gets no
    // location). `npm run simulate` sends them as Cloudflare's edge would (docs/decisions/0030-traffic-simulator.md).
    env: { TRACKING_GEO_HEADERS: process.env.TRACKING_GEO_HEADERS ?? 'cloudflare' },
    logDir: LOG_DIR,
    onLine: echoProblem,
    onUnexpectedExit: (name, reason) => {
      console.error(`\n${name} stopped unexpectedly (${reason}); see deploy/local/.run/logs/${name}.log`);
      void stop(1);
    },
  });
  const url = stack.url;
  console.log(`
  PracticePilot is running at ${url}   (ready in ${elapsed(startedAt)})

  Demo sign-ins (password: practicepilot)
    demo@practicepilot.example    Glow Aesthetics, Northside Dental
    other@practicepilot.example   Lakeview Plastic Surgery

  API docs ${url}/api/docs   Logs deploy/local/.run/logs/   Ctrl-C stops everything.
  Secrets (generated on first start, git-ignored): deploy/local/.secrets/local.json
`);
}

/** The terminal shows warnings and errors; the full JSON logs go to the files. */
function echoProblem(name, line) {
  try {
    const entry = JSON.parse(line);
    if (entry.level >= 40)
      console.log(`[${name}] ${entry.level >= 50 ? 'ERROR' : 'WARN'} ${entry.msg ?? ''}`);
  } catch {
    console.log(`[${name}] ${line}`);
  }
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack?.stop();
  if (startedKafka) {
    const { down } = await import('./infra.mjs');
    await down().catch((error) => console.error(error.message));
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

main().catch((error) => {
  console.error(`\n${error.message}`);
  void stop(1);
});
