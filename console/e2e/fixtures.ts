import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';

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

const practicesOf = new Map<string, Record<string, string>>();

/**
 * The practices a user can see, as the API lists them (name → id). Asked once per worker and user: the browser
 * tests make no practice of the demo users', and each ask is a sign-in (a deliberately slow password hash).
 */
export async function practiceIds(
  request: APIRequestContext,
  email: string,
): Promise<Record<string, string>> {
  const known = practicesOf.get(email);
  if (known) return known;
  const token = await tokenFor(request, email);
  const response = await request.get('/api/v1/users/me/practices', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  const practices = (await response.json()) as { practice_id: string; name: string }[];
  const ids = Object.fromEntries(practices.map((practice) => [practice.name, practice.practice_id]));
  practicesOf.set(email, ids);
  return ids;
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

/** A token for a user through an API context of its own (a worker's token outlives any one test's context). */
async function workerToken(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  email: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return await tokenFor(request, email);
  } finally {
    await request.dispose();
  }
}

/**
 * `signedIn`: a page signed in as the demo user with a token shared by the worker's tests; `otherToken`: the
 * other user's (Lakeview Plastic Surgery), for useToken(). A test that signs out or revokes a token takes a
 * token of its own with tokenFor().
 */
export const test = base.extend<{ signedIn: Page }, { demoToken: string; otherToken: string }>({
  demoToken: [
    async ({ playwright }, use, { project }) =>
      use(await workerToken(playwright, project.use.baseURL, DEMO.email)),
    { scope: 'worker' },
  ],
  otherToken: [
    async ({ playwright }, use, { project }) =>
      use(await workerToken(playwright, project.use.baseURL, OTHER.email)),
    { scope: 'worker' },
  ],
  signedIn: async ({ page, demoToken }, use) => {
    await useToken(page, demoToken);
    await use(page);
  },
});

export { expect };
