import type { Page } from '@playwright/test';
import { expect, PRACTICE_NAMES as NAMES, test, useToken } from './fixtures';

/**
 * Settings › Calendar Integrations against the real calendar service, on Lakeview Plastic Surgery (the other
 * user's practice, whose locations no other browser test changes): the internal integration, and GoHighLevel
 * through the loopback HighLevel peer the test stack runs (deploy/local/ghl-peer.mjs). One integration at a
 * time per practice, so the tests run in order and each removes what it made.
 */
test.describe.configure({ mode: 'serial' });

const card = (page: Page) => page.getByTestId('calendar-integration');
const connectionTest = (page: Page) => page.getByTestId('calendar-connection-test');

async function open(page: Page, practiceName: string) {
  await page.goto('/settings/calendar');
  await expect(page.getByTestId('practice-switcher')).toContainText(practiceName);
  await expect(page.getByRole('heading', { name: 'Calendar Integrations', level: 2 })).toBeVisible();
}

async function chooseCalendar(page: Page, label: string, calendar: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: calendar }).click();
}

/** Runs the connection test and sees it answer 'Connected', then return to idle. */
async function testConnection(page: Page) {
  await expect(connectionTest(page)).toHaveText('Test Connection');
  await connectionTest(page).click();
  await expect(connectionTest(page)).toHaveText('Connected');
  await expect(page.getByTestId('calendar-last-sync')).not.toContainText('Never');
  await expect(connectionTest(page)).toHaveText('Test Connection');
}

/** Deletes the one integration after confirming, and sees Add Integration again. */
async function deleteIntegration(page: Page, provider: string) {
  await page.getByRole('button', { name: `Delete the ${provider} integration` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This will remove all calendar sync capabilities.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add Integration' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('calendar-integrations-empty')).toBeVisible();
}

test.describe('Calendar Integrations', () => {
  test('internal: add, configure all locations, test the connection, delete with confirmation', async ({
    page,
    otherToken,
  }) => {
    await useToken(page, otherToken);
    await open(page, NAMES.lakeview);
    await expect(page.getByTestId('calendar-integrations-empty')).toBeVisible();

    await page.getByRole('link', { name: 'Add Integration' }).click();
    await expect(page).toHaveURL(/\/settings\/calendar\/add$/);
    await page.getByRole('button', { name: 'Internal' }).click();
    await expect(page).toHaveURL(/\/settings\/calendar$/);
    await expect(card(page)).toHaveCount(1);
    await expect(card(page)).toContainText('Internal');
    await expect(page.getByTestId('calendar-integration-status')).toHaveText('Active');
    await expect(page.getByRole('link', { name: 'Add Integration' })).toHaveCount(0);
    await expect(page.getByTestId('calendar-one-active')).toHaveText(
      'You can only have one active calendar integration at a time.',
    );

    // All locations: nothing chosen yet, so the warning and no saving; then PracticePilot's one calendar.
    await card(page).getByRole('button', { name: 'Configure' }).click();
    await expect(page.getByRole('radio', { name: 'All locations (one calendar)' })).toBeChecked();
    await expect(page.getByTestId('calendar-assignment-warning')).toHaveText(
      'Please select a calendar for all locations.',
    );
    await expect(page.getByRole('button', { name: 'Save configuration' })).toBeDisabled();
    await chooseCalendar(page, 'Calendar', 'PracticePilot Calendar');
    await expect(page.getByTestId('calendar-assignment-warning')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByTestId('calendar-assignment-summary')).toHaveText(
      'PracticePilot Calendar serves all locations.',
    );

    // Per location shows its own warning until every location has a calendar (not saved here).
    await page.getByRole('radio', { name: 'Per location' }).click();
    await expect(page.getByTestId('calendar-assignment-warning')).toHaveText(
      'Please select a calendar for each location.',
    );

    // The saved configuration is the server's: after a reload it opens in all-locations mode with it.
    await page.reload();
    await card(page).getByRole('button', { name: 'Configure' }).click();
    await expect(page.getByRole('radio', { name: 'All locations (one calendar)' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Calendar' })).toHaveText('PracticePilot Calendar');
    await card(page).getByRole('button', { name: 'Hide configuration' }).click();
    await expect(page.getByTestId('calendar-config-panel')).toHaveCount(0);

    await testConnection(page);
    await deleteIntegration(page, 'Internal');
  });

  test('returning from a failed authorization shows the banner and clears the address', async ({
    page,
    otherToken,
  }) => {
    await useToken(page, otherToken);
    await page.goto('/settings/calendar?error=oauth_failed');
    await expect(page.getByTestId('calendar-oauth-failed')).toHaveText(
      'Failed to connect integration account. Please try again.',
    );
    await expect(page).toHaveURL(/\/settings\/calendar$/);
    await page.getByTestId('calendar-oauth-failed').getByRole('button', { name: /close/i }).click();
    await expect(page.getByTestId('calendar-oauth-failed')).toHaveCount(0);
  });

  test('GoHighLevel: the consent, its calendars per location, the connection test, delete', async ({
    page,
    otherToken,
  }) => {
    await useToken(page, otherToken);
    await open(page, NAMES.lakeview);
    await expect(page.getByTestId('calendar-integrations-empty')).toBeVisible();

    // The peer's marketplace page picks its sub-account at once and sends the browser back through the
    // calendar service's callback, which stores the integration.
    await page.getByRole('link', { name: 'Add Integration' }).click();
    await page.getByRole('button', { name: 'GoHighLevel' }).click();
    await expect(page).toHaveURL(/\/settings\/calendar$/);
    await expect(page.getByTestId('calendar-oauth-failed')).toHaveCount(0);
    await expect(card(page)).toContainText('GoHighLevel');
    await expect(card(page)).toContainText('Account: e2e-ghl-location');
    await expect(page.getByTestId('calendar-integration-status')).toHaveText('Active');

    // Per location: each of Lakeview's active locations gets one of the peer's calendars.
    await card(page).getByRole('button', { name: 'Configure' }).click();
    await page.getByRole('radio', { name: 'Per location' }).click();
    await expect(page.getByTestId('calendar-assignment-warning')).toHaveText(
      'Please select a calendar for each location.',
    );
    const selects = page.getByRole('combobox', { name: /^Calendar for / });
    const count = await selects.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await selects.nth(index).click();
      await page.getByRole('listbox').getByRole('option', { name: 'Consultations' }).click();
    }
    await expect(page.getByTestId('calendar-assignment-warning')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByTestId('calendar-assignment-summary')).toHaveText(
      `${count} of ${count} locations have a calendar.`,
    );

    await testConnection(page);
    await deleteIntegration(page, 'GoHighLevel');
  });
});
