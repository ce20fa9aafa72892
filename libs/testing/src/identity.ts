import { IDENTITY_HEADER, Identity, InternalTokens } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { TEST_INTERNAL_SECRET } from './service';

/** A staff member as the gateway forwards them to a service. */
export interface Caller {
  identity: Identity;
  /** Headers the gateway would add for this caller. */
  headers(): Promise<Record<string, string>>;
}

const tokens = new InternalTokens(TEST_INTERNAL_SECRET);

/** A new staff member of the given practices, and the internal identity header the gateway would add. */
export function testCaller(practiceIds: string[], name = 'Avery Stone'): Caller {
  const identity: Identity = { userId: randomUUID(), practiceIds, name };
  return { identity, headers: async () => ({ [IDENTITY_HEADER]: await tokens.sign(identity) }) };
}
