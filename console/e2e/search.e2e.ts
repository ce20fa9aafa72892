import type { Page } from '@playwright/test';
import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test } from './fixtures';
import { peopleApi } from './leads-api';

/** The 10 digits of a stored phone (E.164 +1XXXXXXXXXX). */
const nationalDigits = (phone: string | null) =>
  (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search leads' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Search leads' }).getByRole('option');

test.describe('the top-bar lead search', () => {
  test('highlights the typed text and opens the chosen lead', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[NAMES.glow];
    const { items } = await peopleApi(request, demoToken).list(glow, { limit: 50 });
    const lead = items.find((item) => item.primary_email && item.first_name && item.person_id)!;
    const typed = lead.primary_email!.split('@')[0];

    await page.goto('/calendar');
    await searchBox(page).fill('a');
    await expect(page.getByText('Searching…')).toHaveCount(0); // one character: no search

    await searchBox(page).fill(typed);
    const option = options(page).filter({ hasText: lead.primary_email! });
    await expect(option).toHaveCount(1);
    await expect(option.getByTestId('search-email').locator('mark')).toHaveText(typed, { ignoreCase: true });
    await expect(option).toContainText('Last activity');
    await expect(page.locator('[role="listbox"]').locator('..')).toHaveCSS('max-height', '420px');

    await option.click();
    await expect(page).toHaveURL(new RegExp(`/leads/${lead.person_id}$`));
    await expect(searchBox(page)).toHaveValue('');
    await expect(options(page)).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: /^Leads in / }).locator('a[aria-current="true"]'),
    ).toHaveAttribute('href', `/leads/${lead.person_id}`);
  });

  test('marks the phone digits typed and Escape clears the search', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[NAMES.glow];
    const { items } = await peopleApi(request, demoToken).list(glow, { limit: 50 });
    const lead = items.find((item) => nationalDigits(item.primary_phone).length === 10)!;
    const digits = nationalDigits(lead.primary_phone);
    const typed = digits; // marks run across the '(', ') ' and '-' of (xxx) xxx-xxxx

    await page.goto('/leads');
    await searchBox(page).fill(typed);
    const phone = options(page).getByTestId('search-phone').first();
    await expect(phone).toHaveText(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await expect(phone.locator('mark')).toHaveText([digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]);

    await searchBox(page).press('Escape');
    await expect(searchBox(page)).toHaveValue('');
    await expect(options(page)).toHaveCount(0);
  });
});
