import { createHash, randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { ImapPeer, OAuthPeer, startImapPeer, startOAuthPeer } from '../src';

/** The IMAP peer is a real dovecot: it checks XOAUTH2 tokens with the OAuth peer and delivers with its LDA. */
describe('IMAP peer (dovecot on loopback)', () => {
  const email = 'frontdesk@glowaesthetics.example';
  let oauth: OAuthPeer;
  let imap: ImapPeer;

  beforeAll(async () => {
    oauth = await startOAuthPeer({ clientId: 'client', clientSecret: randomBytes(8).toString('hex'), email });
    imap = await startImapPeer({ introspectionUrl: oauth.introspectionUrl });
  });

  afterAll(async () => {
    await imap?.close();
    await oauth?.close();
  });

  /** An access token as the product gets one: through the consent and the code exchange. */
  const accessToken = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${oauth.url}/authorize`);
    authorize.search = new URLSearchParams({
      client_id: 'client',
      redirect_uri: 'http://127.0.0.1/callback',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'state',
    }).toString();
    const back = await oauth.consent(authorize.toString());
    const env = oauth.env('GOOGLE');
    const answer = await fetch(`${oauth.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: env.GOOGLE_CLIENT_ID,
        client_secret: env.GOOGLE_CLIENT_SECRET,
        code: back.searchParams.get('code') ?? '',
        redirect_uri: 'http://127.0.0.1/callback',
        code_verifier: verifier,
      }),
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  };

  const client = (token: string) =>
    new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: false,
      auth: { user: email, accessToken: token },
      logger: false,
    });

  it('delivers a message that an XOAUTH2 login then reads, and refuses a token the provider does not know', async () => {
    await imap.deliver(
      email,
      'From: Sofia <sofia@patients.example>\r\nTo: ' +
        email +
        '\r\nSubject: Re: Your consultation\r\nMessage-ID: <peer-1@patients.example>\r\n\r\nThursday works.\r\n',
    );
    const reader = client(await accessToken());
    await reader.connect();
    const lock = await reader.getMailboxLock('INBOX');
    const subjects: string[] = [];
    try {
      for await (const message of reader.fetch('1:*', { envelope: true }))
        subjects.push(message.envelope?.subject ?? '');
    } finally {
      lock.release();
      await reader.logout();
    }
    expect(subjects).toContain('Re: Your consultation');

    await expect(client('at-forged').connect()).rejects.toMatchObject({ authenticationFailed: true });
  });
});
