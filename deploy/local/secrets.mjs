// The local stack's secrets: generated at random on first start into deploy/local/.secrets/local.json
// (git-ignored, mode 0600), reused by later starts, by migrate/seed and by the browser tests' stack. The code
// carries no default secret, so nothing here is ever written in the repository.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

export const SECRETS_DIR = join(ROOT, 'deploy', 'local', '.secrets');
export const SECRETS_FILE = join(SECRETS_DIR, 'local.json');
const IDENTITY_NAMES = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY', 'INTERNAL_IDENTITY_PUBLIC_KEY'];
const NAMES = [...IDENTITY_NAMES, 'EMAIL_TOKEN_KEY', 'CALENDAR_TOKEN_KEY'];
/** Only the gateway signs: the other services get the public key alone. */
const GATEWAY_ONLY = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY'];
/** Only people opens e-mail accounts' OAuth tokens (docs/decisions/0016-email-accounts.md). */
const PEOPLE_ONLY = ['EMAIL_TOKEN_KEY'];
/** Only calendar opens calendar providers' OAuth tokens (docs/decisions/0021-calendar-integrations.md). */
const CALENDAR_ONLY = ['CALENDAR_TOKEN_KEY'];

function generateIdentity() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    JWT_SECRET: randomBytes(48).toString('base64'),
    INTERNAL_IDENTITY_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    INTERNAL_IDENTITY_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const present = (saved, name) => typeof saved[name] === 'string' && saved[name].length > 0;

/**
 * The local secrets, generated and saved on first use. A secret added later (EMAIL_TOKEN_KEY, CALENDAR_TOKEN_KEY) is added to an
 * existing file without rotating the others, so nobody is signed out and no stored token becomes unreadable.
 */
export function localSecrets(file = SECRETS_FILE) {
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (NAMES.every((name) => present(saved, name))) return saved;
  const secrets = {
    ...saved,
    ...(IDENTITY_NAMES.every((name) => present(saved, name)) ? {} : generateIdentity()),
    ...(present(saved, 'EMAIL_TOKEN_KEY') ? {} : { EMAIL_TOKEN_KEY: randomBytes(32).toString('base64') }),
    ...(present(saved, 'CALENDAR_TOKEN_KEY')
      ? {}
      : { CALENDAR_TOKEN_KEY: randomBytes(32).toString('base64') }),
  };
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  console.log(`Generated local secrets in ${file} (kept for later starts; delete it to rotate them).`);
  return secrets;
}

/** Whether a service may read a secret: the gateway's signing keys, people's and calendar's token keys, the public key for all. */
function readableBy(service, name) {
  if (GATEWAY_ONLY.includes(name)) return service === 'gateway';
  if (PEOPLE_ONLY.includes(name)) return service === 'people';
  if (CALENDAR_ONLY.includes(name)) return service === 'calendar';
  return true;
}

/** The secrets one service reads: the gateway its signing keys, people and calendar their token keys, all the public key. */
export function secretsFor(service, file = SECRETS_FILE) {
  const secrets = localSecrets(file);
  return Object.fromEntries(Object.entries(secrets).filter(([name]) => readableBy(service, name)));
}

/**
 * The environment of one service: its local secrets under `env` (a value set there wins), less the secrets
 * that are not its own (the gateway's signing keys, people's and calendar's token keys), even when the developer's shell
 * exports them.
 */
export function serviceEnv(service, env = process.env, file = SECRETS_FILE) {
  const merged = { ...secretsFor(service, file), ...env };
  for (const name of [...GATEWAY_ONLY, ...PEOPLE_ONLY, ...CALENDAR_ONLY])
    if (!readableBy(service, name)) {
      delete merged[name];
      delete merged[`${name}_FILE`];
    }
  return merged;
}
