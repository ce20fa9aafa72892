import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs `body` as an ES module beside deploy/local/supervisor.mjs (Jest runs CommonJS) with real child
 * processes, and returns what it prints as JSON when it is done. The module ends when nothing is left to wait for.
 */
function runSupervised(body: string): { started: number; events: { type: string; restartInMs?: number }[] } {
  const script = `
    import { spawn } from 'node:child_process';
    import { supervise } from './deploy/local/supervisor.mjs';
    const events = [];
    let started = 0;
    const crashing = () => { started += 1; return spawn(process.execPath, ['-e', 'process.exit(3)']); };
    const waiting = () => { started += 1; return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']); };
    const report = () => console.log(JSON.stringify({ started, events }));
    ${body}
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

describe('the local stack’s supervisor', () => {
  it('restarts a process that dies, doubling the backoff, and leaves it stopped after repeated crashes', () => {
    const { started, events } = runSupervised(`
      supervise({
        name: 'people',
        start: crashing,
        policy: { initialBackoffMs: 10, maxBackoffMs: 40, giveUpAfterCrashes: 5 },
        onEvent: (event) => { events.push(event); if (event.type === 'gave-up') report(); },
      });
    `);
    expect(started).toBe(5);
    expect(events.map((event) => event.type)).toEqual([
      ...Array.from({ length: 4 }, () => ['crashed', 'restarted']).flat(),
      'gave-up',
    ]);
    expect(events.filter((event) => event.type === 'crashed').map((event) => event.restartInMs)).toEqual([
      10, 20, 40, 40,
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'gave-up',
      name: 'people',
      reason: 'exit 3',
      crashesInWindow: 5,
    });
  });

  it('starts the backoff over for a process that had been up a while, and forgets crashes outside the window', () => {
    const { events } = runSupervised(`
      let clock = 0;
      let crashes = 0;
      supervise({
        name: 'people',
        start: () => { const child = crashing(); clock += 120_000; return child; },
        now: () => clock,
        policy: { initialBackoffMs: 10, healthyAfterMs: 60_000, giveUpAfterCrashes: 3, giveUpWindowMs: 200_000 },
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'crashed' && ++crashes === 4) { report(); process.exit(0); }
        },
      });
    `);
    const crashed = events.filter((event) => event.type === 'crashed');
    // Each run lasted two minutes: every crash starts the backoff at its first step, and only the crashes of the
    // last 200 s count towards giving up (never three of them here).
    expect(crashed.map((event) => event.restartInMs)).toEqual([10, 10, 10, 10]);
    expect(crashed.map((event) => (event as { crashesInWindow?: number }).crashesInWindow)).toEqual([
      1, 2, 2, 2,
    ]);
  });

  it('does not restart what it was told to stop', () => {
    const { started, events } = runSupervised(`
      const supervisor = supervise({ name: 'gateway', start: waiting, onEvent: (event) => events.push(event) });
      supervisor.stop();
      supervisor.child().on('exit', report);
      supervisor.child().kill('SIGTERM');
    `);
    expect(started).toBe(1);
    expect(events).toEqual([]);
  });
});
