// CPU time spent by the stack's processes between two readings, from /proc (Linux; elsewhere the figures are
// empty): each service by name, and the infrastructure (Kafka, PostgreSQL, Redis) by process name. Benchmarks print
// it per unit of work to show where a burst's CPU goes.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** user + system CPU seconds of one process (or, given `thread`, of that thread of it), 0 when it is gone. */
function cpuSeconds(pid, thread) {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Which infrastructure a process is, from its command line; null for anything else. */
function infrastructureOf(pid) {
  let command;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
  if (command.includes('kafka.Kafka')) return 'kafka';
  if (command.startsWith('postgres')) return 'postgresql';
  if (command.startsWith('redis-server')) return 'redis';
  return null;
}

/** What a service's main thread (its event loop) spent, beside the whole process's figure. */
const MAIN_THREAD = '#main';

/**
 * A reading: CPU seconds per service (given their pids), of each service's main thread (`<name>#main`: the event
 * loop, where its requests, jobs and consumers wait on one another) and per infrastructure.
 */
export function readCpu(servicePids) {
  const reading = {};
  for (const [name, pid] of Object.entries(servicePids)) {
    reading[name] = cpuSeconds(pid);
    reading[`${name}${MAIN_THREAD}`] = cpuSeconds(pid, pid);
  }
  let processes = [];
  try {
    processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return reading;
  }
  for (const pid of processes) {
    const kind = infrastructureOf(pid);
    if (kind) reading[kind] = (reading[kind] ?? 0) + cpuSeconds(pid);
  }
  return reading;
}

/**
 * "people 46.0 s (46 ms/form; event loop 41 ms/form), kafka …": the CPU between two readings, largest first, per
 * unit of work; a service's event loop shown where its other threads (the runtime's: garbage collection, the
 * thread pool) spent a share of its own. Infrastructure processes that ended between the readings are not counted (PostgreSQL
 * backends of closed connections); the figures are a floor.
 */
export function cpuBetween(before, after, units, unitName) {
  const between = (name) => after[name] - (before[name] ?? 0);
  const spent = Object.keys(after)
    .filter((name) => !name.endsWith(MAIN_THREAD))
    .map((name) => [name, between(name)])
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = spent.reduce((sum, [, seconds]) => sum + seconds, 0);
  const ms = (seconds) => Math.round((seconds * 1000) / units);
  const per = (seconds) => `${ms(seconds)} ms/${unitName}`;
  const eventLoop = (name, seconds) => {
    const main = `${name}${MAIN_THREAD}`;
    return main in after && ms(between(main)) < ms(seconds) ? `; event loop ${per(between(main))}` : '';
  };
  return `${spent.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s (${per(seconds)}${eventLoop(name, seconds)})`).join(', ')}; total ${total.toFixed(1)} s (${per(total)})`;
}
