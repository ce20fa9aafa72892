import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';

/**
 * The website script (tracker/) as a practice's website runs it: a page of another origin (a loopback server of
 * the test's own, http://127.0.0.1:{port}) embeds the real script from this stack's gateway with the one tag
 * Settings shows. Loopback rather than a made-up public host answered by Playwright: Chromium refuses a public
 * http page's requests to the loopback gateway (Private Network Access), which a real deployment never meets.
 */
const INGRESS = '/api/v1/tracking/events';
const PASSWORD_VALUE = 'never-sent-hunter2';

interface Sent {
  site_key: string;
  events: { event_id: string; type: string; url: string; fields?: Record<string, string> }[];
}

const website = (gateway: string, siteKey: string, body: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Northside Dental</title>
<script async src="${gateway}/pp.js" data-site-key="${siteKey}"></script></head>
<body>${body}</body></html>`;

/** Sent with GET on purpose: the next page's address then carries the password too, which is never sent either. */
const CONTACT_FORM = `<h1>Contact us</h1>
<form action="/thanks" method="get">
  <label>Full Name <input name="Full Name"></label>
  <label>Email <input type="email" name="Email"></label>
  <label>Message <textarea name="Message"></textarea></label>
  <label>Choose a password <input type="password" name="password"></label>
  <button type="submit">Send</button>
</form>`;

/** Serves the practice's website (any path; /thanks after the form) on a loopback port of its own. */
async function serveWebsite(gateway: string, siteKey: string) {
  const server = createServer((request, response) => {
    const thanks = new URL(request.url ?? '/', 'http://site').pathname === '/thanks';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(website(gateway, siteKey, thanks ? '<h1>Thank you!</h1>' : CONTACT_FORM));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every batch the script posts (fetch or beacon), in order. */
function recordBatches(context: BrowserContext): Request[] {
  const requests: Request[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === INGRESS) requests.push(request);
  });
  return requests;
}

/**
 * A visitor's desktop Chrome: the ingress drops what `isbot` calls a bot, and Playwright's headless Chromium says
 * 'HeadlessChrome' in its user agent, so the website's visitor browses with an ordinary one.
 */
const VISITOR_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const bodyOf = (request: Request) => JSON.parse(request.postData() ?? '{}') as Sent;

async function northside(request: APIRequestContext, token: string) {
  const id = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.northside];
  const practice = await request.get(`/api/v1/practices/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(practice.ok()).toBeTruthy();
  return { id, siteKey: ((await practice.json()) as { site_key: string }).site_key };
}

const queued = (page: Page, siteKey: string) =>
  page.evaluate((key) => window.localStorage.getItem(`pp_queue:${key}`), siteKey);

test.describe("the website script on a practice's website", () => {
  test('sends a pageview the ingress accepts, and a submitted form becomes a lead without its password; both pages show in Realtime as the lead’s', async ({
    browser,
    baseURL,
    signedIn: consolePage,
    request,
    demoToken,
  }) => {
    const practice = await northside(request, demoToken);
    const visitor = await browser.newContext({ userAgent: VISITOR_AGENT });
    const site = await serveWebsite(baseURL!, practice.siteKey);
    const batches = recordBatches(visitor);
    const page = await visitor.newPage();

    const pageviewAccepted = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === INGRESS &&
        bodyOf(response.request()).events.some((event) => event.type === 'pageview'),
    );
    await page.goto(`${site.url}/contact?utm_source=newsletter`);
    const accepted = await pageviewAccepted;
    expect(accepted.status()).toBe(202);
    const pageview = bodyOf(accepted.request()).events.find((event) => event.type === 'pageview')!;
    expect(pageview.url).toBe(`${site.url}/contact?utm_source=newsletter`);
    expect(bodyOf(accepted.request()).site_key).toBe(practice.siteKey);

    // A visitor fills the contact form in, password field included, and sends it: the page navigates away.
    const tag = randomUUID().slice(0, 6);
    const email = `maya.chen.${tag}@example.com`;
    await page.getByLabel('Full Name').fill(`Maya Chen${tag}`);
    await page.getByLabel('Email').fill(email);
    await page
      .getByLabel('Message')
      .fill('Hello, do you offer teeth whitening? I would like to come in for a consultation.');
    await page.getByLabel('Choose a password').fill(PASSWORD_VALUE);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

    // The form reached the ingress (from the leaving page's beacon or the next page's retry) and the queue emptied.
    await expect.poll(() => queued(page, practice.siteKey)).toBeNull();
    const forms = batches.flatMap((batch) => bodyOf(batch).events).filter((event) => event.type === 'form');
    expect(forms.length).toBeGreaterThan(0);
    expect(new Set(forms.map((form) => form.event_id)).size).toBe(1);
    expect(forms[0].fields).toEqual({
      'Full Name': `Maya Chen${tag}`,
      Email: email,
      Message: 'Hello, do you offer teeth whitening? I would like to come in for a consultation.',
    });
    for (const batch of batches) expect(batch.postData()).not.toContain(PASSWORD_VALUE);

    // The lead is in the practice's list in the console.
    await consolePage.addInitScript(
      (id) => window.localStorage.setItem('selectedPracticeId', id),
      practice.id,
    );
    await consolePage.goto('/leads');
    await expect(
      consolePage.getByRole('list', { name: /^Leads in / }).getByRole('link', { name: `Maya Chen${tag}` }),
    ).toBeVisible({ timeout: 60_000 });

    // Realtime Activity shows the visitor's pages (polled every 15 s), stitched to the lead the form made.
    await consolePage.goto('/analytics/realtime');
    const views = consolePage.getByTestId('pageview').filter({ hasText: site.url });
    await expect(views.filter({ hasText: '/contact' }).first()).toBeVisible({ timeout: 45_000 });
    await expect(views.first().getByRole('link', { name: `Lead: Maya Chen${tag}` })).toBeVisible({
      timeout: 45_000,
    });
    await visitor.close();
    await site.close();
  });

  test('keeps an event the ingress answered 503 and sends it again until accepted, then forgets it', async ({
    browser,
    baseURL,
    request,
    demoToken,
  }) => {
    const practice = await northside(request, demoToken);
    const visitor = await browser.newContext();
    const site = await serveWebsite(baseURL!, practice.siteKey);
    const answers: { ids: string[]; status: number }[] = [];
    let refused = false;
    await visitor.route(`${baseURL}${INGRESS}`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const ids = bodyOf(route.request()).events.map((event) => event.event_id);
      if (!refused) {
        // The ingress is down once (a broker outage answers 503).
        refused = true;
        answers.push({ ids, status: 503 });
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: JSON.stringify({ detail: 'The analytics service is unavailable. Please try again shortly.' }),
        });
      }
      const response = await route.fetch();
      answers.push({ ids, status: response.status() });
      return route.fulfill({ response });
    });
    const page = await visitor.newPage();
    await page.goto(`${site.url}/`);

    await expect.poll(() => answers.some((answer) => answer.status === 202)).toBe(true);
    await expect.poll(() => queued(page, practice.siteKey)).toBeNull();
    const [first] = answers;
    expect(first.status).toBe(503);
    const pageviewId = first.ids[0];
    const attempts = answers.filter((answer) => answer.ids.includes(pageviewId));
    // Refused once, then accepted once: nothing is sent again after it was accepted.
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 202]);
    await visitor.close();
    await site.close();
  });
});
