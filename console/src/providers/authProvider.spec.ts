import { HttpError } from 'react-admin';
import { authProvider, displayName, initialsOf } from './authProvider';
import { peekSignInNotice, takeReturnPath } from './storage';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

const token = () => localStorage.getItem('access_token');
const UNAUTHORIZED_NOTICE = 'Unauthorized or Forbidden. Please login again.';

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('login', () => {
  const credentials = { username: 'ada@example.com', password: 'p@ss word&1' };

  it('posts the username and password form-encoded to /api/v1/auth/login and stores the access token', async () => {
    fetchMock.mockResolvedValue(json({ access_token: 'tok-abc', token_type: 'bearer' }));

    await authProvider.login(credentials);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/login');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    const body = new URLSearchParams(String(init.body));
    expect(body.get('username')).toBe('ada@example.com');
    expect(body.get('password')).toBe('p@ss word&1');
    expect([...body.keys()]).toEqual(['username', 'password']);
    expect(token()).toBe('tok-abc');
  });

  it('does not send an old token with the sign-in request', async () => {
    localStorage.setItem('access_token', 'stale');
    fetchMock.mockResolvedValue(json({ access_token: 'fresh' }));

    await authProvider.login(credentials);

    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(token()).toBe('fresh');
  });

  it("shows the server's detail for rejected credentials and stores no token", async () => {
    fetchMock.mockResolvedValue(json({ detail: 'Incorrect email or password' }, { status: 401 }));

    await expect(authProvider.login(credentials)).rejects.toThrow('Incorrect email or password');
    expect(token()).toBeNull();
  });

  it("says 'Login failed.' when a failed reply is not JSON", async () => {
    fetchMock.mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502 }));

    await expect(authProvider.login(credentials)).rejects.toThrow(/^Login failed\.$/);
  });

  it('says the credentials or the server failed when a failed JSON reply has no detail', async () => {
    fetchMock.mockResolvedValue(json({ error: 'boom' }, { status: 500 }));

    await expect(authProvider.login(credentials)).rejects.toThrow(
      'Login failed. Invalid credentials or server error.',
    );
  });

  it('says no token was received when an OK reply has none', async () => {
    fetchMock.mockResolvedValue(json({ token_type: 'bearer' }));

    await expect(authProvider.login(credentials)).rejects.toThrow(
      'Login successful, but no access token received.',
    );
    expect(token()).toBeNull();
  });

  it('says no token was received when an OK reply is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('OK', { status: 200 }));

    await expect(authProvider.login(credentials)).rejects.toThrow(
      'Login successful, but no access token received.',
    );
  });

  it('asks the user to try again when the request itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authProvider.login(credentials)).rejects.toThrow(
      'An error occurred during login. Please try again.',
    );
    expect(token()).toBeNull();
  });
});

describe('checkAuth', () => {
  it('without a token sends the user to /login and makes no request', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(peekSignInNotice()).toBeNull();
  });

  it('remembers the deep link it interrupted, for sign-in to return to', async () => {
    window.history.pushState({}, '', '/calendar/apt-7?view=week');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(takeReturnPath()).toBe('/calendar/apt-7?view=week');
    window.history.pushState({}, '', '/');
  });

  it('asks /api/v1/users/me with the bearer token and passes when it answers OK', async () => {
    localStorage.setItem('access_token', 'tok-1');
    fetchMock.mockResolvedValue(json({ id: 'u1', first_name: 'Ada', last_name: null, email: 'a@x.io' }));

    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/users/me');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok-1');
    expect(token()).toBe('tok-1');
  });

  it.each([401, 403])(
    'on %p removes the token and leaves a sign-in notice for the login page',
    async (status) => {
      localStorage.setItem('access_token', 'revoked');
      fetchMock.mockResolvedValue(json({ detail: 'Token revoked' }, { status }));

      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });

      expect(token()).toBeNull();
      expect(peekSignInNotice()).toBe(UNAUTHORIZED_NOTICE);
    },
  );

  it('on a network error removes the token without an unauthorized notice', async () => {
    localStorage.setItem('access_token', 'tok-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });

    expect(token()).toBeNull();
    expect(peekSignInNotice()).toBeNull();
  });

  it('keeps the token when the check is aborted (the user navigated away)', async () => {
    localStorage.setItem('access_token', 'tok-1');
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);

    await expect(authProvider.checkAuth({ signal: new AbortController().signal })).rejects.toBe(abort);

    expect(token()).toBe('tok-1');
  });

  it('keeps the token when a reload cuts the check off', async () => {
    localStorage.setItem('access_token', 'tok-1');
    fetchMock.mockImplementation(async () => {
      window.dispatchEvent(new Event('beforeunload'));
      throw new TypeError('Failed to fetch');
    });

    await expect(authProvider.checkAuth({})).rejects.toBeInstanceOf(TypeError);

    expect(token()).toBe('tok-1');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('passes the abort signal on to the request', async () => {
    localStorage.setItem('access_token', 'tok-1');
    let sent: AbortSignal | undefined;
    fetchMock.mockImplementation(async (_url, init) => {
      sent = init.signal ?? undefined;
      return json({ id: 'u1', first_name: null, last_name: null, email: 'a@x.io' });
    });
    const check = new AbortController();
    check.abort();

    await authProvider.checkAuth({ signal: check.signal }).catch(() => undefined);

    // The request's own signal follows the caller's: a cancelled check cancels the request.
    expect(sent?.aborted).toBe(true);
  });
});

describe('checkError', () => {
  it.each([401, 403])('on %p removes the token and sends the user to /login', async (status) => {
    localStorage.setItem('access_token', 'tok-1');

    await expect(authProvider.checkError(new HttpError('Nope', status))).rejects.toMatchObject({
      redirectTo: '/login',
    });

    expect(token()).toBeNull();
    expect(peekSignInNotice()).toBe(UNAUTHORIZED_NOTICE);
  });

  it.each([404, 500])('on %p keeps the user signed in', async (status) => {
    localStorage.setItem('access_token', 'tok-1');

    await expect(authProvider.checkError(new HttpError('Server error', status))).resolves.toBeUndefined();

    expect(token()).toBe('tok-1');
    expect(peekSignInNotice()).toBeNull();
  });
});

describe('logout', () => {
  it('removes the token, revokes it with the old bearer and returns /login', async () => {
    localStorage.setItem('access_token', 'tok-old');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(authProvider.logout({})).resolves.toBe('/login');

    expect(token()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-old');
  });

  it('signs out locally even when the revocation request fails', async () => {
    localStorage.setItem('access_token', 'tok-old');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authProvider.logout({})).resolves.toBe('/login');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the revocation's rejection is handled

    expect(token()).toBeNull();
  });

  it('without a token makes no request', async () => {
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgets the selected practice, so the next user on this browser never starts in it', async () => {
    localStorage.setItem('access_token', 'tok-old');
    localStorage.setItem('selectedPracticeId', 'p-glow');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await authProvider.logout({});
    expect(localStorage.getItem('selectedPracticeId')).toBeNull();
  });
});

describe('getIdentity', () => {
  beforeEach(() => localStorage.setItem('access_token', 'tok-1'));

  it('gives the full name, email and initials of the current user', async () => {
    fetchMock.mockResolvedValue(
      json({ id: 'u-7', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
    );

    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 'u-7',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      initials: 'AL',
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/users/me');
  });

  it('uses the email as the name when the user has none', async () => {
    fetchMock.mockResolvedValue(
      json({ id: 'u-8', first_name: null, last_name: null, email: 'zoe@example.com' }),
    );

    await expect(authProvider.getIdentity!()).resolves.toMatchObject({
      fullName: 'zoe@example.com',
      initials: 'Z',
    });
  });

  it("fails with 'Failed to fetch user data' when /users/me fails without detail", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));

    await expect(authProvider.getIdentity!()).rejects.toMatchObject({
      message: 'Failed to fetch user data',
      status: 500,
    });
  });
});

describe('displayName', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.io' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: null, email: 'a@x.io' }, 'Ada'],
    [{ first_name: null, last_name: 'Lovelace', email: 'a@x.io' }, 'Lovelace'],
    [{ first_name: '  Ada ', last_name: ' Lovelace  ', email: 'a@x.io' }, 'Ada Lovelace'],
    [{ first_name: '   ', last_name: '', email: 'a@x.io' }, 'a@x.io'],
    [{ first_name: null, last_name: null, email: 'a@x.io' }, 'a@x.io'],
  ])('of %j is %p', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

describe('initialsOf', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'z@x.io' }, 'AL'],
    [{ first_name: 'ada', last_name: 'lovelace', email: 'z@x.io' }, 'AL'],
    [{ first_name: 'Ada', last_name: null, email: 'z@x.io' }, 'A'],
    [{ first_name: null, last_name: 'Lovelace', email: 'z@x.io' }, 'L'],
    [{ first_name: ' ada', last_name: '  ', email: 'z@x.io' }, 'A'],
    [{ first_name: null, last_name: null, email: 'zoe@x.io' }, 'Z'],
    [{ first_name: '', last_name: '', email: 'zoe@x.io' }, 'Z'],
  ])('of %j is %p', (user, expected) => {
    expect(initialsOf(user)).toBe(expected);
  });
});
