// Starts every built service as a child process (logs to files), waits until each is ready, and stops them
// all. Used by `npm start` (run.mjs) and by the browser tests in `npm test` (test.mjs), which run their own
// stack on other ports and another database so a developer's running product is left alone.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceEnv } from './secrets.mjs';
import { supervise } from './supervisor.mjs';
import { ROOT, SERVICES, serviceScript } from './workspace.mjs';

const READY_TIMEOUT_MS = 120_000;

/**
 * @param {object} options
 * @param {number} options.gatewayPort the gateway's port; the services take the next five ports
 * @param {Record<string, string>} options.env extra environment for every service (DATABASE_URL...)
 * @param {string} options.logDir where each service writes <name>.log
 * @param {(name: string, line: string) => void} [options.onLine] each line a service prints
 * @param {(name: string, reason: string) => void} [options.onUnexpectedExit] a service died on its own (without
 *   `onSupervision`: the stack does not restart it)
 * @param {(event: import('./supervisor.mjs').SupervisorEvent | { type: 'ready', name: string }) => void}
 *   [options.onSupervision] given, a service that dies on its own is restarted (supervisor.mjs), and this hears
 *   each crash, restart, return to readiness and give-up
 * @param {{ name: string, service: string, port: number, env: Record<string, string> }[]} [options.extra] more
 *   instances of a service beside the stack's, each on its own port with environment of its own (the browser
 *   tests' second gateway, configured with a map tile server)
 */
export async function startStack({
  gatewayPort,
  env = {},
  logDir,
  onLine,
  onUnexpectedExit,
  onSupervision,
  extra = [],
}) {
  const ports = {
    ...portsFrom(gatewayPort),
    ...Object.fromEntries(extra.map(({ name, port }) => [name, port])),
  };
  const extraEnv = Object.fromEntries(extra.map(({ name, env: own }) => [name, own]));
  const processes = [...stackProcesses(), ...extra.map(({ name, service }) => ({ name, service }))];
  const children = new Map();
  let stopping = false;
  mkdirSync(logDir, { recursive: true });
  const serviceUrls = Object.fromEntries(
    SERVICES.filter(({ name }) => name !== 'gateway').map(({ name }) => [
      `${name.toUpperCase()}_URL`,
      `http://127.0.0.1:${ports[name]}`,
    ]),
  );

  const spawnProcess = (name, service, role, log) => {
    // PP_CPU_PROF_DIR: each service writes a V8 CPU profile there when it stops (open it in Chrome's DevTools);
    // node refuses --cpu-prof in NODE_OPTIONS.
    const profile = process.env.PP_CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PP_CPU_PROF_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [];
    const child = spawn('node', [...profile, '--enable-source-maps', serviceScript(service, 'main.js')], {
      cwd: ROOT,
      env: {
        // Generated on first start (secrets.mjs); a value set in the environment wins, but only the gateway
        // ever gets the signing secrets.
        // people (ROLE all here) runs INTAKE_CONCURRENCY + OUTREACH_CONCURRENCY jobs besides its consumers and
        // relay, each on a connection of its pool (services/people/README.md).
        ...(name === 'people' ? { DB_POOL_MAX: '16' } : {}),
        ...serviceEnv(service, process.env),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        // Loopback only: nothing outside this machine reaches a service port (nor the gateway's).
        HOST: '127.0.0.1',
        ...serviceUrls,
        ...env,
        ...extraEnv[name],
        ...(role ? { ROLE: role } : {}),
        PORT: String(ports[name]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C reaches the script only, which stops the services in order.
      detached: true,
    });
    const relay = (chunk) => {
      log.write(chunk);
      if (onLine) for (const line of chunk.toString().split('\n')) if (line.trim()) onLine(name, line);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('exit', () => {
      if (children.get(name) === child) children.delete(name);
    });
    children.set(name, child);
    return child;
  };

  const supervisors = [];
  for (const { name, service, role } of processes) {
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    if (!onSupervision) {
      const child = spawnProcess(name, service, role, log);
      child.on('exit', (code, signal) => {
        if (!stopping) onUnexpectedExit?.(name, signal ?? `exit ${code}`);
      });
      continue;
    }
    // Restarted when it dies on its own, as Kubernetes restarts a pod (supervisor.mjs); the rest keeps running.
    const supervisor = supervise({
      name,
      start: () => spawnProcess(name, service, role, log),
      onEvent: (event) => {
        if (stopping) return;
        onSupervision(event);
        if (event.type === 'restarted')
          void waitReady(name, ports[name], logDir, () => stopping, { quiet: true })
            .then(() => !stopping && onSupervision({ type: 'ready', name }))
            .catch(() => {});
      },
    });
    supervisors.push(supervisor);
  }

  const stop = async () => {
    stopping = true;
    for (const supervisor of supervisors) supervisor.stop();
    for (const child of children.values()) child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (children.size > 0 && Date.now() < deadline) await sleep(100);
    for (const child of children.values()) child.kill('SIGKILL');
  };
  process.on('exit', () => {
    for (const child of children.values()) child.kill('SIGKILL');
  });

  try {
    await Promise.all(processes.map(({ name }) => waitReady(name, ports[name], logDir, () => stopping)));
  } catch (error) {
    await stop();
    throw error;
  }
  /** The running services' process ids by name (benchmarks read their CPU time). */
  const pids = () => Object.fromEntries([...children].map(([name, child]) => [name, child.pid]));
  return { url: `http://localhost:${ports.gateway}`, ports, pids, stop };
}

/**
 * The processes of the stack: one per service (its ROLE the default, all), except analytics, which runs as
 * deployed: its HTTP API with the tracking ingress (ROLE=api) and its Kafka consumer (analytics-worker,
 * ROLE=worker), so that applying a burst of pageviews does not take the ingress's CPU.
 */
export function stackProcesses() {
  return [
    ...SERVICES.map(({ name }) => ({ name, service: name, role: name === 'analytics' ? 'api' : undefined })),
    { name: 'analytics-worker', service: 'analytics', role: 'worker' },
  ];
}

/** The gateway on its port, the other services on the ports after it, in SERVICES order, then analytics-worker. */
export function portsFrom(gatewayPort) {
  const others = stackProcesses().filter(({ name }) => name !== 'gateway');
  return {
    gateway: gatewayPort,
    ...Object.fromEntries(others.map(({ name }, index) => [name, gatewayPort + 1 + index])),
  };
}

async function waitReady(name, port, logDir, isStopping, { quiet = false } = {}) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until && !isStopping()) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return quiet || console.log(`  ${name.padEnd(16)} ready on :${port}`);
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  if (!isStopping())
    throw new Error(
      `${name} was not ready within ${READY_TIMEOUT_MS / 1000} s; see ${join(logDir, `${name}.log`)}`,
    );
}
