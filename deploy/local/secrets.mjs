// The local stack's secrets: generated at random on first start into deploy/local/.secrets/local.json
// (git-ignored, mode 0600), reused by later starts, by migrate/seed and by the browser tests' stack. The code
// carries no default secret, so nothing here is ever written in the repository.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

export const SECRETS_DIR = join(ROOT, 'deploy', 'local', '.secrets');
export const SECRETS_FILE = join(SECRETS_DIR, 'local.json');
const NAMES = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY', 'INTERNAL_IDENTITY_PUBLIC_KEY'];
/** Only the gateway signs: the other services get the public key alone. */
const GATEWAY_ONLY = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY'];

function generate() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    JWT_SECRET: randomBytes(48).toString('base64'),
    INTERNAL_IDENTITY_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    INTERNAL_IDENTITY_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The local secrets, generated and saved on first use. */
export function localSecrets(file = SECRETS_FILE) {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    if (NAMES.every((name) => typeof saved[name] === 'string' && saved[name].length > 0)) return saved;
  }
  const secrets = generate();
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  console.log(`Generated local secrets in ${file} (kept for later starts; delete it to rotate them).`);
  return secrets;
}

/** The secrets one service reads: the gateway all of them, every other service the public key only. */
export function secretsFor(service, file = SECRETS_FILE) {
  const secrets = localSecrets(file);
  return Object.fromEntries(
    Object.entries(secrets).filter(([name]) => service === 'gateway' || !GATEWAY_ONLY.includes(name)),
  );
}

/**
 * The environment of one service: its local secrets under `env` (a value set there wins), less the gateway's
 * signing secrets for any other service, even when the developer's shell exports them.
 */
export function serviceEnv(service, env = process.env, file = SECRETS_FILE) {
  const merged = { ...secretsFor(service, file), ...env };
  if (service !== 'gateway')
    for (const name of GATEWAY_ONLY) {
      delete merged[name];
      delete merged[`${name}_FILE`];
    }
  return merged;
}
