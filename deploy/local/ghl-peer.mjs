// The browser tests' GoHighLevel: the loopback HighLevel peer of libs/testing/src/ghl-peer.ts (its consent page,
// token endpoint and calendars), started beside the browser tests' stack so Settings → Calendar Integrations can
// connect GoHighLevel in a real browser (console/e2e/settings-calendar.e2e.ts). Needs the build (tsc -b) first.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './workspace.mjs';

/** The HighLevel sub-account the peer's consent picks (the integration's provider_tenant_id). */
export const E2E_GHL_LOCATION = 'e2e-ghl-location';

/**
 * Starts the peer on a free loopback port. Returns it (`env()`: the calendar service's GHL_* settings pointing at
 * it; `close()`).
 */
export async function startE2eGhlPeer() {
  const module = await import(pathToFileURL(join(ROOT, 'libs', 'testing', 'dist', 'ghl-peer.js')).href);
  const { startGhlPeer } = module.startGhlPeer ? module : module.default;
  return startGhlPeer({
    clientId: 'practicepilot-e2e',
    // A fresh secret each run: only the peer and the calendar service of this stack know it.
    clientSecret: randomBytes(24).toString('base64url'),
    locationId: E2E_GHL_LOCATION,
    calendars: [
      { id: 'ghl-cal-consults', name: 'Consultations', description: 'New patient consultations' },
      { id: 'ghl-cal-treatments', name: 'Treatments' },
    ],
  });
}
