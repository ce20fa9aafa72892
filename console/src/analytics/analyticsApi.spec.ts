import { analyticsApi } from './analyticsApi';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let fetchMock: jest.Mock;

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  fetchMock = jest.fn(async () => json({}));
  global.fetch = fetchMock;
});

const calledUrl = () => new URL(String(fetchMock.mock.calls[0][0]), 'http://console.test');

describe('the analytics calls', () => {
  it('send the bearer token and the query', async () => {
    await analyticsApi.metrics('p-glow', '2026-10-26', '2026-11-24');
    expect(calledUrl().pathname).toBe('/api/v1/analytics/metrics');
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      practice_id: 'p-glow',
      start_date: '2026-10-26',
      end_date: '2026-11-24',
    });
    const headers = fetchMock.mock.calls[0][1].headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('ask for the last 1800 seconds of pageviews by default, and read a partial answer safely', async () => {
    fetchMock.mockResolvedValueOnce(json({ pageviews: null }));
    expect(await analyticsApi.pageviews('p-glow')).toEqual({
      pageviews: [],
      avg_session_duration_seconds: 0,
    });
    expect(calledUrl().pathname).toBe('/api/v1/analytics/realtime/pageviews');
    expect(calledUrl().searchParams.get('seconds')).toBe('1800');
  });

  it('take the lead events as a bare list', async () => {
    fetchMock.mockResolvedValueOnce(json([{ event_id: 'e1' }]));
    expect(await analyticsApi.events('p-glow')).toEqual([{ event_id: 'e1' }]);
    fetchMock.mockResolvedValueOnce(json({ unexpected: true }));
    expect(await analyticsApi.events('p-glow')).toEqual([]);
  });

  it("fail with 'Unauthorized. No token found.' without a token, calling nothing", async () => {
    localStorage.removeItem('access_token');
    await expect(analyticsApi.metrics('p', 'a', 'b')).rejects.toThrow('Unauthorized. No token found.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([401, 403])('turn a %i into the sign-in message', async (status) => {
    fetchMock.mockResolvedValueOnce(json({ detail: 'Not authenticated' }, status));
    await expect(analyticsApi.pageviews('p')).rejects.toMatchObject({
      message: 'Unauthorized or Forbidden. Please login again.',
      status,
    });
  });

  it("carry the server's detail, else the call's own message", async () => {
    fetchMock.mockResolvedValueOnce(json({ detail: 'Practice not found' }, 404));
    await expect(analyticsApi.metrics('p', 'a', 'b')).rejects.toThrow('Practice not found');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(analyticsApi.metrics('p', 'a', 'b')).rejects.toThrow('Failed to fetch analytics metrics');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(analyticsApi.events('p')).rejects.toThrow('Failed to fetch events');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(analyticsApi.pageviews('p')).rejects.toThrow('Failed to fetch pageviews');
  });
});
