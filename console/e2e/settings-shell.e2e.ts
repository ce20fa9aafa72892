import { expect, test } from './fixtures';

test.describe('the settings shell', () => {
  test('/settings opens AI Communications; the menu lists every category and moves between them', async ({
    signedIn: page,
  }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/communications$/);
    const menu = page.getByRole('navigation', { name: 'Settings categories' });
    await expect(menu.getByRole('link')).toHaveText([
      'AI Communications0',
      'Practice Locations',
      'Practice Knowledge',
      'Pricing & Promotions',
      'Form Field Mapping',
      'Calendar Integrations',
      'User Management',
      'Notifications',
      'Security',
      'Appearance',
    ]);
    await expect(menu.getByRole('link', { name: /AI Communications/ })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await menu.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
    await expect(page.getByTestId('settings-coming-soon')).toContainText(
      'User Management settings are currently under development. This section will be available in a future update.',
    );

    await menu.getByRole('link', { name: 'Practice Locations' }).click();
    await expect(page).toHaveURL(/\/settings\/practice$/);
    await expect(page.getByRole('heading', { name: 'Practice Information' })).toBeVisible();
  });

  test('the settings work at 1024 px wide and by keyboard', async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/settings/security');
    const menu = page.getByRole('navigation', { name: 'Settings categories' });
    const knowledge = menu.getByRole('link', { name: 'Practice Knowledge' });
    await knowledge.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/knowledge$/);
    await expect(page.getByText('Total Pages')).toBeVisible();
    // Nothing wider than the window: no horizontal scrolling of the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
