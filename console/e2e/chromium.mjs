// How the browser tests and the screenshot script launch Debian's Chromium (never a downloaded browser).
// Debian's chromium-headless-shell when it is installed (deploy/local/test.mjs installs it beside chromium): the
// same Chromium build without the browser's own UI, which Playwright runs for headless tests by default; the
// browser tests took about 40 % less CPU with it than with the full browser on two cores.
// Without the background-networking flags Chromium keeps calling Google's hosts, which this machine's
// closed network refuses (the machine's env notes).
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
