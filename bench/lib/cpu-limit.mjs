// Holds a process to a share of the machine's CPU the way a pod's CPU limit does: Kubernetes gives each container a
// cgroup whose CFS quota is the limit (`limits.cpu: 500m` → 50 ms of CPU in every 100 ms period, however many
// threads). Here each limited process gets a cgroup of its own under the cpu controller (cgroup v1's
// /sys/fs/cgroup/cpu, or v2's cpu.max), made for the run and removed after it. Needs write access to the cgroup
// tree (root on these machines); refuses with what to do otherwise.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';
const PERIOD_US = 100_000;

function hierarchy() {
  if (existsSync(join(V1, 'cpu.cfs_quota_us'))) return { root: V1, version: 1 };
  if (
    existsSync(join(V2, 'cgroup.controllers')) &&
    readFileSync(join(V2, 'cgroup.controllers'), 'utf8').includes('cpu')
  )
    return { root: V2, version: 2 };
  return null;
}

/**
 * Limits each process (`{ name: pid }`) to `cores` of CPU, each in a cgroup of its own (`pp-bench-<name>`). Answers
 * a function that removes the cgroups once the processes have exited (a cgroup with a process left in it stays).
 */
export function limitCpu(pids, cores) {
  const found = hierarchy();
  if (!found)
    throw new Error(
      '--people-cpu needs the cgroup cpu controller (/sys/fs/cgroup/cpu or cgroup v2 with cpu)',
    );
  const quota = Math.round(cores * PERIOD_US);
  const groups = [];
  for (const [name, pid] of Object.entries(pids)) {
    const group = join(found.root, `pp-bench-${name}`);
    try {
      mkdirSync(group, { recursive: true });
      if (found.version === 1) {
        writeFileSync(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quota));
      } else {
        writeFileSync(join(group, 'cpu.max'), `${quota} ${PERIOD_US}`);
      }
      // cgroup.procs moves the whole process, every thread of it (V8's platform threads included).
      writeFileSync(join(group, 'cgroup.procs'), String(pid));
    } catch (error) {
      throw new Error(`--people-cpu: could not limit ${name} (${error.code ?? error.message}); run as root`);
    }
    groups.push(group);
  }
  return () => {
    for (const group of groups) {
      try {
        rmdirSync(group);
      } catch {
        // Still has a process (one that outlived the stack): left for the next run to reuse.
      }
    }
  };
}
