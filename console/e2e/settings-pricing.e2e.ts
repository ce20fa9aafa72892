import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test } from './fixtures';

/** A calendar day (YYYY-MM-DD) `offset` days from today (UTC), as the date inputs take it. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A name no other run or test uses, so the shared demo database never confuses two tests. */
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('Settings › Pricing & Promotions', () => {
  test('adds pricing for a new procedure, edits its price, and the history lists both prices with (Current)', async ({
    signedIn: page,
  }) => {
    const name = unique('E2E Peel');
    await page.goto('/settings/pricing');
    await expect(page.getByRole('tab', { name: 'Procedure Pricing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('table', { name: 'Procedure Pricing' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Pricing' }).click();
    const add = page.getByRole('form', { name: 'Add Pricing' });
    await add.getByRole('combobox', { name: 'Procedure', exact: true }).fill(name);
    await expect(page.getByRole('option', { name: `Create procedure "${name}"` })).toBeVisible();
    await add.getByRole('combobox', { name: 'Procedure', exact: true }).press('Escape');
    await add.getByRole('spinbutton', { name: 'Min' }).fill('100');
    await add.getByRole('spinbutton', { name: 'Max' }).fill('200');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toHaveCount(0);

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('All locations');
    await expect(row).toContainText('$100');
    await expect(row).toContainText('$200');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${name}` });
    await editor.getByRole('spinbutton', { name: 'Min' }).fill('150');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect(row).toContainText('$150');

    const toggle = page.getByRole('button', { name: `Show pricing history of ${name}` });
    await expect(toggle).toContainText('2');
    await toggle.click();
    const history = page.getByRole('region', { name: `Pricing History for ${name}` });
    await expect(history).toContainText('$150 to $200');
    await expect(history).toContainText('$100 to $200');
    await expect(history.getByText('(Current)')).toHaveCount(1);
    await history.getByRole('button', { name: 'Close History' }).click();
    await expect(history).toHaveCount(0);
  });

  test('a promotion running today is Current and one starting next month is Scheduled', async ({
    signedIn: page,
  }) => {
    await page.goto('/settings/pricing?tab=promotions');
    await expect(page.getByRole('tab', { name: 'Promotions' })).toHaveAttribute('aria-selected', 'true');
    const create = async (name: string, start: string, end: string) => {
      await page.getByRole('button', { name: 'New Promotion' }).click();
      const form = page.getByRole('form', { name: 'New Promotion' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('spinbutton', { name: 'Percent' }).fill('15');
      await form.getByLabel(/^Start/).fill(start);
      await form.getByLabel(/^End/).fill(end);
      await expect(form.getByTestId('promotion-preview')).toContainText('15% off on all procedures');
      await form.getByRole('button', { name: 'Add' }).click();
      await expect(form).toHaveCount(0);
    };
    // Yesterday to next week: current in the practice's time zone whatever the hour.
    const running = unique('E2E Running');
    await create(running, day(-1), day(7));
    await expect(page.getByRole('row').filter({ hasText: running })).toContainText('Current');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: running })
        .getByRole('button', { name: `End ${running} early` }),
    ).toBeVisible();

    const later = unique('E2E Later');
    await create(later, day(30), day(40));
    const scheduled = page.getByRole('row').filter({ hasText: later });
    await expect(scheduled).toContainText('Scheduled');
    await expect(scheduled.getByRole('button', { name: /early/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Scheduled' }).click();
    await expect(page.getByRole('row').filter({ hasText: running })).toHaveCount(0);
    await expect(scheduled).toBeVisible();
  });

  test('setting up a consultation fee shows its summary', async ({ signedIn: page, request }) => {
    // Northside Dental has no consultation fees in the demo data.
    const ids = await practiceIds(request, DEMO.email);
    await page.addInitScript(
      (id) => window.localStorage.setItem('selectedPracticeId', id),
      ids[NAMES.northside],
    );
    await page.goto('/settings/pricing?tab=consult');
    await page.getByRole('button', { name: /^(Set Up Consultation Fees|Edit)$/ }).click();
    await expect(page.getByText('Tip: most practices start with Medspa.')).toBeVisible();
    await page.getByRole('button', { name: /^Surgery/ }).click();
    const editor = page.getByRole('form', { name: 'Surgery' });
    await editor.getByRole('spinbutton', { name: 'Fee (All)' }).fill('200');
    await expect(editor.getByTestId('fee-preview-all')).toHaveText('$200');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Surgery consultation fee is $200 at all locations.')).toBeVisible();
  });
});
