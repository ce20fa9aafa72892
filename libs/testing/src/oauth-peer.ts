import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback speaking the OAuth 2.0 endpoints a mailbox provider offers (Google's and
 * Microsoft's shape): an authorize page that consents at once (or denies, when told to), a token endpoint
 * for the authorization_code grant — refusing a wrong client, redirect URI, reused code or PKCE verifier that
 * does not match the S256 challenge — and the refresh_token grant, RFC 7009 revocation (a revoked refresh
 * token ends its grant, access tokens included), OpenID userinfo, and RFC 7662 introspection for the IMAP peer.
 */
export interface OAuthPeerOptions {
  clientId: string;
  clientSecret: string;
  /** The mailbox address the consenting user has. */
  email: string;
  /** Put the address in an id_token (default) or only answer it from userinfo. */
  idToken?: boolean;
  /** Access-token lifetime in seconds (default 3600). */
  accessTokenSeconds?: number;
}

interface Grant {
  refreshToken: string;
  revoked: boolean;
}

export interface OAuthPeer {
  url: string;
  /** RFC 7662 token introspection (`{active, email}`), for a mailbox server such as the IMAP peer. */
  introspectionUrl: string;
  /** The peer's endpoints under the names of a provider's settings: e.g. env('GOOGLE'). */
  env(prefix: 'GOOGLE' | 'MICROSOFT'): Record<string, string>;
  /** The next consent is refused by the user (`error=access_denied`). */
  denyNextConsent(): void;
  /** Follows an authorization URL as the browser would and returns where the provider sends it back. */
  consent(authorizationUrl: string): Promise<URL>;
  /** The grant types the token endpoint served, in order. */
  grants: string[];
  /** Tokens revoked through the revocation endpoint. */
  revoked: string[];
  /** The user removes the app from their account: every grant is revoked. */
  revokeAll(): void;
  /** Whether an access token still opens the mailbox (issued, not expired by the peer, grant not revoked). */
  accessTokenValid(token: string): boolean;
  close(): Promise<void>;
}

export async function startOAuthPeer(options: OAuthPeerOptions): Promise<OAuthPeer> {
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const grantsByRefresh = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const grants: string[] = [];
  const revoked: string[] = [];
  let denyNext = false;
  const token = () => randomBytes(24).toString('base64url');

  const issue = (grant: Grant) => {
    const access = `at-${token()}`;
    accessTokens.set(access, grant);
    return access;
  };

  const idToken = () =>
    [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: '1001', email: options.email, email_verified: true })).toString(
        'base64url',
      ),
      'signature',
    ].join('.');

  const clientOk = (form: URLSearchParams) =>
    form.get('client_id') === options.clientId && form.get('client_secret') === options.clientSecret;

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => json(response, 500, { error: 'server_error' }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (request.method === 'GET' && url.pathname === '/authorize') return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token')
      return tokenEndpoint(await form(request), response);
    if (request.method === 'POST' && url.pathname === '/revoke') {
      const body = await form(request);
      const value = body.get('token') ?? '';
      revoked.push(value);
      const grant = grantsByRefresh.get(value) ?? accessTokens.get(value);
      if (grantsByRefresh.has(value) && grant) grant.revoked = true;
      else accessTokens.delete(value);
      return json(response, 200, {});
    }
    if (request.method === 'POST' && url.pathname === '/introspect') {
      // RFC 7662, as a mailbox server (dovecot's oauth2 passdb) asks it about a token an IMAP login presents.
      const value = (await form(request)).get('token') ?? '';
      if (!peer.accessTokenValid(value)) return json(response, 200, { active: false });
      return json(response, 200, { active: true, email: options.email, scope: 'https://mail.google.com/' });
    }
    if (request.method === 'GET' && url.pathname === '/userinfo') {
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!peer.accessTokenValid(bearer)) return json(response, 401, { error: 'invalid_token' });
      return json(response, 200, { sub: '1001', email: options.email, email_verified: true });
    }
    json(response, 404, { error: 'not_found' });
  }

  function authorize(url: URL, response: ServerResponse) {
    const redirect = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state') ?? '';
    if (url.searchParams.get('client_id') !== options.clientId || !redirect)
      return json(response, 400, { error: 'invalid_client' });
    const back = new URL(redirect);
    back.searchParams.set('state', state);
    const challenge = url.searchParams.get('code_challenge');
    if (url.searchParams.get('code_challenge_method') !== 'S256' || !challenge) {
      back.searchParams.set('error', 'invalid_request');
    } else if (denyNext) {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `code-${token()}`;
      codes.set(code, { challenge, redirectUri: redirect, used: false });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  function tokenEndpoint(body: URLSearchParams, response: ServerResponse) {
    const type = body.get('grant_type') ?? '';
    grants.push(type);
    if (!clientOk(body)) return json(response, 401, { error: 'invalid_client' });
    const lifetime = options.accessTokenSeconds ?? 3600;
    if (type === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code || code.used || code.redirectUri !== body.get('redirect_uri') || code.challenge !== challenge)
        return json(response, 400, { error: 'invalid_grant' });
      code.used = true;
      const grant: Grant = { refreshToken: `rt-${token()}`, revoked: false };
      grantsByRefresh.set(grant.refreshToken, grant);
      return json(response, 200, {
        access_token: issue(grant),
        token_type: 'Bearer',
        expires_in: lifetime,
        refresh_token: grant.refreshToken,
        scope: 'openid email https://mail.google.com/',
        ...(options.idToken === false ? {} : { id_token: idToken() }),
      });
    }
    if (type === 'refresh_token') {
      const grant = grantsByRefresh.get(body.get('refresh_token') ?? '');
      if (!grant || grant.revoked) return json(response, 400, { error: 'invalid_grant' });
      return json(response, 200, { access_token: issue(grant), token_type: 'Bearer', expires_in: lifetime });
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: OAuthPeer = {
    url: base,
    introspectionUrl: `${base}/introspect`,
    env: (prefix) => ({
      [`${prefix}_CLIENT_ID`]: options.clientId,
      [`${prefix}_CLIENT_SECRET`]: options.clientSecret,
      [`${prefix}_OAUTH_AUTHORIZE_URL`]: `${base}/authorize`,
      [`${prefix}_OAUTH_TOKEN_URL`]: `${base}/token`,
      [`${prefix}_OAUTH_REVOKE_URL`]: `${base}/revoke`,
      [`${prefix}_OAUTH_USERINFO_URL`]: `${base}/userinfo`,
    }),
    denyNextConsent: () => {
      denyNext = true;
    },
    async consent(authorizationUrl) {
      const answer = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) throw new Error(`The authorize page answered ${answer.status}`);
      return new URL(location);
    },
    grants,
    revoked,
    revokeAll: () => {
      for (const grant of grantsByRefresh.values()) grant.revoked = true;
    },
    accessTokenValid: (value) => {
      const grant = accessTokens.get(value);
      return !!grant && !grant.revoked;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The consent's browser cookie an authorize answer set (`pp_oauth_state=…`), as a `Cookie` header value: what the
 * browser that started a consent sends back with the provider's return.
 */
export function oauthCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const cookie = cookies.find((value: string) => value.startsWith('pp_oauth_state='));
  if (!cookie) throw new Error('the authorize answer set no consent cookie');
  return cookie.split(';')[0];
}
