import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  OTHER,
  PASSWORD,
  PRACTICE_NAMES,
  practiceIds,
  storage,
  test,
  tokenFor,
  useToken,
} from './fixtures';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/);
}

/** Signed in on the leads page, with the live connection open (it is what used to throw users out). */
async function expectSignedInLive(page: Page, practiceName: string) {
  await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/);
  await expect(page.getByTestId('practice-switcher')).toContainText(practiceName);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  expect(await storage(page, 'access_token')).not.toBeNull();
}

test.describe('signing in and out', () => {
  test('the demo user signs in and lands on the leads area inside the shell', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back', exact: true })).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/); // /leads selects its first lead
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'AI Assistant' })).toBeVisible();
    expect(await storage(page, 'access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.name);
    await expect(page.getByTestId('user-email')).toHaveText(DEMO.email);
  });

  test('a wrong password shows the server detail and stores no token', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByTestId('login-error')).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, 'access_token')).toBeNull();
  });

  test('the form requires an email address and a password before it posts', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/login')) posted = true;
    });
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await email.fill('not-an-email');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(posted).toBe(false);
  });

  test('an anonymous visit to /leads lands on /login', async ({ page }) => {
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back', exact: true })).toBeVisible();
  });

  test('after signing in from a deep link the user returns to it', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
  });

  test('a protected page says it is verifying authentication while the check runs', async ({
    page,
    request,
  }) => {
    await useToken(page, await tokenFor(request, DEMO.email));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/users/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/analytics');
    await expect(page.getByText('Verifying authentication...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
    await expect(page.getByText('Verifying authentication...')).toBeHidden();
  });

  test('log out clears the access token, revokes it and lands on /login', async ({ page, request }) => {
    const token = await tokenFor(request, DEMO.email);
    await useToken(page, token);
    await page.goto('/leads');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, 'access_token')).toBeNull();
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(async () =>
        (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  });

  test('a token revoked server-side signs the open console out at once, with the notice', async ({
    page,
    request,
  }) => {
    const token = await tokenFor(request, DEMO.email);
    await useToken(page, token);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();

    // Logging out elsewhere (another tab, an admin) ends the session: the gateway closes this page's live
    // connection with 4001 and the console signs out without waiting for the user's next click.
    const revoked = await request.post('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBeTruthy();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-notice')).toHaveText(
      'Unauthorized or Forbidden. Please login again.',
    );
    expect(await storage(page, 'access_token')).toBeNull();
  });

  test('a token revoked while the console was closed sends the next protected page to /login', async ({
    page,
    request,
  }) => {
    const token = await tokenFor(request, DEMO.email);
    const revoked = await request.post('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBeTruthy();
    await useToken(page, token);

    await page.goto('/calendar');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-notice')).toHaveText(
      'Unauthorized or Forbidden. Please login again.',
    );
    expect(await storage(page, 'access_token')).toBeNull();
  });

  test('after one user logs out, the next one signing in on the same browser stays signed in', async ({
    page,
    request,
  }) => {
    test.slow(); // five page loads, each waiting for the live connection
    const theirs = await practiceIds(request, OTHER.email);
    await page.goto('/login');
    await signIn(page, DEMO.email);
    await expectSignedInLive(page, PRACTICE_NAMES.glow);
    expect(await storage(page, 'selectedPracticeId')).not.toBeNull();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, 'selectedPracticeId')).toBeNull();

    await signIn(page, OTHER.email);
    await expectSignedInLive(page, PRACTICE_NAMES.lakeview);
    expect(await storage(page, 'selectedPracticeId')).toBe(theirs[PRACTICE_NAMES.lakeview]);
    for (let load = 0; load < 4; load += 1) {
      await page.reload();
      await expectSignedInLive(page, PRACTICE_NAMES.lakeview);
    }
  });

  test('a practice remembered from another user is never connected to, and does not sign the user out', async ({
    page,
    request,
  }) => {
    test.slow(); // three page loads, each waiting for the live connection
    const demoPractices = await practiceIds(request, DEMO.email);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
    // What a browser shared with the demo user may still hold (e.g. from before logout cleared it).
    await page.addInitScript(
      (id) => window.localStorage.setItem('selectedPracticeId', id),
      demoPractices[PRACTICE_NAMES.glow],
    );
    await useToken(page, await tokenFor(request, OTHER.email));
    for (let load = 0; load < 3; load += 1) {
      await (load === 0 ? page.goto('/leads') : page.reload());
      await expectSignedInLive(page, PRACTICE_NAMES.lakeview);
    }
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.filter((path) => path.includes(demoPractices[PRACTICE_NAMES.glow]))).toEqual([]);
  });
});
