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
    test.slow(); // 15.5 s of backoff by design, then a look that nothing follows
    const opened: number[] = [];
    let dropFirst!: () => void;
    const firstUp = new Promise<void>((resolve) => (dropFirst = resolve));
    await page.routeWebSocket(/\/api\/v1\/practices\/[^/]+\/events/, (socket) => {
      opened.push(Date.now());
      if (opened.length === 1) {
        // The first connection is the real one; the test drops it once it is open.
        socket.connectToServer();
        void firstUp.then(() => socket.close({ code: 4000, reason: 'dropped by the test' }));
      } else {
        // Every reconnect is accepted (so it opens) and dropped at once: the case that used to retry every
        // 500 ms forever while saying 'attempt 1 of 5'.
        setTimeout(() => socket.close({ code: 4000, reason: 'still broken' }), 50);
      }
    });
    await page.goto('/leads');
    const status = page.getByTestId('live-status');
    await expect(status).toHaveAttribute('data-state', 'open');
    dropFirst();

    await expect(status).toHaveAttribute('aria-label', 'Max reconnection attempts reached', {
      timeout: 60_000,
    });
    await expect(status).toHaveAttribute('data-state', 'closed');
    await expect(status).toHaveAttribute('data-attempts', '5');
    expect(opened).toHaveLength(6); // the first connection and 5 retries
    // Each wait is at least the policy's delay (a slow machine only makes them longer).
    const gaps = opened.slice(1).map((at, index) => at - opened[index]);
    [500, 1000, 2000, 4000, 8000].forEach((delay, index) =>
      expect(gaps[index]).toBeGreaterThanOrEqual(delay * 0.9),
    );
    // And no more attempts after that.
    await page.waitForTimeout(9_000);
    expect(opened).toHaveLength(6);
  });
});
