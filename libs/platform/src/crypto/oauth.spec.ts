import {
  clearedOAuthBrowserCookie,
  newState,
  OAUTH_BROWSER_COOKIE,
  oauthBrowserCookie,
  startedInThisBrowser,
  stateHash,
} from './oauth';

describe('the consent cookie: a state works only in the browser that started it', () => {
  const callback = 'https://app.practicepilot.example/api/v1/email/oauth/callback';

  it('is the state’s hash, HttpOnly, SameSite=Lax, Secure on https, for the callback only, as long as the state lives', () => {
    const state = newState();
    expect(oauthBrowserCookie(state, callback, 600_000)).toBe(
      `${OAUTH_BROWSER_COOKIE}=${stateHash(state)}; Max-Age=600; Path=/api/v1/email/oauth/callback; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(
      oauthBrowserCookie(state, 'http://localhost:8080/api/v1/calendar/oauth/callback', 600_000),
    ).not.toContain('Secure');
    expect(clearedOAuthBrowserCookie(callback)).toMatch(/^pp_oauth_state=; Max-Age=0; Path=\/api\/v1\/email/);
  });

  it('holds for its own state only, whatever else the browser sends', () => {
    const state = newState();
    const cookie = oauthBrowserCookie(state, callback, 600_000).split(';')[0];
    expect(startedInThisBrowser(cookie, state)).toBe(true);
    expect(startedInThisBrowser(`theme=dark; ${cookie}; other=1`, state)).toBe(true);
    expect(startedInThisBrowser(cookie, newState())).toBe(false);
    expect(startedInThisBrowser(undefined, state)).toBe(false);
    expect(startedInThisBrowser(`${OAUTH_BROWSER_COOKIE}=short`, state)).toBe(false);
    expect(startedInThisBrowser(`${OAUTH_BROWSER_COOKIE}=${state}`, state)).toBe(false);
  });
});
