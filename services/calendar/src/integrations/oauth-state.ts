import { createHash, randomBytes } from 'node:crypto';

/** An OAuth `state`: random (256 bits), single use; only its hash is stored, so a database reader cannot replay one. */
export function newState(): string {
  return randomBytes(32).toString('base64url');
}

export function stateHash(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}
