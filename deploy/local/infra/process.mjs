// Process, file, lock and address helpers shared by the infrastructure modules (deploy/local/infra.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { InfraError, RUN_DIR, log, sleep } from './config.mjs';

/** Awaits every promise (so no half-finished work is left behind), then throws the first failure. */
export async function settleAll(promises) {
  const results = await Promise.allSettled(promises);
  const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new InfraError(failures.map((e) => e.message).join('\n'));
}

/**
 * Serialises up/down across processes (e.g. two test runs calling up() at once) with a lock file
 * holding the owner's pid; a lock whose owner died is taken over.
 */
export async function withLock(name, fn, timeoutMs = 120_000) {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const file = path.join(RUN_DIR, `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = readPid(file);
      if (owner && !isAlive(owner)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new InfraError(`timed out waiting for ${file} (held by pid ${owner})`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export async function waitFor(check, timeoutMs, message) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new InfraError(message);
}

/** SIGTERM, wait up to timeoutMs, then SIGKILL. */
export async function stopProcess(pid, timeoutMs) {
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) {
    log(`pid ${pid} did not exit within ${timeoutMs / 1000} s, sending SIGKILL`);
    signal(pid, 'SIGKILL');
    while (isAlive(pid)) await sleep(100);
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch (err) {
    if (err.code !== 'ESRCH') throw err;
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // A zombie (exited, not yet reaped by its parent) still "exists"; treat it as dead.
  const stat = readFileOrNull(`/proc/${pid}/stat`);
  return !stat || !/^\d+ \(.*\) Z/.test(stat);
}

/** The process's command line (Linux /proc), or null when it cannot be read on this OS. */
export function processCommandLine(pid) {
  return readFileOrNull(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? null;
}

export function readPid(file) {
  const pid = Number.parseInt(readFileOrNull(file) ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function readFileOrNull(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function writeMarker(file, data) {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data)}\n`);
}

export function readMarker(file) {
  const text = readFileOrNull(file);
  return text ? JSON.parse(text) : null;
}

/** The last `lines` lines of a (possibly large) text file. */
export function tail(file, lines) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return '(no such file)';
  }
  try {
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Before starting a server: if its port is open anyway, a server is running but refused us (wrong password,
 * user, database…) or it is something else entirely; starting another one would not help.
 */
export async function assertPortFree(name, hostname, port, error) {
  if (await portInUse(port, hostname.replace(/^\[|\]$/g, ''))) {
    throw new InfraError(`${name}: port ${port} is open, but connecting failed: ${error.message}`);
  }
}

/** True when something accepts TCP connections on host:port. */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const finish = (inUse) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs a command without blocking the event loop (the other components are checked meanwhile) and
 * collects its output, which is shown only if it fails. Unless `check` is false, a failure (exit code != 0,
 * or command not found) throws an InfraError; otherwise resolves to { status, output }.
 */
export function run(command, args, { check = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (status, reason) => {
      if (status === 0 || !check) resolve({ status, output });
      else
        reject(new InfraError(`\`${command} ${args.join(' ')}\` failed (${reason}):\n${output.trimEnd()}`));
    };
    child.once('error', (err) => done(-1, err.message));
    child.once('close', (code, sig) => done(code ?? -1, sig ? `signal ${sig}` : `exit ${code}`));
  });
}

export function splitHostPort(entry) {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(entry);
  return match ? { host: match[1], port: Number(match[2]) } : { host: entry, port: NaN };
}

export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

export function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The URL without its password, for messages. */
export function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Java .properties treat backslash as an escape; forward slashes work on every OS. */
export function toPropertyPath(p) {
  return p.replaceAll('\\', '/');
}
