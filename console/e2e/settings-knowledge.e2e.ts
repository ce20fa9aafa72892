import type { APIRequestContext } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test, tokenFor } from './fixtures';

/**
 * Practice Knowledge against the knowledge service: the seeded pages' addresses are not reachable from here,
 * so the test serves a small practice website on loopback (E2E_SITE_PORT; deploy/local/test.mjs lets the
 * gateway and the crawler reach it through CRAWL_ALLOWED_HOSTS) and points Northside Dental at it.
 */
const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 0);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const ORIGINAL_WEBSITE = 'https://www.northsidedental.example';

const paragraph = (topic: string) =>
  `<p>Northside Test Clinic offers ${topic} for the whole family in Lincoln Park, Chicago. Our dentists ` +
  `explain every step, answer questions about insurance and payment plans, and book follow-up visits at a ` +
  `time that suits you. New patients are welcome on weekdays and on the first Saturday of each month.</p>`;

const PAGES: Record<string, string> = {
  '/': `<h1>Northside Test Clinic</h1>${paragraph('gentle general dentistry')}${paragraph('cleanings')}
        <a href="/services">Our services</a> <a href="/contact">Contact us</a>`,
  '/services': `<h1>Dental services</h1>${paragraph('crowns, fillings and implants')}${paragraph('whitening')}
        <a href="/">Home</a>`,
  '/contact': `<h1>Contact the clinic</h1>${paragraph('same-week appointments')}<a href="/">Home</a>`,
};

function serveSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const body = PAGES[path];
    if (!body) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const title = body.match(/<h1>([^<]+)<\/h1>/)?.[1] ?? 'Page';
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`,
      );
  });
  return new Promise((resolve) => server.listen(SITE_PORT, '127.0.0.1', () => resolve(server)));
}

function api(request: APIRequestContext, token: string, practiceId: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const practice = `/api/v1/practices/${practiceId}`;
  return {
    setWebsite: (website_url: string) => request.patch(practice, { headers, data: { website_url } }),
    process: (urls: string[]) =>
      request.post(`${practice}/knowledge/processing`, { headers, data: { urls } }),
    run: async () =>
      (await request.get(`${practice}/knowledge/status`, { headers })).json() as Promise<{
        status: string;
      }>,
    status: async () =>
      ((await (await request.get(`${practice}/knowledge/status`, { headers })).json()) as { status: string })
        .status,
  };
}

test.describe('Practice Knowledge', () => {
  test.skip(!SITE_PORT, 'needs E2E_SITE_PORT and CRAWL_ALLOWED_HOSTS (npm test sets both)');
  test.describe.configure({ mode: 'serial' });
  let site: Server;

  test.beforeAll(async () => {
    site = await serveSite();
  });

  test.afterAll(async ({ request }) => {
    site?.close();
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    await api(request, await tokenFor(request, DEMO.email), northside).setWebsite(ORIGINAL_WEBSITE);
  });

  test('Reprocess All shows the banner until the site is crawled; a page reprocessed shows Processing, then Ready', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    const calls = api(request, demoToken, northside);
    expect((await calls.setWebsite(`${SITE}/`)).ok()).toBeTruthy();
    // The knowledge service learns the website from practice.changes: once it takes a page of the new site,
    // it knows it. Then that first run is left to finish.
    await expect
      .poll(async () => (await calls.process([`${SITE}/`])).status(), { timeout: 30_000 })
      .toBe(202);
    await expect.poll(calls.status, { timeout: 60_000 }).not.toBe('processing');
    expect(await calls.run()).toMatchObject({ status: 'ready', error: null });

    await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), northside);
    await page.goto('/settings/knowledge');
    await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.northside);
    const rows = page.getByTestId('knowledge-row');
    await expect(rows.filter({ hasText: `${SITE}/` }).first()).toBeVisible();

    // The whole website: the banner replaces the table while the crawl runs, then the pages are listed.
    await page.getByRole('button', { name: 'Reprocess All' }).click();
    const banner = page.getByTestId('full-reprocess-banner');
    await expect(banner).toContainText('All website pages are being crawled and analyzed.');
    await expect(page.getByTestId('knowledge-status')).toHaveText('Processing');
    await expect(banner).toBeHidden({ timeout: 60_000 });
    // The run's own account (its error, if any, shows in a failure).
    expect(await calls.run()).toMatchObject({
      status: 'ready',
      scope: 'all',
      pages_processed: 3,
      error: null,
    });
    await expect(page.getByTestId('knowledge-status')).toHaveText('Ready');
    const services = rows.filter({ hasText: `${SITE}/services` });
    await expect(services).toContainText('Dental services');
    await expect(rows.filter({ hasText: `${SITE}/contact` })).toBeVisible();

    // One page: its badge reads Processing until the run is done, then Ready.
    await services.getByRole('button', { name: `Actions for ${SITE}/services` }).click();
    await page.getByRole('menuitem', { name: 'Reprocess This Page' }).click();
    await expect(services.getByTestId('knowledge-badge')).toHaveText('Processing');
    await expect(services.getByTestId('knowledge-badge')).toHaveText('Ready', { timeout: 60_000 });
    await expect(page.getByTestId('knowledge-status')).toHaveText('Ready');
  });
});
