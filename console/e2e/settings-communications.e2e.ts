import type { Page } from '@playwright/test';
import { expect, PRACTICE_NAMES as NAMES, test, useToken } from './fixtures';

/**
 * Settings › AI Communications on Lakeview Plastic Surgery (the other user's practice, which no other browser
 * test changes): its default number has voice but no SMS, and no email account is connected in the seed. The
 * test leaves the practice's switches as it found them.
 */
test.describe.configure({ mode: 'serial' });

const channel = (page: Page, name: string) => page.getByRole('switch', { name: `Use ${name}` });
const master = (page: Page) => page.getByRole('switch', { name: 'Enable Communication' });

async function open(page: Page) {
  await page.goto('/settings/communications');
  await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.lakeview);
  await expect(page.getByRole('heading', { name: 'AI Communications' })).toBeVisible();
  // The numbers and accounts have arrived once the phone card is usable.
  await expect(channel(page, 'Phone')).toBeEnabled();
}

test.describe('AI Communications', () => {
  test.beforeEach(async ({ page, otherToken }) => {
    await useToken(page, otherToken);
  });

  test('channels are closed with the reason when a prerequisite is missing', async ({ page }) => {
    await open(page);

    await expect(channel(page, 'SMS')).toBeDisabled();
    await expect(page.getByTestId('channel-sms')).toContainText(
      'The practice’s default number cannot send SMS.',
    );
    await expect(page.getByTestId('channel-phone')).toContainText('Default number: +12065550100');
    await expect(channel(page, 'Email')).toBeDisabled();
    await expect(page.getByTestId('channel-email')).toContainText('Connect an email account first.');
    await expect(channel(page, 'Chat')).toBeEnabled();
    await expect(page.getByTestId('automation-full_auto')).toHaveAttribute('aria-pressed', 'true');
    // The numbers with their capabilities (getting one is not clicked here: with real Twilio credentials in the
    // environment it would buy a number).
    await expect(page.getByTestId('virtual-number')).toHaveText(['+12065550100DefaultVoice']);
  });

  test('turning communication off closes every channel; on restores each as it was, after a reload too', async ({
    page,
  }) => {
    await open(page);
    await expect(master(page)).toBeChecked();
    await expect(channel(page, 'Phone')).toBeChecked();
    // Chat off first, so the restore has something to remember besides "all on".
    await channel(page, 'Chat').click();
    await expect(channel(page, 'Chat')).not.toBeChecked();

    await master(page).click();
    await expect(master(page)).not.toBeChecked();
    for (const name of ['Email', 'Phone', 'SMS', 'Chat']) {
      await expect(channel(page, name)).toBeDisabled();
      await expect(channel(page, name)).not.toBeChecked();
    }
    await expect(page.getByTestId('channel-chat')).toContainText('Turn on Enable Communication first.');

    await page.reload();
    await expect(master(page)).not.toBeChecked();
    await expect(channel(page, 'Chat')).toBeDisabled();

    await master(page).click();
    await expect(master(page)).toBeChecked();
    await expect(channel(page, 'Phone')).toBeChecked();
    await expect(channel(page, 'Chat')).not.toBeChecked();

    await page.reload();
    await expect(channel(page, 'Phone')).toBeChecked();
    await expect(channel(page, 'Chat')).toBeEnabled();
    await expect(channel(page, 'Chat')).not.toBeChecked();
    await channel(page, 'Chat').click();
    await expect(channel(page, 'Chat')).toBeChecked();
  });
});
