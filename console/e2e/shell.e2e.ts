import { DEMO, expect, OTHER, PRACTICE_NAMES as NAMES, practiceIds, storage, test } from './fixtures';

test.describe('the staff shell', () => {
  test('the switcher lists exactly the demo user practices and choosing one stores it', async ({
    signedIn: page,
    request,
  }) => {
    const ids = await practiceIds(request, DEMO.email);
    await page.goto('/analytics');
    const switcher = page.getByTestId('practice-switcher');
    // The first practice by name is selected when nothing was stored.
    await expect(switcher).toContainText(NAMES.glow);
    await expect(switcher).toContainText('Practice');
    await expect.poll(() => storage(page, 'selectedPracticeId')).toBe(ids[NAMES.glow]);

    await switcher.click();
    const items = page.getByRole('menu', { name: 'Practices' }).getByRole('menuitem');
    await expect(items).toHaveText([NAMES.glow, NAMES.northside]);
    await expect(page.getByText(NAMES.lakeview)).toHaveCount(0);

    await items.filter({ hasText: NAMES.northside }).click();
    await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/); // /leads selects its first lead
    await expect(switcher).toContainText(NAMES.northside);
    expect(await storage(page, 'selectedPracticeId')).toBe(ids[NAMES.northside]);
  });

  test('a stored practice the user cannot see is replaced by their first practice', async ({
    signedIn: page,
    request,
  }) => {
    const theirs = await practiceIds(request, OTHER.email);
    const mine = await practiceIds(request, DEMO.email);
    expect(Object.keys(theirs)).toEqual([NAMES.lakeview]);
    await page.addInitScript(
      (id) => window.localStorage.setItem('selectedPracticeId', id),
      theirs[NAMES.lakeview],
    );
    await page.goto('/leads');
    await expect(page.getByTestId('practice-switcher')).toContainText(NAMES.glow);
    await expect.poll(() => storage(page, 'selectedPracticeId')).toBe(mine[NAMES.glow]);
  });

  test('a deep link survives a reload', async ({ signedIn: page }) => {
    await page.goto('/settings/practice');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/settings\/practice$/);
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  test('the sidebar highlights the area by path prefix and navigates', async ({ signedIn: page }) => {
    await page.goto('/leads/3b0d9d6b-7e3f-4a43-9d43-0c1a8f1b2a77');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Calendar' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    // The calendar page (a lazy route) has loaded.
    await expect(page.getByTestId('calendar-main')).toBeVisible();
  });

  test('the sidebar toggle hides and shows the left panel and remembers it', async ({ signedIn: page }) => {
    await page.goto('/leads');
    await page.getByRole('button', { name: 'Hide Sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Show Sidebar' })).toBeVisible();
    expect(await storage(page, 'leftPanelOpen')).toBe('false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show Sidebar' })).toBeVisible();
  });

  test('the avatar menu has Account, Billing and Notifications', async ({ signedIn: page }) => {
    await page.goto('/leads');
    await page.getByTestId('user-menu').click();
    for (const item of ['Account', 'Billing', 'Notifications', 'Log out'])
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/); // /leads selects its first lead
  });
});

test.describe('public pages', () => {
  test('the welcome page leads to the leads, the demo and the sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to PracticePilot!' })).toBeVisible();
    await expect(page.getByText('Manage your medical practice leads like never before.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Leads' })).toHaveAttribute('href', '/leads');
    await expect(page.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/onboarding');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the demo pages open without signing in', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Magic Onboarding: Try PracticePilot!' })).toBeVisible();
    await page.goto('/onboarding-session/abc123');
    await expect(page).toHaveURL(/\/onboarding-session\/abc123$/);
  });
});
