import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { EMBEDDING_MODEL, type ModelFiles } from './model-files';

/** What a stranger's message may cost the model: only its first characters are tokenised. */
const MAX_EMBED_CHARS = 2000;

/**
 * A sentence-embedding model run in process (onnxruntime-node on the CPU, one thread: the services run one per
 * core): the mean of the last hidden states over the message's tokens, L2-normalised, so two messages that mean
 * alike sit close whatever their words.
 */
export class SentenceEmbedder {
  private constructor(
    private readonly session: InferenceSession,
    private readonly tokenizer: Tokenizer,
  ) {}

  static async load(files: ModelFiles): Promise<SentenceEmbedder> {
    const tokenizer = new Tokenizer(JSON.parse(readFileSync(files.tokenizer, 'utf8')), {});
    const session = await InferenceSession.create(files.model, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new SentenceEmbedder(session, tokenizer);
  }

  get dimensions(): number {
    return EMBEDDING_MODEL.dimensions;
  }

  async embed(text: string): Promise<Float32Array> {
    const encoded = this.tokenizer.encode(text.slice(0, MAX_EMBED_CHARS));
    const limit = EMBEDDING_MODEL.maxTokens;
    // Cut to the model's window, keeping the closing [SEP].
    const ids =
      encoded.ids.length > limit
        ? [...encoded.ids.slice(0, limit - 1), encoded.ids.at(-1) as number]
        : encoded.ids;
    const length = ids.length;
    const shape = [1, length];
    const output = await this.session.run({
      input_ids: new Tensor('int64', BigInt64Array.from(ids, BigInt), shape),
      attention_mask: new Tensor('int64', new BigInt64Array(length).fill(1n), shape),
      token_type_ids: new Tensor('int64', new BigInt64Array(length), shape),
    });
    const hidden = output[this.session.outputNames[0]].data as Float32Array;
    const size = this.dimensions;
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

  async close(): Promise<void> {
    await this.session.release();
  }
}
