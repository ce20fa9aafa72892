// How the browser tests and the screenshot script launch Debian's Chromium (never a downloaded browser).
// Without the background-networking flags Chromium keeps calling Google's hosts, which this machine's
// closed network refuses (the machine's env notes).
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
