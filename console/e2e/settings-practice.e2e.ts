import type { Page } from '@playwright/test';
import { DEMO, expect, PRACTICE_NAMES as NAMES, practiceIds, test } from './fixtures';

/**
 * Practice Locations on Northside Dental (one location in the demo seed; the leads tests read Glow
 * Aesthetics). The tests change the same practice, so they run one after the other and leave its primary as
 * they found it.
 */
test.describe.configure({ mode: 'serial' });

async function openNorthside(page: Page, practiceId: string) {
  await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), practiceId);
  await page.goto('/settings/practice');
  await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.northside);
  await expect(page.getByTestId('primary-location')).toBeVisible();
}

const uniqueDigits = () => String(1000 + Math.floor(Math.random() * 9000));

test.describe('Practice Locations', () => {
  test('a location field saves on commit and is there after a reload', async ({
    signedIn: page,
    request,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    await openNorthside(page, northside);
    const primary = page.getByTestId('primary-location');
    const last4 = uniqueDigits();

    const phone = primary.getByLabel('Phone');
    await phone.fill(`312555${last4}`);
    await expect(phone).toHaveValue(`(312) 555-${last4}`);
    await phone.press('Enter');
    await expect(primary.getByText('Saved')).toBeVisible();

    const city = primary.getByLabel(/City/);
    const originalCity = await city.inputValue();
    expect(originalCity).not.toBe('');
    await city.fill('');
    await city.press('Tab');
    await expect(primary.getByText('City is required')).toBeVisible();
    await city.press('Escape');
    await expect(city).toHaveValue(originalCity);

    await page.reload();
    await expect(page.getByTestId('primary-location').getByLabel('Phone')).toHaveValue(`(312) 555-${last4}`);
    await expect(page.getByTestId('primary-location').getByLabel(/City/)).toHaveValue(originalCity);
  });

  test('add a location, make it primary (the cards swap and stay so), then back, then delete it', async ({
    signedIn: page,
    request,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[NAMES.northside];
    await openNorthside(page, northside);
    const originalName = await page
      .getByTestId('primary-location')
      .getByLabel(/Location Name/)
      .inputValue();
    const name = `Northside Annex ${uniqueDigits()}`;

    // Add: a card with the defaults appears; give it a name of its own.
    const before = await page.getByTestId('secondary-location').count();
    await page.getByTestId('add-location').click();
    await expect(page.getByTestId('secondary-location')).toHaveCount(before + 1);
    const added = page.getByTestId('secondary-location').last();
    await expect(added.getByLabel(/Location Name/)).toHaveValue('New Location');
    await expect(added.getByLabel(/Street Address/)).toHaveValue('Address to be updated');
    await expect(added.getByText('Inherited from Primary')).toBeVisible();
    await added.getByLabel(/Location Name/).fill(name);
    await added.getByLabel(/Location Name/).press('Enter');
    await expect(added.getByText('Saved')).toBeVisible();

    // Make it primary: the cards swap, and a reload keeps it so.
    const card = page.getByTestId('secondary-location').filter({ hasText: name });
    await card.getByRole('switch', { name: 'Make Primary' }).click();
    await expect(page.getByTestId('primary-location').getByLabel(/Location Name/)).toHaveValue(name);
    await expect(
      page
        .getByTestId('secondary-location')
        .filter({ has: page.getByRole('heading', { name: originalName }) }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('primary-location').getByLabel(/Location Name/)).toHaveValue(name);

    // The original location primary again.
    await page
      .getByTestId('secondary-location')
      .filter({ has: page.getByRole('heading', { name: originalName }) })
      .getByRole('switch', { name: 'Make Primary' })
      .click();
    await expect(page.getByTestId('primary-location').getByLabel(/Location Name/)).toHaveValue(originalName);

    // Delete the added one, after confirming.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Location' });
    await expect(dialog).toContainText(
      `Are you sure you want to delete ${name}? This action cannot be undone.`,
    );
    await dialog.getByRole('button', { name: 'Delete Location' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('primary-location')).toBeVisible();
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
  });
});
