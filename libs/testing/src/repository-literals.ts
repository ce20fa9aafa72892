/**
 * What the repository holds that someone could copy into a secret setting: the scan behind
 * repository-secrets.spec.ts (the production validator refuses every one) and the forged-identity
 * integration tests (a service refuses a token signed with any of them).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';

export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');
const ROOT = REPOSITORY_ROOT;
/**
 * Text files worth scanning. Left out: the lock file and the AI model's manifest hold only public checksums (of
 * packages, of the model's files on Maven Central), the learned reader's weights only numbers trained on the
 * repository's own labelled inquiries (base64).
 */
const TEXT = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.mjs',
  '.json',
  '.md',
  '.yml',
  '.yaml',
  '.env',
  '.html',
]);
const NAMED = new Set(['Dockerfile', '.npmrc', '.gitignore', '.dockerignore', 'run']);
const SKIPPED = new Set(['package-lock.json', 'embedding-model.json', 'weights.ts']);

function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout: walk the tree, leaving out what .gitignore leaves out.
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        if (['node_modules', 'dist', '.git', '.nx', '.run', '.secrets', '.kafka', '.data'].includes(name))
          return [];
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [relative(ROOT, path)];
      });
    return walk(ROOT);
  }
}

/** The tracked text files (code, deployment files, docs), the lock file left out. */
export function scannedFiles(): string[] {
  return trackedFiles().filter((file) => {
    const name = file.split('/').pop() ?? '';
    if (SKIPPED.has(name)) return false;
    return TEXT.has(extname(name)) || NAMED.has(name) || name.startsWith('.env');
  });
}

const SECRET_NAME = /(secret|passw(or)?d|private_?key|api_?key|_key|token)/i;

/**
 * Values written as secrets in `text`: given to a *SECRET/*KEY/*PASSWORD/*TOKEN name, compose
 * `${NAME:-fallback}`s and `--from-literal=NAME=value` examples.
 */
export function assignedSecretLiterals(text: string): string[] {
  const found: string[] = [];
  const clean = (value: string) => value.trim().replace(/^['"`]|['"`,;]+$/g, '');
  // NAME: value, NAME=value, NAME = 'value', "NAME": "value", --from-literal=NAME=value
  for (const match of text.matchAll(/([A-Za-z_][\w.-]*)["']?\s*[:=]\s*(['"`]?)([^\s'"`,;)}]+)\2/g)) {
    if (SECRET_NAME.test(match[1])) found.push(clean(match[3]));
  }
  for (const match of text.matchAll(/--from-literal=\w+=(['"]?)([^'"\s]+)\1/g)) found.push(clean(match[2]));
  // compose: ${NAME:-fallback} and ${NAME-fallback}
  for (const match of text.matchAll(/\$\{[A-Za-z_]\w*:?-([^}]*)\}/g)) found.push(clean(match[1]));
  return [...new Set(found.filter((value) => value.length > 0))];
}

/** Every value in `text` that someone could copy into a secret setting: the assigned ones and any long token. */
export function secretLikeLiterals(text: string): string[] {
  const found = assignedSecretLiterals(text);
  // any quoted literal of 32 characters or more, and any long run without whitespace or quotes
  for (const match of text.matchAll(/(['"`])([^'"`\n]{32,}?)\1/g)) found.push(match[2]);
  for (const match of text.matchAll(/[^\s'"`<>()[\]{},;]{32,}/g)) found.push(match[0]);
  return [...new Set(found.filter((value) => value.length > 0))];
}

/** Every secret-like value of every scanned file. */
export function repositoryLiterals(pick = secretLikeLiterals): Array<{ file: string; value: string }> {
  return scannedFiles().flatMap((file) =>
    pick(readFileSync(join(ROOT, file), 'utf8')).map((value) => ({ file, value })),
  );
}
