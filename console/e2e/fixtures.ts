import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'practicepilot';
export const DEMO = { email: 'demo@practicepilot.example', name: 'Dana Whitfield', initials: 'DW' };
export const OTHER = { email: 'other@practicepilot.example' };
export const PRACTICE_NAMES = {
  glow: 'Glow Aesthetics',
  northside: 'Northside Dental',
  lakeview: 'Lakeview Plastic Surgery',
};

/** A fresh access token for a user, through the API (tests that are not about signing in skip the form). */
export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    form: { username: email, password: PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The practices a user can see, as the API lists them (name → id). */
export async function practiceIds(
  request: APIRequestContext,
  email: string,
): Promise<Record<string, string>> {
  const token = await tokenFor(request, email);
  const response = await request.get('/api/v1/users/me/practices', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  const practices = (await response.json()) as { practice_id: string; name: string }[];
  return Object.fromEntries(practices.map((practice) => [practice.name, practice.practice_id]));
}

/** Puts a token in localStorage before the app's first script runs. */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('pp.e2e.tokenSet')) {
      window.localStorage.setItem('access_token', value);
      window.sessionStorage.setItem('pp.e2e.tokenSet', '1');
    }
  }, token);
}

export const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/**
 * `signedIn`: a page signed in as the demo user with a token shared by the worker's tests. A test that signs
 * out or revokes a token takes a token of its own with tokenFor().
 */
export const test = base.extend<{ signedIn: Page }, { demoToken: string }>({
  demoToken: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await tokenFor(request, DEMO.email));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ page, demoToken }, use) => {
    await useToken(page, demoToken);
    await use(page);
  },
});

export { expect };
