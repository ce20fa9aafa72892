import { generateIdentityKeyPair } from '@pp/platform';
import { randomBytes } from 'node:crypto';

/** The secrets a test run's services share, so that a gateway and a service trust each other. */
export interface TestSecrets {
  JWT_SECRET: string;
  INTERNAL_IDENTITY_PRIVATE_KEY: string;
  INTERNAL_IDENTITY_PUBLIC_KEY: string;
}

const NAMES = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY', 'INTERNAL_IDENTITY_PUBLIC_KEY'] as const;

/**
 * Fresh random secrets for this test run (generated once per Jest worker by the integration setup, and kept
 * in process.env so child processes started by startBuiltService get the same). Never a constant: a value
 * written in the repository could be used to forge a token.
 */
export function testSecrets(): TestSecrets {
  if (NAMES.some((name) => !process.env[name])) {
    const keys = generateIdentityKeyPair();
    process.env.JWT_SECRET = randomBytes(48).toString('base64');
    process.env.INTERNAL_IDENTITY_PRIVATE_KEY = keys.privateKey;
    process.env.INTERNAL_IDENTITY_PUBLIC_KEY = keys.publicKey;
  }
  return Object.fromEntries(
    NAMES.map((name) => [name, process.env[name] as string]),
  ) as unknown as TestSecrets;
}
