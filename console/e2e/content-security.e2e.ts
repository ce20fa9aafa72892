import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The console's Content-Security-Policy names only the hosts it uses (docs/decisions/0044-console-csp-and-map-tiles.md):
 * in Chromium, the live WebSocket opens under `connect-src 'self'` (CSP3: 'self' covers ws: and wss: of the page's
 * own origin), the visitor map draws without a tile server (the stack's gateway configures none), lead avatars
 * are initials, and the page asks nothing of any other host; a second gateway of the stack, configured with a tile
 * server on loopback (deploy/local/test.mjs), draws the map's tiles from that server and from no other host.
 */

/** Every CSP violation the page reports, kept on the window from its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: unknown[] }).cspViolations);

test.describe('content security policy', () => {
  test('the console works under its policy: live connection, leads, the map without tiles; other hosts are refused', async ({
    signedIn: page,
    baseURL,
  }) => {
    await recordViolations(page);
    const own = new URL(baseURL ?? 'http://localhost').host;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
      if (url.host !== own) elsewhere.push(request.url());
    });

    const document = await page.goto('/leads');
    const policy = (await document?.headerValue('content-security-policy')) ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('img-src')).toBe("img-src 'self' data:");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");

    // The live WebSocket (ws: on this origin) opens under connect-src 'self'.
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
    const firstLead = page
      .getByRole('list', { name: /^Leads in / })
      .getByRole('link')
      .first();
    await firstLead.click();
    await expect(page.getByTestId('lead-header')).toBeVisible();
    expect(await page.getByTestId('lead-header').locator('img').count()).toBe(0);

    await page.goto('/analytics/realtime');
    await expect(page.getByTestId('lead-events-badge')).toHaveText('LIVE', { timeout: 15_000 });
    const map = page.getByTestId('visitor-map');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    await expect(map).toHaveAttribute('data-tiles', 'off');
    await expect(page.getByTestId('map-no-tiles')).toHaveText(
      'Map background off: each dot is a visitor’s approximate location',
    );
    await expect(map.locator('img.leaflet-tile')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
    expect(elsewhere).toEqual([]);

    // The policy is enforced, not only sent: an image, a request and a WebSocket to another host are refused.
    await page.evaluate(async () => {
      const image = new Image();
      image.src = 'https://tiles.example.org/4/3/5.png';
      await fetch('http://127.0.0.2:9/steal').catch(() => undefined);
      try {
        new WebSocket('wss://collector.example.org/live');
      } catch {
        // Chromium may refuse it at once.
      }
    });
    await expect
      .poll(async () =>
        ((await violations(page)) as { directive: string }[]).map((violation) => violation.directive).sort(),
      )
      .toEqual(['connect-src', 'connect-src', 'img-src']);
  });

  test('with a tile server configured, the map draws its tiles from that server alone', async ({
    signedIn: page,
  }) => {
    const tilesGateway = process.env.E2E_TILES_BASE_URL;
    const tileServer = process.env.E2E_TILE_SERVER;
    if (!tilesGateway || !tileServer)
      throw new Error('run through `npm test -- browser` (deploy/local/test.mjs)');
    await recordViolations(page);
    const own = new URL(tilesGateway).host;
    const tileRequests: string[] = [];
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
      if (url.host === tileServer) tileRequests.push(url.pathname);
      else if (url.host !== own) elsewhere.push(request.url());
    });

    const document = await page.goto(`${tilesGateway}/analytics/realtime`);
    const policy = (await document?.headerValue('content-security-policy')) ?? '';
    const imgSrc = policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('img-src '));
    expect(imgSrc).toBe(`img-src 'self' data: http://${tileServer}`);

    const map = page.getByTestId('visitor-map');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    await expect(map).toHaveAttribute('data-tiles', 'on');
    await expect(page.getByTestId('map-no-tiles')).toHaveCount(0);
    // Leaflet marks a tile loaded once the browser has drawn its image: the policy let it in.
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((path) => /^\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(elsewhere).toEqual([]);

    // Only that host: an image from another tile server is still refused.
    await page.evaluate(() => {
      new Image().src = 'https://tiles.example.org/4/3/5.png';
    });
    await expect
      .poll(async () =>
        ((await violations(page)) as { directive: string }[]).map((violation) => violation.directive),
      )
      .toEqual(['img-src']);
  });
});
