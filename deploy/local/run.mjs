// `npm start`: the whole product on this machine. Installs what is missing, brings the infrastructure up,
// migrates, seeds the demo data, starts every service (the gateway serves the console) and prints the URL
// and the demo sign-ins. A service or worker that dies on its own is restarted with a backoff, and left stopped
// after repeated crashes while the rest keeps running (supervisor.mjs). Ctrl-C stops everything it started.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startStack } from './stack.mjs';
import { SUPERVISION } from './supervisor.mjs';
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
    // A service or worker that dies is started again (deploy/local/supervisor.mjs), the rest keeps running.
    onSupervision: reportSupervision,
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

/** One line for each crash, restart and give-up of a supervised service. */
function reportSupervision(event) {
  const log = `deploy/local/.run/logs/${event.name}.log`;
  const window = `${SUPERVISION.giveUpWindowMs / 60_000} minutes`;
  if (event.type === 'crashed')
    console.error(
      `[${event.name}] stopped unexpectedly (${event.reason}); restarting in ${event.restartInMs / 1000} s ` +
        `(crash ${event.crashesInWindow} in ${window}); see ${log}`,
    );
  else if (event.type === 'ready') console.log(`[${event.name}] running again`);
  else if (event.type === 'gave-up')
    console.error(
      `[${event.name}] stopped unexpectedly (${event.reason}), crash ${event.crashesInWindow} in ${window}: ` +
        `left stopped, the rest keeps running. See ${log}, fix it and start again.`,
    );
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
