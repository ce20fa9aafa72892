// Captures the README's screenshots from a running product: `npm start`, then
// `node console/e2e/capture-screenshots.mjs [http://localhost:8080]`. Writes docs/screenshots/*.png: the main
// screens at 1440×900, and again at the front desk's 1024×768 and 1366×768 (front-desk-{width}-*.png), with a move
// the server refuses and a failed knowledge run. The browser tests' stack can run it too:
// `E2E_CAPTURE_SCREENSHOTS=1 npm test -- browser screenshots`. The refused move books two appointments next week
// (and leaves them); the failed run is written into the knowledge service's table (E2E_DATABASE_URL, else
// DATABASE_URL, else `npm start`'s database) and put back as it was.
import { TZDate } from '@date-fns/tz';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const pad = (value) => String(value).padStart(2, '0');
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
  await refusals(page);
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

/** The answer to a call of the API with the page's token. */
async function api(page, method, path, { params, data } = {}) {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const response = await page.request.fetch(`${base}/api/v1${path}`, {
    method,
    params,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** 'YYYY-MM-DD' of next week's Friday on a zone's clock (the calendar's weeks start on Sunday). */
function nextFriday(zone) {
  const today = new TZDate(Date.now(), zone);
  const day = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + 12 - today.getDay(),
    12,
    zone,
  );
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * What the front desk reads when something is refused or failed, at both widths
 * (docs/decisions/0039-console-on-front-desk-screens.md): a drag onto a taken slot, answered 409, in the week view
 * with the server's reason; and Practice Knowledge after a failed run, with its reason and 'Retry'. The first
 * demo practice (Glow Aesthetics) is selected.
 */
async function refusals(page) {
  const practices = await api(page, 'GET', '/users/me/practices');
  const practice = practices.find((row) => row.name === 'Glow Aesthetics') ?? practices[0];
  const locations = await api(page, 'GET', `/practices/${practice.practice_id}/locations/`);
  const location = locations.find((row) => row.is_primary) ?? locations[0];
  const zone = location.timezone;
  const day = nextFriday(zone);
  const { items } = await api(page, 'GET', '/people/', {
    params: { practice_id: practice.practice_id, limit: 20 },
  });
  const { appointments } = await api(page, 'GET', '/calendar/appointments', {
    params: { practice_id: practice.practice_id, start_date: day, end_date: day },
  });
  const at = (minutes) => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(new TZDate(year, month - 1, date, 0, minutes, zone).getTime());
  };
  const taken = (start) =>
    appointments.some(
      (other) =>
        other.location_id === location.location_id &&
        other.status !== 'cancelled' &&
        new Date(other.start_time) < new Date(start.getTime() + 30 * 60_000) &&
        new Date(other.end_time) > start,
    );
  let first = 10 * 60;
  while (first < 16 * 60 && (taken(at(first)) || taken(at(first + 60)))) first += 30;
  const book = (minutes, person) =>
    api(page, 'POST', '/calendar/appointments', {
      params: { practice_id: practice.practice_id, location_id: location.location_id },
      data: {
        person_id: person.person_id,
        title: 'Consultation',
        start_time: at(minutes).toISOString(),
        end_time: at(minutes + 30).toISOString(),
      },
    });
  await book(first, items[0]);
  await book(first + 60, items[1] ?? items[0]);
  const clock = (minutes) => `${Math.floor(minutes / 60) % 12 || 12}:${pad(minutes % 60)}`;
  const slot = `${pad(Math.floor(first / 60))}:${pad(first % 60)}:00`;

  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto(`${base}/calendar`);
    await page.waitForLoadState('networkidle');
    const main = page.getByTestId('calendar-main');
    await main.getByRole('button', { name: 'Week', exact: true }).click();
    await main.locator('.fc-next-button').click();
    await page.waitForLoadState('networkidle');
    // The second booking, dragged by its top edge onto the first one's slot.
    const event = main
      .locator(`td.fc-timegrid-col[data-date="${day}"] .fc-event`)
      .filter({ hasText: `${clock(first + 60)} - ${clock(first + 90)}` })
      .first();
    await event.scrollIntoViewIfNeeded();
    const box = await event.boundingBox();
    const column = await main.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
    const row = await main.locator(`td.fc-timegrid-slot-lane[data-time="${slot}"]`).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 14, { steps: 3 });
    await page.mouse.move(column.x + column.width / 2, row.y + Math.min(5, row.height / 2), { steps: 12 });
    await page.mouse.up();
    await page.getByText('The appointment was not moved:').waitFor();
    await page.waitForTimeout(500); // the snackbar's entrance
    await page.screenshot({ path: join(out, `front-desk-${width}-calendar-refused.png`) });
  }

  const { website_url: website } = await api(page, 'GET', `/practices/${practice.practice_id}`);
  const reason = `We could not read any page of ${website || 'the website'}: the site did not answer.`;
  await failedKnowledgeRun(practice.practice_id, reason, async () => {
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto(`${base}/settings/knowledge`);
      await page.getByTestId('knowledge-run-failed').getByText(reason).waitFor();
      await settle(page, `front-desk-${width}-knowledge-failed.png`);
    }
  });
}

/**
 * Writes the practice's knowledge run as failed with a reason (the API cannot make one at will), runs `work`,
 * then puts the run back as it was.
 */
async function failedKnowledgeRun(practiceId, reason, work) {
  const client = new pg.Client({
    connectionString:
      process.env.E2E_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/practicepilot',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT * FROM knowledge.knowledge_processing WHERE practice_id = $1', [
      practiceId,
    ]);
    const before = found.rows[0] ?? null;
    await client.query(
      `INSERT INTO knowledge.knowledge_processing
         (practice_id, status, run_id, scope, last_updated, pages_found, pages_processed, pages_failed, error)
       VALUES ($1, 'failed', gen_random_uuid(), 'all', now(), 1, 0, 1, $2)
       ON CONFLICT (practice_id) DO UPDATE SET status = 'failed', scope = 'all', last_updated = now(),
         pages_found = 1, pages_processed = 0, pages_failed = 1, error = $2`,
      [practiceId, reason],
    );
    try {
      await work();
    } finally {
      if (!before) {
        await client.query('DELETE FROM knowledge.knowledge_processing WHERE practice_id = $1', [practiceId]);
      } else {
        await client.query(
          `UPDATE knowledge.knowledge_processing SET status = $2, run_id = $3, scope = $4, last_updated = $5,
             pages_found = $6, pages_processed = $7, pages_failed = $8, error = $9 WHERE practice_id = $1`,
          [
            practiceId,
            before.status,
            before.run_id,
            before.scope,
            before.last_updated,
            before.pages_found,
            before.pages_processed,
            before.pages_failed,
            before.error,
          ],
        );
      }
    }
  } finally {
    await client.end();
  }
}
