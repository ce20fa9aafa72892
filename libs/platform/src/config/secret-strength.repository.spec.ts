/**
 * Proof that no value written in this repository can serve as a production secret: every secret-like
 * literal of every tracked text file (values given to *_SECRET, *_KEY, *PASSWORD, *TOKEN settings, compose
 * `${NAME:-fallback}`s, `--from-literal=` examples, and any token of 32 characters or more) is refused by
 * the production validator, and no private key is committed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { secretProblems } from './secret-strength';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
/** Text files worth scanning; the lock file holds only public package checksums and is left out. */
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
const SKIPPED = new Set(['package-lock.json']);

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

function scannedFiles(): string[] {
  return trackedFiles().filter((file) => {
    const name = file.split('/').pop() ?? '';
    if (SKIPPED.has(name)) return false;
    return TEXT.has(extname(name)) || NAMED.has(name) || name.startsWith('.env');
  });
}

const SECRET_NAME = /(secret|passw(or)?d|private_?key|api_?key|_key|token)/i;

/** Every value in `text` that someone could copy into a secret setting. */
export function secretLikeLiterals(text: string): string[] {
  const found: string[] = [];
  const clean = (value: string) => value.trim().replace(/^['"`]|['"`,;]+$/g, '');
  // NAME: value, NAME=value, NAME = 'value', "NAME": "value", --from-literal=NAME=value
  for (const match of text.matchAll(/([A-Za-z_][\w.-]*)["']?\s*[:=]\s*(['"`]?)([^\s'"`,;)}]+)\2/g)) {
    if (SECRET_NAME.test(match[1])) found.push(clean(match[3]));
  }
  for (const match of text.matchAll(/--from-literal=\w+=(['"]?)([^'"\s]+)\1/g)) found.push(clean(match[2]));
  // compose: ${NAME:-fallback} and ${NAME-fallback}
  for (const match of text.matchAll(/\$\{[A-Za-z_]\w*:?-([^}]*)\}/g)) found.push(clean(match[1]));
  // any quoted literal of 32 characters or more, and any long run without whitespace or quotes
  for (const match of text.matchAll(/(['"`])([^'"`\n]{32,}?)\1/g)) found.push(match[2]);
  for (const match of text.matchAll(/[^\s'"`<>()[\]{},;]{32,}/g)) found.push(match[0]);
  return [...new Set(found.filter((value) => value.length > 0))];
}

describe('secrets written in the repository', () => {
  const files = scannedFiles();
  const literals = files.flatMap((file) =>
    secretLikeLiterals(readFileSync(join(ROOT, file), 'utf8')).map((value) => ({ file, value })),
  );

  it('scans the code, the deployment files and the docs', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'docker-compose.yml',
        'deploy/k8s/base/secret.example.yaml',
        'deploy/k8s/README.md',
        'libs/platform/src/config/config.ts',
      ]),
    );
    expect(literals.length).toBeGreaterThan(1000);
  });

  it('are each refused by the production validator', () => {
    const accepted = literals.filter(({ value }) => secretProblems(value, { production: true }).length === 0);
    expect(accepted).toEqual([]);
  });

  it('include no private key', () => {
    const withKey = files.filter((file) =>
      /-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/]/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(withKey).toEqual([]);
  });
});

describe('secretLikeLiterals (the scan itself)', () => {
  it('finds assigned values, compose fallbacks, literal examples and long tokens', () => {
    const text = [
      'JWT_SECRET: ${JWT_SECRET:-dev-only-jwt-fallback-value-here}',
      "const TEST_INTERNAL_SECRET = 'integration-tests-internal-0123';",
      '--from-literal=INTERNAL_KEY=abc',
      'POSTGRES_PASSWORD=hunter2',
      'token xK9fQ2mZ7pL4vR8sT1wY6bN3cJ5hG0dA here',
    ].join('\n');
    expect(secretLikeLiterals(text)).toEqual(
      expect.arrayContaining([
        'dev-only-jwt-fallback-value-here',
        'integration-tests-internal-0123',
        'abc',
        'hunter2',
        'xK9fQ2mZ7pL4vR8sT1wY6bN3cJ5hG0dA',
      ]),
    );
  });
});
