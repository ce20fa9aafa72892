import { HttpError } from 'react-admin';
import { detailOf, httpClient, isAuthError } from './http';
import { BACKGROUND_HEADER, USER_ACTIVITY_WINDOW_MS } from './userActivity';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

/** The request init of the only fetch call. */
function sentInit(): RequestInit & { headers: Headers } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  return fetchMock.mock.calls[0][1] as RequestInit & { headers: Headers };
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.setItem('access_token', 'tok-123');
});

describe('httpClient', () => {
  it('sends the stored access token as a bearer token and asks for JSON', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));

    await httpClient('/api/v1/users/me');

    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/users/me');
    expect(sentInit().headers.get('Authorization')).toBe('Bearer tok-123');
    expect(sentInit().headers.get('Accept')).toBe('application/json');
  });

  it('reads the token at call time, so a new sign-in is used at once', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await httpClient('/a');
    localStorage.setItem('access_token', 'tok-new');
    await httpClient('/b');

    expect((fetchMock.mock.calls[1][1].headers as Headers).get('Authorization')).toBe('Bearer tok-new');
  });

  it('without a stored token fails with 401 "Unauthorized. No token found." and sends nothing', async () => {
    localStorage.removeItem('access_token');

    const failure = httpClient('/api/v1/users/me');

    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Unauthorized. No token found.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends anonymous calls without a token and without an Authorization header', async () => {
    localStorage.removeItem('access_token');
    fetchMock.mockResolvedValue(json({ ok: true }));

    await httpClient('/api/v1/public', { anonymous: true });

    expect(sentInit().headers.has('Authorization')).toBe(false);
  });

  it("turns a non-OK reply into an HttpError with the server's detail and its status", async () => {
    fetchMock.mockResolvedValue(json({ detail: 'Practice not found' }, { status: 404 }));

    const failure = httpClient('/api/v1/practices/x', { fallbackMessage: 'Failed to fetch practices' });

    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      message: 'Practice not found',
      status: 404,
      body: { detail: 'Practice not found' },
    });
  });

  it('keeps a 403 status so react-admin can sign the user out', async () => {
    fetchMock.mockResolvedValue(json({ detail: 'Forbidden' }, { status: 403 }));

    await expect(httpClient('/x')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('uses the first message of a validation problem list as the error message', async () => {
    fetchMock.mockResolvedValue(
      json({ detail: [{ loc: ['body', 'name'], msg: 'Field required' }] }, { status: 422 }),
    );

    await expect(httpClient('/x', { fallbackMessage: 'Fallback' })).rejects.toMatchObject({
      message: 'Field required',
      status: 422,
    });
  });

  it("uses the call's fallback message when a non-OK reply has no detail", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(
      httpClient('/x', { fallbackMessage: 'Failed to fetch practice locations' }),
    ).rejects.toMatchObject({ message: 'Failed to fetch practice locations', status: 502 });
  });

  it('uses the fallback message when the detail is blank', async () => {
    fetchMock.mockResolvedValue(json({ detail: '   ' }, { status: 500 }));

    await expect(httpClient('/x', { fallbackMessage: 'Failed to fetch stats' })).rejects.toMatchObject({
      message: 'Failed to fetch stats',
    });
  });

  it('falls back to the status text, then to a generic message, when the call has no fallback', async () => {
    fetchMock.mockResolvedValueOnce(json({}, { status: 500, statusText: 'Internal Server Error' }));
    await expect(httpClient('/x')).rejects.toMatchObject({ message: 'Internal Server Error' });

    fetchMock.mockResolvedValueOnce(json({}, { status: 500 }));
    await expect(httpClient('/x')).rejects.toMatchObject({
      message: 'The request failed. Please try again.',
    });
  });

  it('serialises a JSON body and says so in Content-Type', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));

    await httpClient('/x', { method: 'PATCH', body: { name: 'Main St', active: false } });

    const init = sentInit();
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"Main St","active":false}');
    expect(init.headers.get('Content-Type')).toBe('application/json');
  });

  it("keeps a caller's own Content-Type for a JSON body", async () => {
    fetchMock.mockResolvedValue(json({}));

    await httpClient('/x', {
      method: 'POST',
      body: { a: 1 },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });

    expect(sentInit().headers.get('Content-Type')).toBe('application/merge-patch+json');
  });

  it('passes a URLSearchParams body through untouched, without a JSON Content-Type', async () => {
    fetchMock.mockResolvedValue(json({}));
    const form = new URLSearchParams({ username: 'ada@example.com', password: 's3cret' });

    await httpClient('/x', { method: 'POST', body: form });

    const init = sentInit();
    expect(init.body).toBe(form);
    expect(init.headers.get('Content-Type')).not.toBe('application/json');
  });

  it('sends no body when none is given', async () => {
    fetchMock.mockResolvedValue(json({}));

    await httpClient('/x');

    expect(sentInit().body).toBeUndefined();
    expect(sentInit().headers.has('Content-Type')).toBe(false);
  });

  it('returns the status, headers, raw body and parsed JSON of an OK reply', async () => {
    fetchMock.mockResolvedValue(
      json([{ practice_id: 'p1' }], { status: 200, headers: { 'Content-Range': 'practices 0-0/1' } }),
    );

    const result = await httpClient<Array<{ practice_id: string }>>('/x');

    expect(result.status).toBe(200);
    expect(result.json).toEqual([{ practice_id: 'p1' }]);
    expect(result.body).toBe('[{"practice_id":"p1"}]');
    expect(result.headers.get('Content-Range')).toBe('practices 0-0/1');
  });

  it('gives null JSON for an empty reply (204 No Content)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    const result = await httpClient('/x', { method: 'DELETE' });

    expect(result).toMatchObject({ status: 204, body: '', json: null });
  });
});

describe('httpClient and the idle session', () => {
  afterEach(() => jest.restoreAllMocks());

  it('marks a call made while nobody used the console for a minute as background, so it keeps no session alive', async () => {
    fetchMock.mockImplementation(async () => json({}));
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await httpClient('/a');
    now.mockReturnValue(start + USER_ACTIVITY_WINDOW_MS + 1);
    await httpClient('/b');

    expect((fetchMock.mock.calls[0][1].headers as Headers).has(BACKGROUND_HEADER)).toBe(false);
    expect((fetchMock.mock.calls[1][1].headers as Headers).get(BACKGROUND_HEADER)).toBe('1');
  });

  it("counts a click, a key or a scroll as the person's activity again", async () => {
    fetchMock.mockImplementation(async () => json({}));
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * USER_ACTIVITY_WINDOW_MS);
    await httpClient('/idle');
    for (const event of [new Event('pointerdown'), new KeyboardEvent('keydown'), new Event('wheel')]) {
      now.mockReturnValue(Date.now() + 10 * USER_ACTIVITY_WINDOW_MS);
      window.dispatchEvent(event);
      await httpClient(`/after-${event.type}`);
    }

    const background = fetchMock.mock.calls.map(([, init]) =>
      (init.headers as Headers).get(BACKGROUND_HEADER),
    );
    expect(background).toEqual(['1', null, null, null]);
  });

  it('sends sign-in and other anonymous calls without the mark', async () => {
    fetchMock.mockImplementation(async () => json({}));
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * USER_ACTIVITY_WINDOW_MS);
    await httpClient('/public', { anonymous: true });

    expect(sentInit().headers.has(BACKGROUND_HEADER)).toBe(false);
  });
});

describe('detailOf', () => {
  it.each([
    [{ detail: 'Nope' }, 'Nope'],
    [{ detail: [{ msg: 'First' }, { msg: 'Second' }] }, 'First'],
    [{ detail: [] }, undefined],
    [{ detail: '' }, undefined],
    [{ message: 'not a detail' }, undefined],
    [null, undefined],
    ['detail', undefined],
  ])('of %j is %p', (body, expected) => {
    expect(detailOf(body)).toBe(expected);
  });
});

describe('isAuthError', () => {
  it.each([
    [401, true],
    [403, true],
    [404, false],
    [500, false],
  ])('is %p → %p', (status, expected) => {
    expect(isAuthError(new HttpError('x', status))).toBe(expected);
  });

  it('is false for errors without a status', () => {
    expect(isAuthError(new Error('network'))).toBe(false);
    expect(isAuthError(null)).toBe(false);
  });
});

describe('a call the server does not answer', () => {
  afterEach(() => jest.useRealTimers());

  it("gives up after its timeout with 'The server took too long to answer. Please try again.'", async () => {
    jest.useFakeTimers();
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const call = httpClient('/api/v1/people/p-1', { timeoutMs: 5_000 });
    const outcome = expect(call).rejects.toMatchObject({
      message: 'The server took too long to answer. Please try again.',
      status: 408,
    });
    await jest.advanceTimersByTimeAsync(5_000);
    await outcome;
  });

  it('still ends when the caller cancels it, as a cancellation', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const cancel = new AbortController();
    const call = httpClient('/api/v1/people/p-1', { signal: cancel.signal });
    cancel.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
