// Timing helpers: warm-up, repetitions, median and 95th percentile, and a plain-text table.
import { performance } from 'node:perf_hooks';

/** The q-quantile of sorted numbers (nearest rank). */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/**
 * Runs `fn` `warmup` times untimed, then `reps` times timed (one after another, never concurrently).
 * `prepare` (untimed) runs before each call and its value is passed to `fn`.
 * Returns { median, p95, min, max } in milliseconds and the last result.
 */
export async function measure(fn, { warmup, reps, prepare = async () => undefined }) {
  let result;
  for (let i = 0; i < warmup; i++) result = await fn(await prepare());
  const times = [];
  for (let i = 0; i < reps; i++) {
    const input = await prepare();
    const started = performance.now();
    result = await fn(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    min: times[0],
    max: times[times.length - 1],
    result,
  };
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');

/** Prints rows (arrays of cells) under a header, columns padded; numbers right-aligned. */
export function printTable(title, header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) =>
        /^[\d.,x×-]+( ms)?$/.test(cell) && i > 0 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      )
      .join('  ');
  console.log(`\n${title}`);
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of all.slice(1)) console.log(line(row));
}
