// Captures the README's screenshots from a running product: `npm start`, then
// `node console/e2e/capture-screenshots.mjs [http://localhost:8080]`. Writes docs/screenshots/*.png.
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
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
}
