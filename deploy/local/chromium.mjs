// Debian's Chromium for the browser tests (never a browser downloaded by a test tool: this machine's network
// reaches Debian's mirrors, not the tools' CDNs), and Debian's chromium-headless-shell, which the tests prefer when
// it is there (console/e2e/chromium.mjs). Installs them with apt-get when missing and we are root; otherwise says
// what to install. `node deploy/local/chromium.mjs` runs it on its own (.ci/run does).
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL } from '../../console/e2e/chromium.mjs';
import { run } from './workspace.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** apt-get install, refreshing the package lists once when a fresh machine has none yet. */
async function aptInstall(pkg) {
  console.log(`Installing Debian ${pkg} for the browser tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  try {
    await install();
  } catch {
    await run('apt-get', ['update'], { env });
    await install();
  }
}

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install chromium'.`);
  await aptInstall('chromium');
  return CHROMIUM;
}

/**
 * chromium-headless-shell when it is missing and we are root. Without it the browser tests run on chromium, only
 * slower, so a failed install is said and not fatal.
 */
export async function ensureHeadlessShell() {
  if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL) || process.getuid?.() !== 0) return;
  await aptInstall('chromium-headless-shell').catch((error) =>
    console.log(`${error.message}: the browser tests run on chromium.`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureChromium()
    .then(ensureHeadlessShell)
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
