import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the SMTP peer accepted: the envelope, the authenticated user, and the headers (names lower-cased). */
export interface ReceivedMail {
  user: string;
  from: string;
  to: string[];
  headers: Record<string, string>;
  body: string;
  raw: string;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (`smtp-server`) that, like Gmail's and Outlook's, accepts only XOAUTH2 and
 * checks the bearer token with `accessTokenValid` (the OAuth peer's), so a stale or revoked token is refused.
 */
export async function startSmtpPeer(
  accessTokenValid: (user: string, token: string) => boolean,
): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authMethods: ['XOAUTH2'],
    // Loopback only: no TLS, so the client is allowed to authenticate in clear here.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method !== 'XOAUTH2' || !auth.username || !auth.accessToken)
        return callback(new Error('XOAUTH2 only'));
      if (!accessTokenValid(auth.username, auth.accessToken)) {
        return callback(null, { data: { status: '401', schemes: 'bearer' } });
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        received.push({
          user: String(session.user),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers: parseHeaders(raw.slice(0, split)),
          body: raw.slice(split + 4),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 5322 header fields, folded lines unfolded; the last of a repeated name wins. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
