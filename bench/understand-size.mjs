// `npm run bench:understand-size`: what reading one message costs as it grows from 1 KB to 64 KB — the built-in
// provider (rules and the learned reader), as the engine reads a form a stranger posts. The rules read the first
// MAX_ANALYSED_CHARS and the reader its own first part, so the cost must stay flat past them. Prints the median time
// per size and its ratio against 1 KB. Needs `npm run build` and the model (`npm run models`).
import { BuiltInLanguageModel } from '../libs/ai/dist/index.js';
import { LearnedReader } from '../libs/ai/dist/learned/learned-reader.js';

const PARAGRAPH =
  "Hi, I'm interested in Botox for my forehead lines and maybe lip filler. How much does it cost and can I come " +
  'Saturday morning? I had filler two years ago somewhere else and I bruise easily. Thanks so much! ';
const SIZES = [1, 4, 16, 64];
const SAMPLES = 15;

const reader = await LearnedReader.load();
const model = new BuiltInLanguageModel({ reader: Promise.resolve(reader) });
const request = (kb) => ({
  channel: 'form',
  text: PARAGRAPH.repeat(Math.ceil((kb * 1024) / PARAGRAPH.length)).slice(0, kb * 1024),
  practiceProcedures: ['Botox', 'Lip Filler', 'Dermal Fillers'],
});
for (let i = 0; i < 5; i++) await model.understand(request(1)); // warm-up

const medians = new Map();
for (const kb of SIZES) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = process.hrtime.bigint();
    await model.understand(request(kb));
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  medians.set(kb, times[Math.floor(times.length / 2)]);
}
await reader.close();
const base = medians.get(1);
for (const kb of SIZES) {
  const ms = medians.get(kb);
  console.log(`${String(kb).padStart(2)} KB  median ${ms.toFixed(2)} ms  (${(ms / base).toFixed(2)}× 1 KB)`);
}
