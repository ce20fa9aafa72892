import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import manifest from './embedding-model.json';

/**
 * Where the sentence-embedding model is (docs/decisions/0034-learned-reader.md): AI_MODEL_DIR when set (the
 * container images put it there), else deploy/local/.models/<name> of the checkout this code runs from, where
 * `deploy/local/models.mjs` (run by `npm start`, `npm test`, `npm run train:ai` and `npm run eval:ai`) unpacks it
 * from Maven Central and checks its SHA-256.
 */
export const EMBEDDING_MODEL = manifest;

export interface ModelFiles {
  model: string;
  tokenizer: string;
}

export function modelFiles(env: NodeJS.ProcessEnv = process.env): ModelFiles | null {
  const directory = env.AI_MODEL_DIR || findUp(join('deploy', 'local', '.models', manifest.name));
  if (!directory) return null;
  const files = {
    model: join(directory, manifest.files.model.entry),
    tokenizer: join(directory, manifest.files.tokenizer.entry),
  };
  return existsSync(files.model) && existsSync(files.tokenizer) ? files : null;
}

/** The first ancestor of this file's folder holding the relative path, or null. */
function findUp(relative: string): string | null {
  for (let folder = __dirname; ; folder = dirname(folder)) {
    if (existsSync(join(folder, relative))) return join(folder, relative);
    if (dirname(folder) === folder) return null;
  }
}
