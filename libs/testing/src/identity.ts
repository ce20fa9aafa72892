import { IDENTITY_HEADER, Identity, InternalTokens } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { testSecrets } from './secrets';

/** A staff member as the gateway forwards them to a service. */
export interface Caller {
  identity: Identity;
  /** Headers the gateway would add for this caller. */
  headers(): Promise<Record<string, string>>;
}

/** Signs as the gateway does, with this run's private key. */
let tokens: InternalTokens | undefined;
const gatewayTokens = () =>
  (tokens ??= new InternalTokens({
    publicKey: testSecrets().INTERNAL_IDENTITY_PUBLIC_KEY,
    privateKey: testSecrets().INTERNAL_IDENTITY_PRIVATE_KEY,
  }));

/** A new staff member of the given practices, and the internal identity header the gateway would add. */
export function testCaller(practiceIds: string[], name = 'Avery Stone'): Caller {
  const identity: Identity = { userId: randomUUID(), practiceIds, name };
  return { identity, headers: async () => ({ [IDENTITY_HEADER]: await gatewayTokens().sign(identity) }) };
}
