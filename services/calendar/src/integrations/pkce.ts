import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636: a high-entropy verifier (43 characters of base64url) and its S256 challenge. */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** An OAuth `state`: random, single use; only its hash is stored, so a database reader cannot replay one. */
export function newState(): string {
  return randomBytes(32).toString('base64url');
}

export function stateHash(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}
