import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

/**
 * The public demo as a prospect meets it (docs/product/onboarding.md): their website — the onboarding service's
 * fixture med spa, served on loopback at E2E_DEMO_SITE_PORT, which deploy/local/test.mjs lets the crawler reach
 * through CRAWL_ALLOWED_HOSTS — read into an assistant without signing in, then kept by signing up.
 */
const SITE_PORT = Number(process.env.E2E_DEMO_SITE_PORT ?? 0);
const SITE = `http://127.0.0.1:${SITE_PORT}/`;
const ROOT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'services',
  'onboarding',
  'test',
  'sites',
  'glow-medspa',
);

/**
 * A number whose local time is between 9 am and 8 pm now (demo calls are placed in daytime only): one of these
 * zones always is.
 */
function daytimeNumber(): string {
  const numbers: [string, string][] = [
    ['+18085550142', 'Pacific/Honolulu'],
    ['+14155550142', 'America/Los_Angeles'],
    ['+12125550142', 'America/New_York'],
    ['+5511912345678', 'America/Sao_Paulo'],
    ['+442079460958', 'Europe/London'],
    ['+912212345678', 'Asia/Kolkata'],
    ['+81312345678', 'Asia/Tokyo'],
    ['+61291234567', 'Australia/Sydney'],
  ];
  const hour = (timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
    );
  return numbers.find(([, zone]) => hour(zone) >= 9 && hour(zone) < 20)![0];
}

function serveSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', SITE).pathname;
    const file = normalize(join(ROOT, path === '/' ? 'index.html' : path));
    if (!file.startsWith(ROOT)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file)
      .then((body) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body))
      .catch(() => response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'));
  });
  return new Promise((resolve) => server.listen(SITE_PORT, '127.0.0.1', () => resolve(server)));
}

test.describe('the public demo', () => {
  test.skip(!SITE_PORT, 'needs E2E_DEMO_SITE_PORT and CRAWL_ALLOWED_HOSTS (npm test sets both)');
  let site: Server;

  test.beforeAll(async () => {
    site = await serveSite();
  });

  test.afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
  });

  test('reads a website into an assistant the prospect can question and be called by, at a phone’s width too', async ({
    page,
  }) => {
    await page.goto('/onboarding');
    await page.getByLabel('Website URL').fill(SITE);
    await page.getByRole('button', { name: 'Start My Free Demo' }).click();
    await expect(page).toHaveURL(/\/onboarding-session\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Onboarding Status')).toBeVisible();

    // Polled every 5 s until ready: the practice as its site describes it, each fact linked to its page.
    await expect(page.getByText('Analysis Complete!')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Glow Med Spa').first()).toBeVisible();
    await expect(page.getByText('(512) 555-0142').first()).toBeVisible();
    await expect(page.getByText('1200 South Lamar Blvd, Suite 110, Austin, TX 78704')).toBeVisible();
    await expect(page.getByText('Dr. Elena Park, MD')).toBeVisible();
    await expect(page.getByText('HydraFacial').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Source page for Address' })).toHaveAttribute('href', SITE);
    await expect(
      page.getByText("Hi! I'm the demo assistant for Glow Med Spa.", { exact: false }),
    ).toBeVisible();

    // Two questions, answered from the site's pages with the page quoted.
    const message = page.getByLabel('Your message');
    await message.fill('Is there free parking?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/free parking behind the building/)).toBeVisible();
    await expect(page.locator(`a[href="${SITE}contact.html"]`).first()).toBeVisible();
    await message.fill('Do you offer laser hair removal?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/dual-wavelength laser/)).toBeVisible();

    // The voice demo (the sandbox here: no Twilio account), to a number where it is daytime now.
    await page.getByLabel('Your Phone Number').fill(daytimeNumber());
    await page.getByRole('button', { name: 'Call Me Now' }).click();
    await expect(page.getByTestId('onboarding-call-started')).toHaveText(
      /^Call initiated to .+! You should receive a call shortly\.$/,
    );

    // A prospect on a phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Call Me Now' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Sign up and keep the assistant: the demo becomes a practice of the new user's own.
    await page.setViewportSize({ width: 1366, height: 768 });
    const demoId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Sign Up & Save My Assistant' }).click();
    await expect(page).toHaveURL(`/signup?demo_session_id=${demoId}`);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText(`Your demo of ${SITE} will be saved`)).toBeVisible();
    await expect(page.getByLabel('Practice name')).toHaveValue('Glow Med Spa');
    // On a phone too: the whole form in one column, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Create My Account' })).toBeVisible();
    expect(
      await page.evaluate(
        () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('First name').fill('Elena');
    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Work email').fill(`elena.${demoId.slice(0, 8)}@glowmedspa.example`);
    await page.getByLabel(/^Password/).fill('sunrise-clinic-42');
    await page.getByRole('button', { name: 'Create My Account' }).click();

    // Their own workspace, the new practice selected, no lead of anyone else's.
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByTestId('practice-switcher')).toContainText('Glow Med Spa');
    await expect(page.getByText('No Lead Selected')).toBeVisible();
    await page.getByTestId('practice-switcher').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Glow Med Spa']);
    await page.keyboard.press('Escape');

    // Settings → Practice Knowledge lists the pages the demo read, read again for the practice.
    await page.goto('/settings/knowledge');
    const rows = page.getByTestId('knowledge-row');
    await expect(rows.filter({ hasText: `${SITE}team.html` })).toBeVisible({ timeout: 60_000 });
    await expect(rows.filter({ hasText: `${SITE}contact.html` })).toBeVisible();
    await expect(page.getByTestId('knowledge-status')).toHaveText('Ready', { timeout: 60_000 });
  });
});
