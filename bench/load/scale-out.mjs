// `npm run bench:scale-out`: the scale-out claim measured (issue 30). The same burst of website forms through the
// whole stack (`bench/speed-to-lead.mjs`), once with one people process and once with a second one (ROLE worker)
// beside it, sharing the engine's queues and the forms topic's consumer group as more worker pods do (deploy/k8s).
// Prints each run's figures and the ratio of their throughputs (leads answered or handed to staff a second, from
// the burst's start until the last). Options: --forms=<n> (default 10000), --people-workers=<a,b> (default 1,2),
// --people-cpu=<cores> (each people process held to that much CPU, as a pod's CPU limit holds it).
// On a machine with fewer cores than the stack has busy processes, a second unlimited worker shares the same
// cores: that ratio says what scale-out buys on this machine, not on a cluster. With --people-cpu each worker is
// what a pod of that limit is on a node of its own, and the ratio says whether the work spreads over workers
// without their waiting on one another, as long as the rest of the machine keeps up (the CPU column says).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../deploy/local/workspace.mjs';
import { option } from '../lib/support.mjs';

const FORMS = Number(option('forms', 10000));
const WORKERS = option('people-workers', '1,2').split(',').map(Number);
const PEOPLE_CPU = option('people-cpu', undefined);

const runs = WORKERS.map((workers) => {
  console.log(
    `— ${FORMS} forms, ${workers} people process(es)${PEOPLE_CPU === undefined ? '' : `, each held to ${PEOPLE_CPU} of a core`}`,
  );
  const result = spawnSync(
    'node',
    [
      join(ROOT, 'bench/speed-to-lead.mjs'),
      `--forms=${FORMS}`,
      `--people-workers=${workers}`,
      '--deadline=1800',
      ...(PEOPLE_CPU === undefined ? [] : [`--people-cpu=${PEOPLE_CPU}`]),
    ],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 },
  );
  process.stdout.write(result.stdout);
  if (result.status !== 0) throw new Error(`the burst with ${workers} people process(es) failed`);
  const throughput = Number(/\(([\d.]+) leads a second\)/.exec(result.stdout)?.[1]);
  const p95 = /p95 ([\d.]+ s)/.exec(result.stdout)?.[1];
  const cpu = /CPU from the burst's start[^:]*: (.*)/.exec(result.stdout)?.[1];
  return { workers, throughput, p95, cpu };
});

console.log('\npeople processes | leads a second | p95 speed to lead | CPU');
for (const run of runs) console.log(`${run.workers} | ${run.throughput} | ${run.p95} | ${run.cpu}`);
const [first, ...rest] = runs;
for (const run of rest)
  console.log(
    `throughput with ${run.workers} people processes against ${first.workers}: ${(run.throughput / first.throughput).toFixed(2)}×`,
  );
