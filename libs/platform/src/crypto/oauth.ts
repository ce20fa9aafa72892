import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** OAuth 2.0 helpers of the services that connect a provider account (people's mailboxes, calendar's integrations). */

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

/** What a provider's return brings back to the authorization-code callback. */
export interface OAuthReturnQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/**
 * The provider's return, checked in order: a state, the pending consent it names — deleted as it is read, so a
 * state works once, and only before its `expires_at` — no error from the provider, and a code. `stateTable` is
 * the service's table of pending consents (`state_hash`, `expires_at`, …), a constant of the caller. Throws with
 * the reason, for the caller's log; the browser only ever learns that connecting failed.
 */
export async function takeOAuthReturn<T extends { expires_at: Date | string }>(
  dataSource: DataSource,
  stateTable: string,
  query: OAuthReturnQuery,
): Promise<{ pending: T; code: string }> {
  if (typeof query.state !== 'string' || !query.state) throw new Error('no state');
  const [rows]: [T[], number] = await dataSource.query(
    `DELETE FROM ${stateTable} WHERE "state_hash" = $1 RETURNING *`,
    [stateHash(query.state)],
  );
  const pending = rows[0];
  if (!pending || new Date(pending.expires_at).getTime() <= Date.now()) {
    throw new Error('unknown, expired or used state');
  }
  if (query.error !== undefined) throw new Error(`the provider answered ${String(query.error).slice(0, 64)}`);
  if (typeof query.code !== 'string' || !query.code) throw new Error('no code');
  return { pending, code: query.code };
}
