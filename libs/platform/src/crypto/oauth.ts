import { parse, serialize } from 'cookie';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * The cookie that ties a consent to the browser that started it: the state's hash, HttpOnly, SameSite=Lax (a
 * browser sends it on the provider's top-level redirect back, never on a cross-site request of another kind), for
 * the callback's path only, as long as the state lives. A consent link sent to someone else fails in their browser,
 * so nobody can connect another person's mailbox or calendar to their own practice.
 */
export const OAUTH_BROWSER_COOKIE = 'pp_oauth_state';

/** The Set-Cookie value to send with the consent URL; `callbackUrl` is the redirect URI the provider returns to. */
export function oauthBrowserCookie(state: string, callbackUrl: string, maxAgeMs: number): string {
  const url = new URL(callbackUrl);
  return serialize(OAUTH_BROWSER_COOKIE, stateHash(state), {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: url.pathname,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** The Set-Cookie value that removes it, sent with the callback's redirect. */
export function clearedOAuthBrowserCookie(callbackUrl: string): string {
  const url = new URL(callbackUrl);
  return serialize(OAUTH_BROWSER_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: url.pathname,
    maxAge: 0,
  });
}

/** Whether the request's cookies hold this state's cookie: the consent was started in this browser. */
export function startedInThisBrowser(cookieHeader: string | undefined, state: string): boolean {
  const held = parse(cookieHeader ?? '')[OAUTH_BROWSER_COOKIE];
  const expected = Buffer.from(stateHash(state));
  return (
    typeof held === 'string' &&
    held.length === expected.length &&
    timingSafeEqual(Buffer.from(held), expected)
  );
}

/** What a provider's return brings back to the authorization-code callback. */
export interface OAuthReturnQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/**
 * The provider's return, checked in order: a state, started in this browser (its cookie; a state from another
 * browser is left for its owner), the pending consent it names — deleted as it is read, so a state works once, and
 * only before its `expires_at` — no error from the provider, and a code. `stateTable` is the service's table of
 * pending consents (`state_hash`, `expires_at`, …), a constant of the caller. Throws with the reason, for the
 * caller's log; the browser only ever learns that connecting failed.
 */
export async function takeOAuthReturn<T extends { expires_at: Date | string }>(
  dataSource: DataSource,
  stateTable: string,
  query: OAuthReturnQuery,
  cookieHeader: string | undefined,
): Promise<{ pending: T; code: string }> {
  if (typeof query.state !== 'string' || !query.state) throw new Error('no state');
  if (!startedInThisBrowser(cookieHeader, query.state)) {
    throw new Error('the consent was started in another browser, or its cookie expired');
  }
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
