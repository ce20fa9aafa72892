import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, createConnection } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Where Debian's dovecot-imapd puts its binaries (`node deploy/local/dovecot.mjs` installs it). */
const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const DOVECOT_LDA = process.env.DOVECOT_LDA_PATH ?? '/usr/lib/dovecot/dovecot-lda';
/** The unprivileged account the daemons and mailboxes run as when the tests run as root (Debian's nobody). */
const NOBODY = { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 };

export interface ImapPeerOptions {
  /**
   * OAuth 2.0 token introspection (RFC 7662) the server asks for every XOAUTH2/OAUTHBEARER login: the OAuth
   * peer's `introspectionUrl`. The answer's `email` must be the login name, as at Gmail and Outlook.
   */
  introspectionUrl: string;
}

export interface ImapPeer {
  host: string;
  port: number;
  /** imap://127.0.0.1:<port> */
  url: string;
  /**
   * Delivers a raw RFC 5322 message into the user's INBOX through dovecot's own delivery agent (dovecot-lda),
   * as the provider's MTA would; the mailbox is created on first delivery.
   */
  deliver(user: string, raw: string): Promise<void>;
  /** Changes the user's INBOX UIDVALIDITY (as a server does after a mailbox was rebuilt). */
  resetUidValidity(user: string): Promise<void>;
  close(): Promise<void>;
}

/** Whether dovecot is installed (the tests that need it say how to install it when not). */
export function dovecotInstalled(): boolean {
  return existsSync(DOVECOT) && existsSync(DOVECOT_LDA);
}

/**
 * A real IMAP server on loopback: Debian's dovecot 2.3 with a throwaway configuration in a temp directory
 * (Maildir mailboxes, no TLS on loopback, XOAUTH2 and OAUTHBEARER checked by dovecot's `oauth2` passdb against
 * the OAuth peer's introspection endpoint), so the client logs in exactly as it does at Gmail or Outlook: a
 * token the provider no longer honours is refused. Runs as the current user, or as `nobody` under root.
 */
export async function startImapPeer(options: ImapPeerOptions): Promise<ImapPeer> {
  if (!dovecotInstalled())
    throw new Error(
      `Dovecot is missing at ${DOVECOT}: run 'node deploy/local/dovecot.mjs' (apt-get install dovecot-imapd)`,
    );
  const root = await mkdtemp(join(tmpdir(), 'pp-imap-'));
  await chmod(root, 0o755);
  const asRoot = process.getuid?.() === 0;
  const self = asRoot
    ? NOBODY
    : {
        user: userInfo().username,
        group: execFileSync('id', ['-gn']).toString().trim(),
        uid: process.getuid!(),
        gid: process.getgid!(),
      };
  const mail = join(root, 'mail');
  await mkdir(mail, { recursive: true });
  await mkdir(join(root, 'run'), { recursive: true });
  await mkdir(join(root, 'state'), { recursive: true });
  if (asRoot) await chown(mail, self.uid, self.gid);
  const port = await freePort();
  const log = join(root, 'dovecot.log');
  await writeFile(
    join(root, 'oauth2.conf'),
    [
      `introspection_url = ${options.introspectionUrl}`,
      'introspection_mode = post',
      'username_attribute = email',
      'active_attribute = active',
      'active_value = true',
      '',
    ].join('\n'),
  );
  const config = join(root, 'dovecot.conf');
  await writeFile(
    config,
    `# Throwaway test configuration (libs/testing/src/imap-peer.ts)
base_dir = ${root}/run
state_dir = ${root}/state
instance_name = pp-imap-${port}
protocols = imap
listen = 127.0.0.1
log_path = ${log}
info_log_path = ${log}
auth_verbose = yes
ssl = no
disable_plaintext_auth = no
auth_mechanisms = xoauth2 oauthbearer
default_internal_user = ${self.user}
default_login_user = ${self.user}
default_internal_group = ${self.group}
first_valid_uid = 1
mail_location = maildir:${mail}/%u
mail_uid = ${self.uid}
mail_gid = ${self.gid}
lda_mailbox_autocreate = yes
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${root}/oauth2.conf
}
userdb {
  driver = static
  args = uid=${self.uid} gid=${self.gid} home=${mail}/%u allow_all_users=yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
service anvil {
  chroot =
}
`,
  );
  const daemon = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  daemon.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, daemon, () => stderr);

  const lda = async (user: string, raw: string) => {
    await new Promise<void>((resolve, reject) => {
      const child = execFile(
        DOVECOT_LDA,
        ['-c', config, '-d', user, '-m', 'INBOX'],
        { timeout: 20_000 },
        (error, _stdout, err) =>
          error ? void tail(log).then((said) => reject(new Error(`dovecot-lda: ${err || said}`))) : resolve(),
      );
      child.stdin?.end(raw.replace(/\r?\n/g, '\n'));
    });
  };

  return {
    host: '127.0.0.1',
    port,
    url: `imap://127.0.0.1:${port}`,
    deliver: lda,
    async resetUidValidity(user) {
      await new Promise<void>((resolve, reject) =>
        execFile(
          '/usr/bin/doveadm',
          [
            '-c',
            config,
            'mailbox',
            'update',
            '-u',
            user,
            '--uid-validity',
            String(randomInt(1, 2 ** 31)),
            'INBOX',
          ],
          (error, _o, err) => (error ? reject(new Error(`doveadm: ${err || error.message}`)) : resolve()),
        ),
      );
    },
    async close() {
      if (daemon.exitCode === null) {
        const exited = new Promise((resolve) => daemon.once('exit', resolve));
        daemon.kill('SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The end of dovecot's log, for an error message. */
async function tail(log: string): Promise<string> {
  return existsSync(log) ? (await readFile(log, 'utf8')).split('\n').slice(-8).join('\n') : '';
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until dovecot accepts connections (or fails with what it said when it exited). */
async function waitForPort(port: number, daemon: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (daemon.exitCode !== null) throw new Error(`dovecot exited (${daemon.exitCode}): ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  daemon.kill('SIGTERM');
  throw new Error(`dovecot did not listen on ${port}: ${stderr()}`);
}
