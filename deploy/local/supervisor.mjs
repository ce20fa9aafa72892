// Keeps one process of the local stack running the way Kubernetes keeps a pod: when it dies on its own it is
// started again after a backoff that doubles with each crash in a row (1 s, 2 s, 4 s… up to 30 s), and after too
// many crashes in a short time it is left down, said once, while the rest of the stack keeps running
// (docs/decisions/0042-local-stack-supervision.md).

/** The default policy: what `npm start` uses. */
export const SUPERVISION = {
  /** The first restart's delay; each crash in a row doubles it. */
  initialBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  /** Up this long, a process has recovered: the next crash starts the backoff again from its first step. */
  healthyAfterMs: 60_000,
  /** This many crashes within the window and it is left down (Kubernetes would show CrashLoopBackOff). */
  giveUpAfterCrashes: 5,
  giveUpWindowMs: 5 * 60_000,
};

/**
 * Supervises one process.
 *
 * @param {object} options
 * @param {string} options.name the process's name in the events
 * @param {() => import('node:child_process').ChildProcess} options.start starts the process (again)
 * @param {(event: SupervisorEvent) => void} [options.onEvent] each crash, restart and the give-up
 * @param {Partial<typeof SUPERVISION>} [options.policy]
 * @param {() => number} [options.now]
 * @returns {{ child: () => import('node:child_process').ChildProcess | null, stop: () => void }}
 *
 * @typedef {{ type: 'crashed', name: string, reason: string, restartInMs: number, crashesInWindow: number }
 *   | { type: 'restarted', name: string, pid: number | undefined }
 *   | { type: 'gave-up', name: string, reason: string, crashesInWindow: number }} SupervisorEvent
 */
export function supervise({ name, start, onEvent = () => {}, policy = {}, now = Date.now }) {
  const rules = { ...SUPERVISION, ...policy };
  /** When each crash within the window happened. */
  let crashes = [];
  let inARow = 0;
  let current = null;
  let startedAt = 0;
  let timer = null;
  let stopped = false;

  const launch = () => {
    startedAt = now();
    const child = start();
    current = child;
    child.once('exit', (code, signal) => {
      if (current === child) current = null;
      if (!stopped) crashed(signal ?? `exit ${code}`);
    });
    return child;
  };

  const crashed = (reason) => {
    const at = now();
    crashes = [...crashes.filter((time) => at - time < rules.giveUpWindowMs), at];
    inARow = at - startedAt >= rules.healthyAfterMs ? 1 : inARow + 1;
    if (crashes.length >= rules.giveUpAfterCrashes) {
      onEvent({ type: 'gave-up', name, reason, crashesInWindow: crashes.length });
      return;
    }
    const restartInMs = Math.min(rules.initialBackoffMs * 2 ** (inARow - 1), rules.maxBackoffMs);
    onEvent({ type: 'crashed', name, reason, restartInMs, crashesInWindow: crashes.length });
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      const child = launch();
      onEvent({ type: 'restarted', name, pid: child.pid });
    }, restartInMs);
  };

  launch();
  return {
    child: () => current,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
