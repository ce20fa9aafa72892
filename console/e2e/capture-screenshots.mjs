// Captures the README's screenshots from a running product: `npm start`, then
// `node console/e2e/capture-screenshots.mjs [http://localhost:8080]`. Writes docs/screenshots/*.png: the main
// screens at 1440×900, and again at the front desk's 1024×768 and 1366×768 (front-desk-{width}-*.png). The browser
// tests' stack can run it too: `E2E_CAPTURE_SCREENSHOTS=1 npm test -- browser screenshots`.
import { chromium } from 'playwright-core';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(out, 'login.png') });

  await page.getByLabel('Email').fill('demo@practicepilot.example');
  await page.getByLabel('Password').fill('practicepilot');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // /leads selects the first lead at once and replaces the URL with /leads/{id}.
  await page.waitForURL(/\/leads(\/[\w-]+)?$/);
  await page.getByTestId('practice-switcher').getByText('Glow Aesthetics').waitFor();
  await page.getByTestId('practice-switcher').click();
  await page.getByRole('menuitem', { name: 'Northside Dental' }).waitFor();
  await page.waitForTimeout(500); // the menu's opening transition
  await page.screenshot({ path: join(out, 'shell.png') });
  await page.keyboard.press('Escape');

  // The leads workspace: stage sidebar, list, the selected lead and its side panel.
  await page.goto(`${base}/leads`);
  await page.waitForURL(/\/leads\/[\w-]+$/);
  await page.locator('a[aria-current="true"]').first().waitFor();
  await page.getByTestId('live-status').and(page.locator('[data-state="open"]')).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(out, 'leads.png') });

  // Settings: what the practice knows (Glow Aesthetics, the first practice, is selected).
  const settings = [
    ['practice', 'settings-practice.png', 'Practice Information'],
    ['knowledge', 'settings-knowledge.png', 'Total Pages'],
    ['pricing', 'settings-pricing.png', 'Procedure Pricing'],
    ['pricing?tab=promotions', 'settings-promotions.png', 'New Promotion'],
  ];
  for (const [path, file, text] of settings) {
    await page.goto(`${base}/settings/${path}`);
    await page.getByText(text, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(out, file) });
  }
  await frontDesk(page);
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
}

/** Waits for the page's calls and fonts, then writes the screenshot. */
async function settle(page, file) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(out, file) });
}

/**
 * The main screens at the widths front desks have (docs/decisions/0039-console-on-front-desk-screens.md): a lead
 * waiting for review (its draft and 'Approve & Send' in view), the calendar's week with an appointment open,
 * analytics, and Practice Knowledge. The page is signed in already.
 */
async function frontDesk(page) {
  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 768 });
    const name = (screen) => `front-desk-${width}-${screen}.png`;

    await page.goto(`${base}/leads?stage=review`);
    await page.waitForURL(/\/leads\/[\w-]+/);
    await page.getByTestId('lead-detail').waitFor();
    await page
      .getByTestId('decision-review')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await settle(page, name('leads'));

    await page.goto(`${base}/calendar`);
    const main = page.getByTestId('calendar-main');
    await main.getByRole('button', { name: 'Week', exact: true }).click();
    await page.waitForLoadState('networkidle');
    const event = main.locator('.fc-event').first();
    if (await event.count()) {
      await event.click();
      await page.getByTestId('appointment-panel').waitFor();
    }
    await settle(page, name('calendar'));

    await page.goto(`${base}/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await settle(page, name('analytics'));

    await page.goto(`${base}/settings/knowledge`);
    await page.getByText('Total Pages', { exact: true }).first().waitFor();
    await settle(page, name('knowledge'));
  }
}
