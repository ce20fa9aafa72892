import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SentenceEmbedder, ThreadedEmbedder } from './embedder';
import { modelFiles, type ModelFiles } from './model-files';

/**
 * The sentence model in a thread of its own reads exactly as in the caller's thread, keeps each reading with its
 * text when many are in flight, and comes back after its thread dies. The real model (fetched by
 * `node deploy/local/models.mjs`, which `npm test` runs first; a missing model fails here).
 */
const files = modelFiles() as ModelFiles;
let here: SentenceEmbedder;
let threaded: ThreadedEmbedder;
beforeAll(async () => {
  expect(files).not.toBeNull();
  here = await SentenceEmbedder.load(files);
  threaded = await ThreadedEmbedder.load(files);
});
afterAll(async () => {
  await threaded.close();
  await here.close();
});

const TEXTS = [
  'how much is botox for the forehead?',
  'mi labio se puso blanco después del relleno y me duele',
  'Can I book a consult for a tummy tuck next Thursday after 5?',
  'ok',
  // Past the model's window: cut the same way in both.
  'my swelling is worse today '.repeat(60),
];

describe('ThreadedEmbedder', () => {
  it('reads each text exactly as the embedder in the caller’s thread does', async () => {
    for (const text of TEXTS) expect(await threaded.embed(text)).toEqual(await here.embed(text));
  });

  it('answers each of many readings in flight with its own text’s vector', async () => {
    const expected = await Promise.all(TEXTS.map((text) => here.embed(text)));
    const texts = [...TEXTS, ...TEXTS].reverse();
    const vectors = await Promise.all(texts.map((text) => threaded.embed(text)));
    vectors.forEach((vector, i) => expect(vector).toEqual(expected[TEXTS.indexOf(texts[i])]));
  });

  it('fails the readings a dying thread held and starts a new thread for the next', async () => {
    // The thread's death from outside, as a crash of the runtime would end it.
    const { worker } = (threaded as unknown as { thread: { worker: import('node:worker_threads').Worker } })
      .thread;
    const held = threaded.embed('is it normal to bruise after filler?');
    await worker.terminate();
    await expect(held).rejects.toThrow(/embedding thread stopped/);
    expect(await threaded.embed(TEXTS[0])).toEqual(await here.embed(TEXTS[0]));
  });

  it('keeps a process alive while a reading is awaited, and never once it is idle', () => {
    // A script that loads the thread, reads one text and never closes it: it prints the vector's size and ends.
    // The built library (`npm test` builds before the unit tests), in a process of its own.
    const built = join(__dirname, '../../dist/learned');
    const script = [
      `const { ThreadedEmbedder } = require(${JSON.stringify(join(built, 'embedder.js'))});`,
      `const { modelFiles } = require(${JSON.stringify(join(built, 'model-files.js'))});`,
      'ThreadedEmbedder.load(modelFiles()).then((e) => e.embed("hello")).then((v) => console.log(v.length));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: run.status, out: run.stdout.trim() }).toEqual({ status: 0, out: '384' });
  });

  it('refuses readings once closed', async () => {
    const closing = await ThreadedEmbedder.load(files);
    await closing.close();
    await expect(closing.embed('hi')).rejects.toThrow(/closed/);
  });
});
