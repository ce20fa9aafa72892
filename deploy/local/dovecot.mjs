// Debian's dovecot for the e-mail reply tests: libs/testing/src/imap-peer.ts starts its own instance on loopback
// with a throwaway configuration (the package's system service is neither needed nor started). Installs
// `dovecot-imapd` with apt-get when missing and we are root; otherwise says what to install.
// `node deploy/local/dovecot.mjs` runs it on its own (.ci/run does).
import { existsSync } from 'node:fs';
import { run } from './workspace.mjs';

export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export async function ensureDovecot() {
  if (existsSync(DOVECOT)) return DOVECOT;
  if (process.getuid?.() !== 0)
    throw new Error(
      `Dovecot is missing at ${DOVECOT}: install it with 'sudo apt-get install dovecot-imapd'.`,
    );
  console.log('Installing Debian dovecot-imapd for the e-mail reply tests (apt-get)...');
  // RUNLEVEL=1 keeps the package's maintainer scripts from starting the system-wide service.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const install = ['install', '-y', '--no-install-recommends', 'dovecot-imapd'];
  try {
    await run('apt-get', install, { env });
  } catch {
    await run('apt-get', ['update'], { env }); // a fresh machine may not have the package lists yet
    await run('apt-get', install, { env });
  }
  return DOVECOT;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDovecot().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
