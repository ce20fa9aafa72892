// `npm run bench:understand`: the CPU the built-in provider spends reading one inquiry, the rules alone against the
// rules and the learned reader (ADR 0034), with its screen and without (every message embedded), over every labelled inquiry of libs/ai/eval/fixtures (forms, SMS and
// e-mails of every length) read in turn on one thread, after a warm-up. Prints the median and 95th percentile per
// inquiry, the mean CPU per inquiry, and the ratio against the rules alone. Needs `npm run build` and the model
// (`npm run models`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { BuiltInLanguageModel } from '../libs/ai/dist/index.js';
import { LearnedReader } from '../libs/ai/dist/learned/learned-reader.js';
import { ROOT } from '../deploy/local/workspace.mjs';

const fixtures = join(ROOT, 'libs', 'ai', 'eval', 'fixtures');
const requests = readdirSync(fixtures)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const { practice, inquiries } = JSON.parse(readFileSync(join(fixtures, file), 'utf8'));
    return inquiries.map((inquiry) => ({
      channel: inquiry.channel,
      text: inquiry.text,
      subject: inquiry.subject ?? null,
      conversation: inquiry.conversation,
      practiceProcedures: practice.procedures,
    }));
  });

async function measure(model) {
  for (const request of requests.slice(0, 200)) await model.understand(request); // warm-up
  const times = [];
  const cpuBefore = process.cpuUsage();
  for (const request of requests) {
    const started = process.hrtime.bigint();
    await model.understand(request);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length * 0.5)],
    p95: times[Math.floor(times.length * 0.95)],
    cpuPerInquiry: (cpu.user + cpu.system) / 1000 / requests.length,
  };
}

const reader = await LearnedReader.load();
const unscreened = await LearnedReader.load(undefined, { screen: false });
const rules = await measure(new BuiltInLanguageModel({ reader: Promise.resolve(null) }));
const both = await measure(new BuiltInLanguageModel({ reader: Promise.resolve(reader) }));
const everyEmbedded = await measure(new BuiltInLanguageModel({ reader: Promise.resolve(unscreened) }));
let screened = 0;
for (const request of requests) if (!(await reader.read(request)).embedded) screened += 1;
await reader.close();
await unscreened.close();
const ms = (value) => `${value.toFixed(2)} ms`;
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}); ${requests.length} inquiries`,
);
for (const [name, figures] of [
  ['rules alone', rules],
  ['rules and the learned reader', both],
  ['  without its screen', everyEmbedded],
]) {
  console.log(
    `${name.padEnd(30)} p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, CPU ${ms(figures.cpuPerInquiry)} an inquiry`,
  );
}
console.log(
  `learned reader: +${ms(both.cpuPerInquiry - rules.cpuPerInquiry)} of CPU an inquiry (${(both.cpuPerInquiry / rules.cpuPerInquiry).toFixed(1)}× the rules alone); ` +
    `the screen read ${screen(screened)} without the sentence model, ` +
    `${(everyEmbedded.cpuPerInquiry / both.cpuPerInquiry).toFixed(2)}× less CPU than embedding every message`,
);

function screen(count) {
  return `${count} of ${requests.length} (${Math.round((count / requests.length) * 100)} %)`;
}
