// `npm start`: the whole product on this machine. Installs what is missing, brings the infrastructure up,
// migrates, seeds the demo data, starts every service (the gateway serves the console) and prints the URL
// and the demo sign-ins. Ctrl-C stops everything it started.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, elapsed, ensureInstalled, ROOT, run, SERVICES, serviceScript } from './workspace.mjs';

const startedAt = Date.now();
const LOG_DIR = join(ROOT, 'deploy', 'local', '.run', 'logs');
const KAFKA_PID = join(ROOT, 'deploy', 'local', '.run', 'kafka.pid');
const READY_TIMEOUT_MS = 120_000;
const children = new Map();
let stopping = false;
let startedKafka = false;

async function main() {
  await ensureInstalled();
  await build();
  if (existsSync(join(ROOT, 'console', 'package.json')))
    await run('npm', ['run', 'build', '--workspace', 'console']);
  const { up } = await import('./infra.mjs');
  const kafkaWasOurs = existsSync(KAFKA_PID);
  await up();
  startedKafka = !kafkaWasOurs && existsSync(KAFKA_PID);
  const { migrateAll } = await import('./migrate.mjs');
  const { seedAll } = await import('./seed.mjs');
  await migrateAll();
  await seedAll();

  mkdirSync(LOG_DIR, { recursive: true });
  for (const service of SERVICES) start(service);
  await Promise.all(SERVICES.map(waitReady));
  const url = `http://localhost:${SERVICES.find((s) => s.name === 'gateway').port}`;
  console.log(`
  PracticePilot is running at ${url}   (ready in ${elapsed(startedAt)})

  Demo sign-ins (password: practicepilot)
    demo@practicepilot.example    Glow Aesthetics, Northside Dental
    other@practicepilot.example   Lakeview Plastic Surgery

  API docs ${url}/api/docs   Logs deploy/local/.run/logs/   Ctrl-C stops everything.
`);
}

function start({ name, port }) {
  const log = createWriteStream(join(LOG_DIR, `${name}.log`), { flags: 'a' });
  const child = spawn('node', ['--enable-source-maps', serviceScript(name, 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches run.mjs only, which stops the services in order.
    detached: true,
  });
  const relay = (chunk) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) echoProblem(name, line);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.error(
      `\n${name} stopped unexpectedly (${signal ?? `exit ${code}`}); see deploy/local/.run/logs/${name}.log`,
    );
    void stop(1);
  });
  children.set(name, child);
}

/** The terminal shows warnings and errors; the full JSON logs go to the files. */
function echoProblem(name, line) {
  if (!line.trim()) return;
  try {
    const entry = JSON.parse(line);
    if (entry.level >= 40)
      console.log(`[${name}] ${entry.level >= 50 ? 'ERROR' : 'WARN'} ${entry.msg ?? ''}`);
  } catch {
    console.log(`[${name}] ${line}`);
  }
}

async function waitReady({ name, port }) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until && !stopping) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return console.log(`  ${name.padEnd(11)} ready on :${port}`);
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  if (!stopping)
    throw new Error(
      `${name} was not ready within ${READY_TIMEOUT_MS / 1000} s; see deploy/local/.run/logs/${name}.log`,
    );
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  for (const child of children.values()) child.kill('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (children.size > 0 && Date.now() < deadline) await sleep(100);
  for (const child of children.values()) child.kill('SIGKILL');
  if (startedKafka) {
    const { down } = await import('./infra.mjs');
    await down().catch((error) => console.error(error.message));
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('exit', () => {
  for (const child of children.values()) child.kill('SIGKILL');
});
process.on('SIGTERM', () => void stop(0));

main().catch((error) => {
  console.error(`\n${error.message}`);
  void stop(1);
});
