import type { APIRequestContext, Page } from '@playwright/test';
import type { AnalyticsMetricsResponse, RealtimePageviewsResponse } from '@pp/contracts';
import { DEMO, expect, practiceIds, PRACTICE_NAMES, test } from './fixtures';

/**
 * The analytics area (docs/product/analytics.md) against the real stack and the seeded demo practice (Glow
 * Aesthetics): the Overview and Realtime Activity show what the analytics calls answer.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The Overview's default range on the browser's clock: today and 29 days back. */
function last30Days() {
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { start: isoDay(start), end: isoDay(today) };
}

async function api(request: APIRequestContext, token: string) {
  const practiceId = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
  const get = (path: string) =>
    request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { practiceId, get };
}

/** What the analytics endpoint answers the demo user for Glow Aesthetics (it must succeed). */
async function requireEndpoint(
  request: APIRequestContext,
  token: string,
  path: (practiceId: string) => string,
) {
  const { practiceId, get } = await api(request, token);
  const response = await get(path(practiceId));
  expect(response.ok()).toBeTruthy();
  return { practiceId, body: (await response.json()) as unknown };
}

async function selectGlow(page: Page, practiceId: string) {
  await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), practiceId);
}

test.describe('analytics bundle', () => {
  test('the leads workspace does not download the charts or the map; the analytics area does', async ({
    signedIn: page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/leads');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    // The workspace has settled once it selected its first lead (a redirect to /leads/{id}).
    await expect(page).toHaveURL(/\/leads\/[^/?]+/);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/(charts|leaflet|AnalyticsPage)-/.test(path))).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    expect(scripts.some((path) => /\/AnalyticsPage-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/charts-/.test(path))).toBe(true);
  });
});

test.describe('analytics overview', () => {
  test('shows the last 30 days: the four cards, the donut, the lead volume and the events, as the API answers', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const range = last30Days();
    const { practiceId, body } = await requireEndpoint(
      request,
      demoToken,
      (id) => `/analytics/metrics?practice_id=${id}&start_date=${range.start}&end_date=${range.end}`,
    );
    const answer = body as AnalyticsMetricsResponse;
    await selectGlow(page, practiceId);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Analytics views' });
    await expect(menu.getByRole('link')).toHaveText(['Realtime Activity', 'Overview']);
    await expect(menu.locator('[data-key="reports"]')).toContainText('Soon');
    await expect(menu.locator('[data-key="insights"]')).toContainText('Soon');

    const cards = page.getByTestId('summary-cards');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Estimated Value',
      'Time Saved',
      'Leads',
      'Scheduled Consults',
    ]);
    const leads = page.getByTestId('card-leads');
    await expect(leads.getByTestId('card-value')).toHaveText(
      answer.metrics.leads.value.toLocaleString('en-US'),
    );
    const change = answer.metrics.leads.change_percent;
    await expect(leads.getByTestId('card-trend')).toHaveText(
      change > 0
        ? 'Up from last period'
        : change < 0
          ? 'Down from last period'
          : 'No change from last period',
    );
    await expect(page.getByTestId('card-conv_value').getByTestId('card-value')).toHaveText(/^\$[\d,]+$/);

    const total = answer.chart_data.reduce((sum, point) => sum + point.leads, 0);
    await expect(page.getByTestId('lead-volume-total')).toHaveText(
      `${total.toLocaleString('en-US')} leads this period`,
    );
    await expect(page.getByTestId('lead-volume').locator('.recharts-area-area')).toBeVisible();

    const donut = page.getByTestId('procedure-interests');
    if (answer.procedure_distribution.length === 0) {
      await expect(donut).toContainText('No procedure data for this period');
    } else {
      await expect(page.getByTestId('procedures-centre')).toContainText(
        `${answer.total_unique_procedures}Procedures`,
      );
      await expect(donut.locator('.recharts-pie-sector')).toHaveCount(answer.procedure_distribution.length);
    }

    const events = page.getByTestId('events-table');
    await expect(page.getByTestId('events-count')).toHaveText(
      `${answer.recent_events.length} communication events`,
    );
    const first = answer.recent_events.find((event) => event.contact_id);
    if (first) {
      const link = events.getByRole('link', { name: first.contact_name || 'Unknown' }).first();
      await expect(link).toHaveAttribute('href', `/leads/${first.contact_id}`);
    } else if (answer.recent_events.length === 0) {
      await expect(events).toContainText('No events in this time period');
    }
  });

  test('reloads for a preset of the date range picker', async ({ signedIn: page, request, demoToken }) => {
    const range = last30Days();
    const { practiceId } = await requireEndpoint(
      request,
      demoToken,
      (id) => `/analytics/metrics?practice_id=${id}&start_date=${range.start}&end_date=${range.end}`,
    );
    await selectGlow(page, practiceId);
    await page.goto('/analytics');
    await expect(page.getByTestId('summary-cards').or(page.getByText('No data available'))).toBeVisible();
    await page.getByRole('button', { name: 'Date range' }).click();
    const dialog = page.getByRole('dialog', { name: 'Date range' });
    const today = isoDay(new Date());
    const reload = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/analytics/metrics?') &&
        response.url().includes(`start_date=${today}`) &&
        response.url().includes(`end_date=${today}`),
    );
    await dialog.getByRole('button', { name: 'Today' }).click();
    expect((await reload).ok()).toBeTruthy();
  });
});

test.describe('analytics realtime', () => {
  test('shows the last 30 minutes as the API answers, with the live lead events', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const { practiceId, body } = await requireEndpoint(
      request,
      demoToken,
      (id) => `/analytics/realtime/pageviews?practice_id=${id}&seconds=1800`,
    );
    const answer = body as RealtimePageviewsResponse;
    await selectGlow(page, practiceId);
    await page.goto('/analytics/realtime');
    await expect(page.getByRole('heading', { name: 'Realtime Activity' })).toBeVisible();
    await expect(page.getByTestId('live-badge')).toHaveText('LIVE');
    await expect(page.getByText('Real-time website activity for the last 30 minutes')).toBeVisible();
    await expect(page.getByTestId('lead-events-badge')).toHaveText('LIVE');

    // Polled every 15 s: the figures can move between the API call above and the page's; compare the shape.
    await expect(page.getByTestId('rt-card-pageviews').getByTestId('rt-card-value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('rt-card-avg_session').getByTestId('rt-card-value')).toHaveText(
      /^(0s|\d+s|\d+m \d+s)$/,
    );
    const map = page.getByTestId('visitor-locations');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    const located = new Set(
      answer.pageviews
        .filter((view) => view.latitude !== null && view.longitude !== null)
        .map((view) => view.visitor_id),
    );
    if (located.size > 0) {
      // SVG markers: they show whether or not the tiles load.
      await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
      await map.locator('path.leaflet-interactive').first().click({ force: true });
      await expect(map.locator('.leaflet-popup-content')).toHaveText(/^.+, .+$/);
    }
    if (answer.pageviews.length === 0) {
      await expect(page.getByText('No pageviews yet')).toBeVisible();
      await expect(page.getByText('No traffic yet')).toBeVisible();
    } else {
      await expect(page.getByTestId('pageview').first()).toBeVisible();
    }
  });
});
