/**
 * Proof that no value written in this repository can serve as a production secret: every secret-like
 * literal of every tracked text file (values given to *_SECRET, *_KEY, *PASSWORD, *TOKEN settings, compose
 * `${NAME:-fallback}`s, `--from-literal=` examples, and any token of 32 characters or more) is refused by
 * the production validator, and no private key is committed.
 */
import { secretProblems } from '@pp/platform';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT, repositoryLiterals, scannedFiles, secretLikeLiterals } from './repository-literals';

describe('secrets written in the repository', () => {
  const files = scannedFiles();
  const literals = repositoryLiterals();

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
      /-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/]/.test(
        readFileSync(join(REPOSITORY_ROOT, file), 'utf8'),
      ),
    );
    expect(withKey).toEqual([]);
  });
});

describe('secretLikeLiterals (the scan itself)', () => {
  const RANDOM_LOOKING = ['xK9fQ2mZ', '7pL4vR8s', 'T1wY6bN3', 'cJ5hG0dA'].join('');
  it('finds assigned values, compose fallbacks, literal examples and long tokens', () => {
    const text = [
      'JWT_SECRET: ${JWT_SECRET:-dev-only-jwt-fallback-value-here}',
      "const TEST_INTERNAL_SECRET = 'integration-tests-internal-0123';",
      '--from-literal=INTERNAL_KEY=abc',
      'POSTGRES_PASSWORD=hunter2',
      // Assembled at run time: written whole, it would itself be a usable secret in the repository.
      `token ${RANDOM_LOOKING} here`,
    ].join('\n');
    expect(secretLikeLiterals(text)).toEqual(
      expect.arrayContaining([
        'dev-only-jwt-fallback-value-here',
        'integration-tests-internal-0123',
        'abc',
        'hunter2',
        RANDOM_LOOKING,
      ]),
    );
  });
});
