import { pageBadge, retryStatus, runFinished } from './badge';

const NOW = new Date(2026, 10, 23, 15, 0, 0);
const daysAgo = (days: number, hours = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000).toISOString();
const page = (last_updated: string) => ({ source_url: 'https://glow.example/a', last_updated });

describe('pageBadge', () => {
  it('is Processing when the page is pending and the status processing', () => {
    expect(pageBadge(page(daysAgo(30)), new Set(['https://glow.example/a']), 'processing', NOW)).toBe(
      'processing',
    );
  });

  it('is not Processing for a pending page once the status is no longer processing', () => {
    expect(pageBadge(page(daysAgo(0)), new Set(['https://glow.example/a']), 'ready', NOW)).toBe('ready');
  });

  it('is not Processing for a page that is not pending', () => {
    expect(pageBadge(page(daysAgo(30)), new Set(), 'processing', NOW)).toBe('stale');
  });

  it('is Ready when updated today', () => {
    expect(pageBadge(page(new Date(2026, 10, 23, 0, 5).toISOString()), new Set(), 'ready', NOW)).toBe(
      'ready',
    );
  });

  it('is Stale after more than 7 days, Ready up to 7 days', () => {
    expect(pageBadge(page(daysAgo(7, 1)), new Set(), 'ready', NOW)).toBe('stale');
    expect(pageBadge(page(daysAgo(7)), new Set(), 'ready', NOW)).toBe('ready');
    expect(pageBadge(page(daysAgo(3)), new Set(), 'failed', NOW)).toBe('ready');
  });
});

describe('runFinished', () => {
  it('is true when processing moves to ready or failed', () => {
    expect(runFinished('processing', 'ready')).toBe(true);
    expect(runFinished('processing', 'failed')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(runFinished('ready', 'ready')).toBe(false);
    expect(runFinished(undefined, 'ready')).toBe(false);
    expect(runFinished('processing', 'processing')).toBe(false);
    expect(runFinished('failed', 'ready')).toBe(false);
  });
});

describe('retryStatus', () => {
  it('retries up to 3 times', () => {
    const error = new Error('Failed to fetch knowledge status: Bad Gateway');
    expect([0, 1, 2, 3].map((count) => retryStatus(count, error))).toEqual([true, true, true, false]);
  });

  it('never retries when the practice is not found, nor after 401/403', () => {
    expect(retryStatus(0, new Error('Failed to fetch knowledge status: Practice not found'))).toBe(false);
    expect(retryStatus(0, Object.assign(new Error('x'), { status: 401 }))).toBe(false);
  });
});
