import { TokenCipher } from '@pp/platform';
import { EmailAccount } from '@pp/contracts';
import { OAuthPeer, oauthCookieOf, startOAuthPeer } from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { EmailAccountsService } from '../src/email/email-accounts.service';
import { Caller, PeopleHarness, startPeople } from './people-harness';

const PUBLIC_BASE_URL = 'http://practicepilot.test';
const SETTINGS = `${PUBLIC_BASE_URL}/settings/email`;
const FAILED = `${SETTINGS}?error=oauth_failed`;

describe('email accounts: OAuth connection, refresh, revocation (against a loopback OAuth peer)', () => {
  let h: PeopleHarness;
  let google: OAuthPeer;
  let microsoft: OAuthPeer;
  const tokenKey = randomBytes(32).toString('base64');
  const cipher = new TokenCipher(tokenKey);

  beforeAll(async () => {
    // Google's address comes from userinfo here, Microsoft's from the id_token: both paths are real.
    google = await startOAuthPeer({
      clientId: 'google-client',
      clientSecret: randomBytes(16).toString('hex'),
      email: 'FrontDesk@GlowAesthetics.example',
      idToken: false,
    });
    microsoft = await startOAuthPeer({
      clientId: 'microsoft-client',
      clientSecret: randomBytes(16).toString('hex'),
      email: 'office@lakeviewsurgery.example',
    });
    h = await startPeople('email-accounts', {
      ...google.env('GOOGLE'),
      ...microsoft.env('MICROSOFT'),
      EMAIL_TOKEN_KEY: tokenKey,
      PUBLIC_BASE_URL,
    });
  });

  afterAll(async () => {
    await h?.stop();
    await google?.close();
    await microsoft?.close();
  });

  const practice = () => {
    const id = randomUUID();
    return { id, staff: h.caller([id], 'Avery Stone') };
  };

  const authorize = async (caller: Caller, provider: string, practiceId: string) =>
    h
      .http()
      .get(`/api/v1/email/oauth/authorize/${provider}`)
      .query({ practice_id: practiceId })
      .set(await caller.headers());

  /**
   * The provider's redirect back, as the browser follows it (no bearer token): the browser that started the consent
   * (`started`, its authorize answer: it set the consent's cookie), or another one (none).
   */
  const returnFrom = (callback: URL, started?: { headers: Record<string, unknown> }) => {
    const back = h.http().get(`${callback.pathname}${callback.search}`);
    return started ? back.set('Cookie', oauthCookieOf(started)) : back;
  };

  const list = async (caller: Caller, practiceId: string) =>
    h
      .http()
      .get('/api/v1/email/accounts')
      .query({ practice_id: practiceId })
      .set(await caller.headers());

  /** Authorize, consent at the peer, come back: the account is connected. */
  const connect = async (caller: Caller, practiceId: string, peer = google, provider = 'google') => {
    const started = await authorize(caller, provider, practiceId);
    expect(started.status).toBe(200);
    const callback = await peer.consent(started.body.authorization_url);
    const back = await returnFrom(callback, started);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(SETTINGS);
    const accounts: EmailAccount[] = (await list(caller, practiceId)).body;
    return { account: accounts[accounts.length - 1], callback, started };
  };

  const row = async (accountId: string) =>
    (
      await h.dataSource.query(`SELECT * FROM "people"."email_accounts" WHERE "email_account_id" = $1`, [
        accountId,
      ])
    )[0] as
      | {
          access_token_sealed: string;
          refresh_token_sealed: string;
          access_token_expires_at: Date;
          status: string;
        }
      | undefined;

  it('connects a Google mailbox end to end and lists it as the spec shows it', async () => {
    const { id, staff } = practice();
    const started = await authorize(staff, 'google', id);
    expect(started.status).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const url = new URL(started.body.authorization_url);
    expect(url.origin + url.pathname).toBe(`${google.url}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_BASE_URL}/api/v1/email/oauth/callback`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const back = await returnFrom(await google.consent(started.body.authorization_url), started);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(SETTINGS);

    const listed = await list(staff, id);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body).toEqual([
      expect.objectContaining({
        practice_id: id,
        email_address: 'frontdesk@glowaesthetics.example',
        provider: 'google',
        status: 'active',
        last_sync_timestamp: expect.any(String),
        created_at: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);
  });

  it('stores the tokens encrypted: the row holds no token, and what it seals opens the mailbox', async () => {
    const { id, staff } = practice();
    const { account } = await connect(staff, id);
    const stored = (await row(account.email_account_id))!;
    expect(stored.access_token_sealed).toMatch(/^v1\./);
    expect(stored.access_token_sealed).not.toMatch(/at-/);
    expect(stored.refresh_token_sealed).not.toMatch(/rt-/);
    const accessToken = cipher.open(stored.access_token_sealed, account.email_account_id);
    expect(google.accessTokenValid(accessToken)).toBe(true);
  });

  it('refreshes an expired access token once, stores the new one, and reuses it while valid', async () => {
    const { id, staff } = practice();
    const { account } = await connect(staff, id);
    const accounts = h.service.app.get(EmailAccountsService);
    const before = await accounts.credential(account.email_account_id);
    const refreshesBefore = google.grants.filter((grant) => grant === 'refresh_token').length;

    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "access_token_expires_at" = now() - interval '1 minute' WHERE "email_account_id" = $1`,
      [account.email_account_id],
    );
    const renewed = await accounts.credential(account.email_account_id);
    expect(renewed.email_address).toBe('frontdesk@glowaesthetics.example');
    expect(renewed.access_token).not.toBe(before.access_token);
    expect(google.accessTokenValid(renewed.access_token)).toBe(true);
    const stored = (await row(account.email_account_id))!;
    expect(new Date(stored.access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(cipher.open(stored.access_token_sealed, account.email_account_id)).toBe(renewed.access_token);

    expect((await accounts.credential(account.email_account_id)).access_token).toBe(renewed.access_token);
    expect(google.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshesBefore + 1);
  });

  it('revokes the grant at the provider when the account is deleted', async () => {
    const { id, staff } = practice();
    const { account } = await connect(staff, id);
    const stored = (await row(account.email_account_id))!;
    const accessToken = cipher.open(stored.access_token_sealed, account.email_account_id);
    const refreshToken = cipher.open(stored.refresh_token_sealed, account.email_account_id);

    const deleted = await h
      .http()
      .delete(`/api/v1/email/accounts/${account.email_account_id}`)
      .set(await staff.headers());
    expect(deleted.status).toBe(200);
    expect(deleted.body.email_account_id).toBe(account.email_account_id);
    expect(google.revoked).toContain(refreshToken);
    expect(google.accessTokenValid(accessToken)).toBe(false);
    expect((await list(staff, id)).body).toEqual([]);
    expect(await row(account.email_account_id)).toBeUndefined();
  });

  it('marks the account Error when the provider refuses the refresh token', async () => {
    const { id, staff } = practice();
    const { account } = await connect(staff, id);
    const stored = (await row(account.email_account_id))!;
    // The user removed the app's access from their Google account.
    await fetch(`${google.url}/revoke`, {
      method: 'POST',
      body: new URLSearchParams({
        token: cipher.open(stored.refresh_token_sealed, account.email_account_id),
      }),
    });
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "access_token_expires_at" = now() - interval '1 minute' WHERE "email_account_id" = $1`,
      [account.email_account_id],
    );
    await expect(
      h.service.app.get(EmailAccountsService).credential(account.email_account_id),
    ).rejects.toThrow('must be connected again');
    expect((await list(staff, id)).body[0].status).toBe('error');
  });

  it('takes a Microsoft address from the id_token', async () => {
    const { id, staff } = practice();
    const { account } = await connect(staff, id, microsoft, 'microsoft');
    expect(account).toMatchObject({ email_address: 'office@lakeviewsurgery.example', provider: 'microsoft' });
  });

  it('connecting the same address again renews it instead of adding a second account', async () => {
    const { id, staff } = practice();
    const first = await connect(staff, id);
    const second = await connect(staff, id);
    expect(second.account.email_account_id).toBe(first.account.email_account_id);
    expect((await list(staff, id)).body).toHaveLength(1);
  });

  it('returns to /settings/email?error=oauth_failed when the user denies consent, storing nothing', async () => {
    const { id, staff } = practice();
    const started = await authorize(staff, 'google', id);
    google.denyNextConsent();
    const callback = await google.consent(started.body.authorization_url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const back = await returnFrom(callback, started);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(FAILED);
    expect((await list(staff, id)).body).toEqual([]);
  });

  it('refuses a replayed, unknown or missing state', async () => {
    const { id, staff } = practice();
    const connected = await connect(staff, id);
    expect((await returnFrom(connected.callback, connected.started)).headers.location).toBe(FAILED);

    const started = await authorize(staff, 'google', id);
    const fresh = await google.consent(started.body.authorization_url);
    const forged = new URL(fresh);
    forged.searchParams.set('state', randomBytes(32).toString('base64url'));
    expect((await returnFrom(forged, started)).headers.location).toBe(FAILED);
    forged.searchParams.delete('state');
    expect((await returnFrom(forged, started)).headers.location).toBe(FAILED);
    expect((await list(staff, id)).body).toHaveLength(1);
  });

  it('refuses a consent finished in another browser than the one that started it, and keeps it for its owner', async () => {
    const { id, staff } = practice();
    const started = await authorize(staff, 'google', id);
    expect(String(started.headers['set-cookie'])).toMatch(
      /^pp_oauth_state=[0-9a-f]{64}; Max-Age=600; Path=\/api\/v1\/email\/oauth\/callback; HttpOnly; SameSite=Lax$/,
    );
    // The consent link sent to someone else: their browser has no cookie, or the cookie of a consent of its own.
    const callback = await google.consent(started.body.authorization_url);
    expect((await returnFrom(callback)).headers.location).toBe(FAILED);
    const theirs = await authorize(staff, 'google', id);
    expect((await returnFrom(callback, theirs)).headers.location).toBe(FAILED);
    expect((await list(staff, id)).body).toEqual([]);
    // The browser that started it still finishes it.
    const back = await returnFrom(callback, started);
    expect(back.headers.location).toBe(SETTINGS);
    expect(String(back.headers['set-cookie'])).toMatch(/^pp_oauth_state=; Max-Age=0;/);
    expect((await list(staff, id)).body).toHaveLength(1);
  });

  it('answers 404 for another practice’s accounts and authorizations', async () => {
    const mine = practice();
    const other = practice();
    const { account } = await connect(mine.staff, mine.id);

    expect((await list(other.staff, mine.id)).status).toBe(404);
    const deleted = await h
      .http()
      .delete(`/api/v1/email/accounts/${account.email_account_id}`)
      .set(await other.staff.headers());
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ detail: 'Email account not found' });
    expect((await authorize(other.staff, 'google', mine.id)).status).toBe(404);
    expect((await list(mine.staff, mine.id)).body).toHaveLength(1);
  });

  it('validates the practice, the provider and the account id with a {"detail"}', async () => {
    const { id, staff } = practice();
    const noPractice = await h
      .http()
      .get('/api/v1/email/accounts')
      .set(await staff.headers());
    expect(noPractice.status).toBe(422);
    expect(noPractice.body).toEqual({ detail: 'practice_id is required' });
    for (const provider of ['generic', 'yahoo']) {
      const refused = await authorize(staff, provider, id);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ detail: 'Provider must be google or microsoft' });
    }
    const malformed = await h
      .http()
      .delete('/api/v1/email/accounts/not-an-id')
      .set(await staff.headers());
    expect(malformed.status).toBe(404);
    expect((await h.http().get('/api/v1/email/accounts').query({ practice_id: id })).status).toBe(401);
  });
});
