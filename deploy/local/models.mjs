// The sentence-embedding model the built-in AI provider reads inquiries with (libs/ai/src/learned/): fetched from
// Maven Central by Maven (deploy/local/models/pom.xml), each file checked against the SHA-256 in
// libs/ai/src/learned/embedding-model.json, kept in deploy/local/.models (git-ignored, never committed). `npm start`,
// `npm test`, `npm run train:ai` and `npm run eval:ai` call ensureModels(); `node deploy/local/models.mjs` alone
// fetches it. Where the services find it: AI_MODEL_DIR, else deploy/local/.models/<name> (libs/ai/src/learned/model-files.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const MANIFEST = join(ROOT, 'libs', 'ai', 'src', 'learned', 'embedding-model.json');
const POM = join(ROOT, 'deploy', 'local', 'models', 'pom.xml');

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The files that differ from the manifest's checksums (all of them when the directory is empty). */
function mismatched(directory, manifest) {
  return Object.values(manifest.files).filter(
    ({ entry, sha256: expected }) =>
      !existsSync(join(directory, entry)) || sha256(join(directory, entry)) !== expected,
  );
}

/** Fetches and verifies the model unless it is already there and intact; returns its directory. */
export async function ensureModels() {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const directory = process.env.AI_MODEL_DIR || join(ROOT, 'deploy', 'local', '.models', manifest.name);
  if (mismatched(directory, manifest).length === 0) return directory;

  const { groupId, artifactId, version } = manifest.maven;
  console.log(
    `AI model: fetching ${groupId}:${artifactId}:${version} from Maven Central into ${relative(ROOT, directory)}`,
  );
  rmSync(directory, { recursive: true, force: true });
  const mvn = spawnSync(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      POM,
      'dependency:unpack',
      `-Dmodel.artifactId=${artifactId}`,
      `-Dmodel.version=${version}`,
      `-Dmodel.dir=${directory}`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (mvn.error?.code === 'ENOENT')
    throw new Error('Fetching the AI model needs Maven, which was not found. Install: apt-get install maven');
  if (mvn.status !== 0)
    throw new Error(`AI model: Maven could not fetch ${artifactId}:\n${mvn.stdout}${mvn.stderr}`);
  const bad = mismatched(directory, manifest);
  if (bad.length > 0) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(
      `AI model: ${bad.map((file) => file.entry).join(', ')} does not match its SHA-256 in ${relative(ROOT, MANIFEST)}`,
    );
  }
  return directory;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureModels()
    .then((directory) => console.log(`AI model ready in ${relative(ROOT, directory)}`))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
