import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Tokenizer } from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { EMBEDDING_MODEL, type ModelFiles } from './model-files';

/** What a stranger's message may cost the model: only its first characters are tokenised. */
const MAX_EMBED_CHARS = 2000;

/** The model's window and size, handed to `embedText` (which closes over nothing). */
const LIMITS = {
  maxChars: MAX_EMBED_CHARS,
  maxTokens: EMBEDDING_MODEL.maxTokens,
  dimensions: EMBEDDING_MODEL.dimensions,
};

/** One thread for the model: the services run one process per core, and the model never waits on I/O. */
const SESSION_OPTIONS: InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
};

/** Reads a message into a vector: in this thread (`SentenceEmbedder`) or in one of its own (`ThreadedEmbedder`). */
export interface Embedder {
  embed(text: string): Promise<Float32Array>;
  close(): Promise<void>;
}

/**
 * The sentence model's reading of one text: its tokens cut to the model's window (keeping the closing [SEP]), the
 * mean of the last hidden states over them, L2-normalised, so two messages that mean alike sit close whatever their
 * words. One text a run: a batch would quantize its activations over every text in it, so a message's reading would
 * depend on its neighbours. Closes over nothing (the embedding thread runs its source): what it needs comes in.
 */
export async function embedText(
  session: InferenceSession,
  tokenizer: Tokenizer,
  tensor: typeof Tensor,
  text: string,
  limits: typeof LIMITS,
): Promise<Float32Array> {
  const encoded = tokenizer.encode(text.slice(0, limits.maxChars));
  const ids =
    encoded.ids.length > limits.maxTokens
      ? [...encoded.ids.slice(0, limits.maxTokens - 1), encoded.ids.at(-1) as number]
      : encoded.ids;
  const length = ids.length;
  const shape = [1, length];
  const output = await session.run({
    input_ids: new tensor('int64', BigInt64Array.from(ids, BigInt), shape),
    attention_mask: new tensor('int64', new BigInt64Array(length).fill(1n), shape),
    token_type_ids: new tensor('int64', new BigInt64Array(length), shape),
  });
  const hidden = output[session.outputNames[0]].data as Float32Array;
  const size = limits.dimensions;
  const pooled = new Float32Array(size);
  for (let token = 0; token < length; token += 1) {
    for (let dimension = 0; dimension < size; dimension += 1)
      pooled[dimension] += hidden[token * size + dimension];
  }
  let squares = 0;
  for (let dimension = 0; dimension < size; dimension += 1) {
    pooled[dimension] /= length;
    squares += pooled[dimension] * pooled[dimension];
  }
  const norm = Math.sqrt(squares) || 1;
  for (let dimension = 0; dimension < size; dimension += 1) pooled[dimension] /= norm;
  return pooled;
}

function loadTokenizer(files: ModelFiles): Tokenizer {
  return new Tokenizer(JSON.parse(readFileSync(files.tokenizer, 'utf8')), {});
}

/**
 * A sentence-embedding model run in this thread (onnxruntime-node on the CPU; its `run` computes on the calling
 * thread): for `npm run train:ai` and the eval, which do nothing else meanwhile.
 */
export class SentenceEmbedder implements Embedder {
  private constructor(
    private readonly session: InferenceSession,
    private readonly tokenizer: Tokenizer,
  ) {}

  static async load(files: ModelFiles): Promise<SentenceEmbedder> {
    const tokenizer = loadTokenizer(files);
    const session = await InferenceSession.create(files.model, SESSION_OPTIONS);
    return new SentenceEmbedder(session, tokenizer);
  }

  embed(text: string): Promise<Float32Array> {
    return embedText(this.session, this.tokenizer, Tensor, text, LIMITS);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/** What the embedding thread is given: where the packages and the model are, and the model's window. */
interface ThreadData {
  onnxruntime: string;
  tokenizers: string;
  files: ModelFiles;
  sessionOptions: InferenceSession.SessionOptions;
  limits: typeof LIMITS;
}

type ThreadReply = { ready: true } | { id: number; vector: Float32Array } | { id: number; error: string };

/**
 * The embedding thread's body, run from its source with `embedText`'s (so it closes over nothing): loads the
 * model once, then reads each text it is sent, one after another, and answers with its vector or its error.
 */
function embeddingThread(embed: typeof embedText): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- a worker run from source loads its modules by path */
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { readFileSync: read } = require('node:fs') as typeof import('node:fs');
  const data = workerData as ThreadData;
  const ort = require(data.onnxruntime) as typeof import('onnxruntime-node');
  const { Tokenizer: TokenizerOf } = require(data.tokenizers) as typeof import('@huggingface/tokenizers');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const port = parentPort as import('node:worker_threads').MessagePort;
  const tokenizer = new TokenizerOf(JSON.parse(read(data.files.tokenizer, 'utf8')), {});
  void ort.InferenceSession.create(data.files.model, data.sessionOptions).then((session) => {
    let done = Promise.resolve();
    port.on('message', ({ id, text }: { id: number; text: string }) => {
      done = done.then(async () => {
        try {
          const vector = await embed(session, tokenizer, ort.Tensor, text, data.limits);
          port.postMessage({ id, vector }, [vector.buffer as ArrayBuffer]);
        } catch (error) {
          port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
        }
      });
    });
    port.postMessage({ ready: true });
  });
}

/**
 * The sentence model in a thread of its own (docs/decisions/0047-the-reader-off-the-event-loop.md), for the
 * services: a message's reading takes a few milliseconds of CPU, and in the service's own thread it would hold
 * every request, job and consumer of the process meanwhile. The texts are read one after another, in the order
 * they were sent, exactly as `SentenceEmbedder` reads them. A thread that dies (an error in the runtime, a crash)
 * fails the readings it held and is started again at the next one.
 */
export class ThreadedEmbedder implements Embedder {
  private thread: { worker: Worker; ready: Promise<void> } | null = null;
  private readonly waiting = new Map<
    number,
    { resolve: (v: Float32Array) => void; reject: (e: Error) => void }
  >();
  private next = 0;
  private closed = false;

  private constructor(private readonly files: ModelFiles) {}

  /** Starts the thread and waits for its model: a model that cannot load fails here, as in this thread. */
  static async load(files: ModelFiles): Promise<ThreadedEmbedder> {
    const embedder = new ThreadedEmbedder(files);
    await embedder.started().ready;
    return embedder;
  }

  async embed(text: string): Promise<Float32Array> {
    if (this.closed) throw new Error('The embedding thread is closed');
    const thread = this.started();
    await thread.ready;
    const id = this.next++;
    return new Promise<Float32Array>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // While a reading is awaited the thread keeps the process alive, as a pending request would.
      thread.worker.ref();
      thread.worker.postMessage({ id, text });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    if (thread) await thread.worker.terminate();
  }

  /** The running thread, or a new one. */
  private started(): { worker: Worker; ready: Promise<void> } {
    if (this.thread) return this.thread;
    const data: ThreadData = {
      onnxruntime: require.resolve('onnxruntime-node'),
      tokenizers: require.resolve('@huggingface/tokenizers'),
      files: this.files,
      sessionOptions: SESSION_OPTIONS,
      limits: LIMITS,
    };
    const worker = new Worker(`(${embeddingThread.toString()})(${embedText.toString()})`, {
      eval: true,
      workerData: data,
    });
    const ready = new Promise<void>((resolve, reject) => {
      const stopped = (error: Error) => {
        if (this.thread?.worker === worker) this.thread = null;
        reject(error);
        for (const [id, waiting] of this.waiting) {
          this.waiting.delete(id);
          waiting.reject(error);
        }
      };
      worker.on('message', (reply: ThreadReply) => {
        if ('ready' in reply) {
          // Idle, the thread never keeps the process alive: a service stops when its own work is done.
          if (this.waiting.size === 0) worker.unref();
          return resolve();
        }
        const waiting = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if (this.waiting.size === 0) worker.unref();
        if ('error' in reply) waiting?.reject(new Error(reply.error));
        else waiting?.resolve(reply.vector);
      });
      worker.on('error', (error) => stopped(new Error(`The embedding thread failed: ${error.message}`)));
      worker.on('exit', (code) => stopped(new Error(`The embedding thread stopped (exit code ${code})`)));
    });
    // A rejection nobody awaits yet (the thread died before its first reading) is not an unhandled one.
    ready.catch(() => undefined);
    this.thread = { worker, ready };
    return this.thread;
  }
}
