import type { Page } from '@playwright/test';
import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test } from './fixtures';
import { peopleApi } from './leads-api';

const rows = (page: Page) => page.getByRole('list', { name: /^Leads in / }).getByRole('link');

/** Open the leads of Northside Dental (the other tests read Glow Aesthetics' first lead; leave it be). */
async function openNorthside(page: Page, practiceId: string) {
  await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), practiceId);
  await page.goto('/leads');
  await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.northside);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
}

test.describe('live updates', () => {
  test('a lead created by another process appears at the top without a reload', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    await openNorthside(page, northside);
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    const firstBefore = await rows(page).first().getAttribute('aria-label');

    const name = { first_name: 'Livia', last_name: `Arrival${Date.now()}` };
    await peopleApi(request, demoToken).create(northside, name);

    // At the top, above the lead that was first (other tests may add leads of their own at the same time).
    const labels = () =>
      rows(page).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    await expect
      .poll(async () => (await labels()).indexOf(`${name.first_name} ${name.last_name}`), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(0);
    const now = await labels();
    expect(now.indexOf(`${name.first_name} ${name.last_name}`)).toBeLessThan(now.indexOf(firstBefore));
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
  });

  test('while scrolled down, new leads wait on the pill until it is clicked', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    await openNorthside(page, northside);
    await page.getByTestId('lead-list-scroller').evaluate((scroller) => (scroller.scrollTop = 1500));

    const name = { first_name: 'Pilar', last_name: `Waiting${Date.now()}` };
    await peopleApi(request, demoToken).create(northside, name);

    const pill = page.getByTestId('new-leads-pill');
    await expect(pill).toHaveText(/^\d+ New Leads$/, { timeout: 20_000 });
    await pill.click();
    await expect(pill).toBeHidden();
    const created = page.getByRole('link', { name: `${name.first_name} ${name.last_name}`, exact: true });
    await expect(created).toBeInViewport();
  });
});

test.describe('the live connection', () => {
  test('after a connection that opened and dropped, reconnects back off 0.5, 1, 2, 4, 8 s and stop after 5', async ({
    signedIn: page,
  }) => {
    // The page's clock, held still once the connection is up: each wait is run out on it, to the millisecond.
    await page.clock.install();
    let connections = 0;
    let dropFirst!: () => void;
    const firstUp = new Promise<void>((resolve) => (dropFirst = resolve));
    await page.routeWebSocket(/\/api\/v1\/practices\/[^/]+\/events/, (socket) => {
      connections += 1;
      if (connections === 1) {
        // The first connection is the real one; the test drops it once it is open.
        socket.connectToServer();
        void firstUp.then(() => socket.close({ code: 4000, reason: 'dropped by the test' }));
      } else {
        // Every reconnect is accepted (so it opens) and dropped at once: the case that used to retry every
        // 500 ms forever while saying 'attempt 1 of 5'.
        setTimeout(() => socket.close({ code: 4000, reason: 'still broken' }), 50);
      }
    });
    // The live connections the page opens, counted as it opens them (after the route's own WebSocket).
    await page.addInitScript(() => {
      const Socket = window.WebSocket;
      const opened: string[] = [];
      Object.assign(window, { liveSocketsOpened: opened });
      window.WebSocket = class extends Socket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          if (String(url).includes('/events')) opened.push(String(url));
        }
      };
    });
    const opened = () =>
      page.evaluate(() => (window as unknown as { liveSocketsOpened: string[] }).liveSocketsOpened.length);
    await page.goto('/leads');
    const status = page.getByTestId('live-status');
    await expect(status).toHaveAttribute('data-state', 'open');
    // From here the page's time moves only when the test runs it forward. It stops a minute ahead (its timers
    // due by then run once): a moment ahead may already be past on a busy machine by the time the page hears it.
    await page.clock.pauseAt(Date.now() + 60_000);
    dropFirst();

    // Retry n opens exactly its delay after the previous connection closed: not a millisecond sooner or later.
    for (const [index, delay] of [500, 1_000, 2_000, 4_000, 8_000].entries()) {
      await expect(status).toHaveAttribute('data-attempts', String(index + 1));
      await expect(status).toHaveAttribute('data-state', 'closed');
      expect(await opened()).toBe(index + 1);
      await page.clock.runFor(delay - 1);
      expect(await opened()).toBe(index + 1);
      await page.clock.runFor(1);
      expect(await opened()).toBe(index + 2);
    }
    await expect(status).toHaveAttribute('aria-label', 'Max reconnection attempts reached');
    await expect(status).toHaveAttribute('data-state', 'closed');
    await expect(status).toHaveAttribute('data-attempts', '5');
    // And no more attempts after that, however long the page stays open.
    await page.clock.runFor(60_000);
    expect(await opened()).toBe(6); // the first connection and 5 retries
    expect(connections).toBe(6);
  });
});
