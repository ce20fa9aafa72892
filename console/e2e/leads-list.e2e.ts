import type { Page } from '@playwright/test';
import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test } from './fixtures';
import { fullName, peopleApi } from './leads-api';

const leadList = (page: Page) => page.getByRole('list', { name: /^Leads in / });
const rows = (page: Page) => leadList(page).getByRole('link');
const selectedRow = (page: Page) => leadList(page).locator('a[aria-current="true"]');
const stage = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Lead stages' })
    .getByRole('button', { name: new RegExp(`^${label}`) });

test.describe('the leads workspace', () => {
  test('/leads selects the first lead and redirects to it', async ({ signedIn: page }) => {
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'All Leads' })).toBeVisible();
    const first = rows(page).first();
    await expect(first).toHaveAttribute('aria-current', 'true');
    const href = await first.getAttribute('href');
    expect(new URL(page.url()).pathname).toBe(href);
    await expect(page.getByTestId('chat-about')).toHaveText(
      `Chat about ${await first.getAttribute('aria-label')}`,
    );
  });

  test('the stage sidebar shows the counts of the API and switching stage updates title, URL and list', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[NAMES.glow];
    const api = peopleApi(request, demoToken);
    const stats = await api.stats(glow);
    await page.goto('/leads');
    await expect(selectedRow(page)).toHaveCount(1);
    await expect(stage(page, 'All Leads').getByTestId('stage-count')).toHaveText(String(stats.total));
    await expect(stage(page, 'Needs My Review').getByTestId('stage-count')).toHaveText(
      String(stats.needs_review),
    );
    await expect(stage(page, 'Attempting Contact').getByTestId('stage-count')).toHaveText(
      String(stats.by_stage['Attempting Contact']),
    );
    expect(stats.by_stage['Attempting Contact']).toBeGreaterThan(0);

    await stage(page, 'Attempting Contact').click();
    await expect(page.getByRole('region', { name: 'Attempting Contact' })).toBeVisible();
    await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}\?stage=attempting$/);
    await expect(stage(page, 'Attempting Contact')).toHaveAttribute('aria-current', 'page');
    const expected = (await api.list(glow, { stage: 'attempting', limit: 5 })).items;
    await expect(rows(page).first()).toHaveAttribute('aria-label', fullName(expected[0]));
    await expect(selectedRow(page)).toHaveAttribute(
      'href',
      `/leads/${expected[0].person_id}?stage=attempting`,
    );

    await stage(page, 'Needs My Review').click();
    await expect(page.getByRole('region', { name: 'Needs My Review' })).toBeVisible();
    await expect(page).toHaveURL(/\?stage=review$/);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    // Every lead waiting for review carries the warning.
    expect(await leadList(page).getByTestId('review-warning').count()).toBe(await rows(page).count());
  });

  test('scrolling to the bottom loads the next page', async ({ signedIn: page, request, demoToken }) => {
    const glow = (await practiceIds(request, DEMO.email))[NAMES.glow];
    expect((await peopleApi(request, demoToken).stats(glow)).total).toBeGreaterThan(100);
    await page.goto('/leads');
    await expect(rows(page)).toHaveCount(50);
    const scroller = page.getByTestId('lead-list-scroller');
    const scrollToBottom = () => scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
    // Scroll again on every look: a busy machine may still be laying the list out after the first one.
    await expect
      .poll(async () => (await scrollToBottom(), rows(page).count()), { timeout: 20_000 })
      .toBeGreaterThan(50);
    await expect
      .poll(async () => (await scrollToBottom(), rows(page).count()), { timeout: 20_000 })
      .toBeGreaterThan(100);
    // No lead twice: the pages join without repeats.
    const ids = await rows(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a deep link to a lead far down the list shows it selected, with newer leads loading above', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[NAMES.glow];
    const deep = await peopleApi(request, demoToken).nth(glow, 130);
    await page.goto(`/leads/${deep.person_id}`);
    const row = leadList(page).getByRole('link', { name: fullName(deep), exact: true });
    await expect(row.first()).toHaveAttribute('aria-current', 'true');
    await expect(row.first()).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`/leads/${deep.person_id}$`));
    // The list grows upwards from the anchor: the previous page is loaded above it.
    await expect.poll(() => rows(page).count()).toBeGreaterThan(50);
  });

  test("a deep link to a lead of the user's other practice switches the practice", async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    const lead = (await peopleApi(request, demoToken).list(northside, { limit: 3 })).items[2];
    await page.goto('/leads');
    await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.glow);
    await expect(selectedRow(page)).toHaveCount(1);

    await page.goto(`/leads/${lead.person_id}`);
    await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.northside);
    await expect(page).toHaveURL(new RegExp(`/leads/${lead.person_id}$`));
    await expect(selectedRow(page)).toHaveAttribute('aria-label', fullName(lead));
  });

  test('a lead the user cannot see is not selected and the list still shows', async ({ signedIn: page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto('/leads/3b0d9d6b-7e3f-4a43-9d43-0c1a8f1b2a77');
    await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(selectedRow(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/leads\/3b0d9d6b-7e3f-4a43-9d43-0c1a8f1b2a77$/);
    expect(warnings.join('\n')).toContain('not accessible');
  });
});
