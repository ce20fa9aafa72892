import { OAuthPeer, oauthCookieOf, SmtpPeer, startOAuthPeer, startSmtpPeer } from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';
import { sendJob } from './factories/sends';

const PUBLIC_BASE_URL = 'https://app.practicepilot.test';

describe('e-mail outreach through the practice’s mailbox (SMTP XOAUTH2 against a loopback server)', () => {
  let h: PeopleHarness;
  let google: OAuthPeer;
  let smtp: SmtpPeer;
  let sender: OutreachSender;

  beforeAll(async () => {
    google = await startOAuthPeer({
      clientId: 'google-client',
      clientSecret: randomBytes(16).toString('hex'),
      email: 'frontdesk@glowaesthetics.example',
    });
    smtp = await startSmtpPeer((_user, token) => google.accessTokenValid(token));
    h = await startPeople('email-sending', {
      ...google.env('GOOGLE'),
      GOOGLE_SMTP_URL: smtp.url,
      EMAIL_TOKEN_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL,
    });
    sender = h.service.app.get(OutreachSender);
  });

  afterAll(async () => {
    await h?.stop();
    await smtp?.close();
    await google?.close();
  });

  /** Connects the practice's Google mailbox through the real consent flow. */
  const connect = async (practiceId: string) => {
    const staff = h.caller([practiceId]);
    const started = await h
      .http()
      .get('/api/v1/email/oauth/authorize/google')
      .query({ practice_id: practiceId })
      .set(await staff.headers());
    const callback = await google.consent(started.body.authorization_url);
    await h
      .http()
      .get(`${callback.pathname}${callback.search}`)
      .set('Cookie', oauthCookieOf(started))
      .expect(302);
  };

  const job = (person: Person, overrides: Partial<SendMessageJob> = {}): SendMessageJob =>
    sendJob(person, {
      channel: 'email',
      action_type: 'email_initial',
      message: 'Hi Sofia, thanks for your interest in Botox. Thursday at 3 pm is open. Shall I book it?',
      subject: 'Your Botox consultation',
      ...overrides,
    });

  const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('sends from the connected mailbox with a stable Message-ID and one-click unsubscribe, and records it as real', async () => {
    const practice = randomUUID();
    await connect(practice);
    const person = await h.leads.person(practice);
    const data = job(person);

    expect(await sender.send(data)).toBe('sent');

    const [mail] = mailTo(person.primary_email!);
    expect(mail.user).toBe('frontdesk@glowaesthetics.example');
    expect(mail.from).toBe('frontdesk@glowaesthetics.example');
    expect(mail.headers.subject).toBe('Your Botox consultation');
    expect(mail.headers['message-id']).toMatch(/^<pp\.[0-9a-f]{32}@glowaesthetics\.example>$/);
    expect(mail.headers['in-reply-to']).toBeUndefined();
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(
        `^<${PUBLIC_BASE_URL}/api/v1/email/unsubscribe\\?token=${practice}\\.${person.person_id}\\.`,
      ),
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.body).toContain('Thursday at 3 pm is open');

    const [event] = await h.dataSource
      .getRepository(TimelineEvent)
      .findBy({ person_id: person.person_id, event_type: 'email_sent' });
    expect(event.content_data).toMatchObject({
      mock_execution: false,
      provider_message_id: mail.headers['message-id'],
      to_email: person.primary_email,
    });
  });

  it('threads a follow-up onto the earlier e-mail (In-Reply-To and References)', async () => {
    const practice = randomUUID();
    await connect(practice);
    const person = await h.leads.person(practice);
    await sender.send(job(person));
    await sender.send(job(person, { action_type: 'email_followup', subject: 'Re: Your Botox consultation' }));

    const [first, second] = mailTo(person.primary_email!);
    expect(second.headers['in-reply-to']).toBe(first.headers['message-id']);
    expect(second.headers.references).toBe(first.headers['message-id']);
    expect(second.headers['message-id']).not.toBe(first.headers['message-id']);
  });

  it('refreshes an expired token before sending', async () => {
    const practice = randomUUID();
    await connect(practice);
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "access_token_expires_at" = now() - interval '1 minute' WHERE "practice_id" = $1`,
      [practice],
    );
    const refreshes = google.grants.filter((grant) => grant === 'refresh_token').length;
    const person = await h.leads.person(practice);

    expect(await sender.send(job(person))).toBe('sent');
    expect(mailTo(person.primary_email!)).toHaveLength(1);
    expect(google.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('sends nothing when the mailbox’s grant was revoked, gives the key back for a retry, and marks the account Error', async () => {
    const practice = randomUUID();
    await connect(practice);
    const [account] = await h.dataSource.query(
      `SELECT "email_account_id" FROM "people"."email_accounts" WHERE "practice_id" = $1`,
      [practice],
    );
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "access_token_expires_at" = now() - interval '1 minute' WHERE "practice_id" = $1`,
      [practice],
    );
    // The user removed the app from their Google account: every refresh is refused from now on.
    google.revokeAll();
    const person = await h.leads.person(practice);
    const data = job(person);

    await expect(sender.send(data)).rejects.toThrow('must be connected again');
    expect(mailTo(person.primary_email!)).toEqual([]);
    const [ledger] = await h.dataSource.query(
      `SELECT "status" FROM "people"."outreach_sends" WHERE "idempotency_key" = $1`,
      [data.idempotency_key],
    );
    expect(ledger.status).toBe('queued');
    const [row] = await h.dataSource.query(
      `SELECT "status" FROM "people"."email_accounts" WHERE "email_account_id" = $1`,
      [account.email_account_id],
    );
    expect(row.status).toBe('error');
  });

  it('stops e-mail to a lead at once on a one-click unsubscribe (RFC 8058), once, and keeps texting possible', async () => {
    const practice = randomUUID();
    await connect(practice);
    const person = await h.leads.person(practice);
    for (const channel of ['email', 'sms']) {
      await h.dataSource.query(
        `INSERT INTO "people"."consents" ("practice_id", "person_id", "channel", "source", "consent_text", "given_at")
         VALUES ($1, $2, $3, 'website_form', 'I agree to be contacted', now())`,
        [practice, person.person_id, channel],
      );
    }
    await sender.send(job(person));
    const [mail] = mailTo(person.primary_email!);
    const link = new URL(mail.headers['list-unsubscribe'].replace(/^<|>$/g, ''));

    // What a mailbox provider sends for the one-click button; a second click changes nothing.
    for (let click = 0; click < 2; click++) {
      const answer = await h
        .http()
        .post(`${link.pathname}${link.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ unsubscribed: true });
    }

    const stopped = await h.dataSource
      .getRepository(TimelineEvent)
      .findBy({ person_id: person.person_id, event_type: 'outreach_stopped' });
    expect(stopped).toHaveLength(1);
    expect(stopped[0].content_data).toMatchObject({ channel: 'email', reason: 'email_unsubscribe' });
    // The consent ledger: e-mail's consent withdrawn for that reason, the texts' kept.
    const consents: { channel: string; withdrawn_reason: string | null }[] = await h.dataSource.query(
      `SELECT "channel", "withdrawn_reason" FROM "people"."consents" WHERE "person_id" = $1 ORDER BY "channel"`,
      [person.person_id],
    );
    expect(consents).toEqual([
      { channel: 'email', withdrawn_reason: 'email_unsubscribe' },
      { channel: 'sms', withdrawn_reason: null },
    ]);
    expect(await sender.send(job(person))).toBe('failed');
    expect(mailTo(person.primary_email!)).toHaveLength(1);
    expect(await sender.send(job(person, { channel: 'sms', subject: null }))).toBe('sent');
  });

  it('refuses an unsubscribe link whose token was altered', async () => {
    const practice = randomUUID();
    const person = await h.leads.person(practice);
    const forged = await h
      .http()
      .post('/api/v1/email/unsubscribe')
      .query({ token: `${practice}.${person.person_id}.${randomBytes(32).toString('base64url')}` })
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual({ detail: 'Unsubscribe link not found' });
    const missing = await h.http().post('/api/v1/email/unsubscribe');
    expect(missing.status).toBe(404);
    const [row] = await h.dataSource.query(
      `SELECT "current_outreach_state" FROM "people"."persons" WHERE "person_id" = $1`,
      [person.person_id],
    );
    expect(row.current_outreach_state.email_opted_out).toBeUndefined();
  });

  it('stays in the sandbox for a practice without a connected mailbox', async () => {
    const person = await h.leads.person(randomUUID());
    expect(await sender.send(job(person))).toBe('sent');
    expect(mailTo(person.primary_email!)).toEqual([]);
    const [event] = await h.dataSource
      .getRepository(TimelineEvent)
      .findBy({ person_id: person.person_id, event_type: 'email_sent' });
    expect(event.content_data).toMatchObject({ mock_execution: true });
  });
});
