// Debian's Chromium for the browser tests (never a browser downloaded by a test tool: this machine's network
// reaches Debian's mirrors, not the tools' CDNs). Installs it with apt-get when missing and we are root;
// otherwise says what to install. `node deploy/local/chromium.mjs` runs it on its own (.ci/run does).
import { existsSync } from 'node:fs';
import { run } from './workspace.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install chromium'.`);
  console.log('Installing Debian chromium for the browser tests (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  } catch {
    await run('apt-get', ['update'], { env }); // a fresh machine may not have the package lists yet
    await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  }
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureChromium().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
