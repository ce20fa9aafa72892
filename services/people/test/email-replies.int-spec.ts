import {
  eventually,
  ImapPeer,
  OAuthPeer,
  oauthCookieOf,
  SmtpPeer,
  startImapPeer,
  startOAuthPeer,
  startSmtpPeer,
} from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { EmailRepliesService } from '../src/email/email-replies.service';
import { SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';

const MAILBOX = 'frontdesk@glowaesthetics.example';

/**
 * Replies read from the practice's mailbox: a real dovecot (IMAP, XOAUTH2 checked against the OAuth peer), the
 * outreach e-mail sent through a real SMTP server, real PostgreSQL, Redis and Kafka. Polling is off
 * (EMAIL_POLL_SECONDS=0): each test reads the mailbox itself, as the worker's poller does every minute.
 */
describe('e-mail replies read from the practice’s mailbox (dovecot IMAP, XOAUTH2)', () => {
  let h: PeopleHarness;
  let google: OAuthPeer;
  let smtp: SmtpPeer;
  let imap: ImapPeer;
  let sender: OutreachSender;
  let replies: EmailRepliesService;

  beforeAll(async () => {
    google = await startOAuthPeer({
      clientId: 'google-client',
      clientSecret: randomBytes(16).toString('hex'),
      email: MAILBOX,
    });
    smtp = await startSmtpPeer((_user, token) => google.accessTokenValid(token));
    imap = await startImapPeer({ introspectionUrl: google.introspectionUrl });
    h = await startPeople('email-replies', {
      ...google.env('GOOGLE'),
      GOOGLE_SMTP_URL: smtp.url,
      GOOGLE_IMAP_URL: imap.url,
      EMAIL_POLL_SECONDS: '0',
      EMAIL_TOKEN_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://app.practicepilot.test',
    });
    sender = h.service.app.get(OutreachSender);
    replies = h.service.app.get(EmailRepliesService);
  });

  afterAll(async () => {
    await h?.stop();
    await imap?.close();
    await smtp?.close();
    await google?.close();
  });

  /** Connects the practice's Google mailbox through the real consent flow; returns the account id. */
  const connect = async (practiceId: string): Promise<string> => {
    const started = await h
      .http()
      .get('/api/v1/email/oauth/authorize/google')
      .query({ practice_id: practiceId })
      .set(await h.caller([practiceId]).headers());
    const callback = await google.consent(started.body.authorization_url);
    await h
      .http()
      .get(`${callback.pathname}${callback.search}`)
      .set('Cookie', oauthCookieOf(started))
      .expect(302);
    const [account] = await h.dataSource.query(
      `SELECT "email_account_id" FROM "people"."email_accounts" WHERE "practice_id" = $1`,
      [practiceId],
    );
    return account.email_account_id;
  };

  /** An outreach e-mail to the lead, sent through the mailbox; returns its Message-ID as the lead's client sees it. */
  const emailLead = async (person: Person): Promise<string> => {
    const job: SendMessageJob = {
      idempotency_key: `decision:${randomUUID()}`,
      practice_id: person.practice_id,
      person_id: person.person_id,
      channel: 'email',
      action_type: 'email_initial',
      message: 'Hi Sofia, Thursday at 3 pm is open for your Botox consultation. Shall I book it?',
      subject: 'Your Botox consultation',
      source: 'ai_decision',
      decision_id: null,
      edited: false,
      notes: null,
      requested_by_name: null,
    };
    expect(await sender.send(job)).toBe('sent');
    const mail = smtp.received.filter((received) => received.to.includes(person.primary_email!)).at(-1);
    return mail!.headers['message-id'];
  };

  /** A message as the lead's mail client writes it, delivered to the practice's INBOX. */
  const deliver = (fields: {
    from: string;
    subject?: string;
    body: string;
    inReplyTo?: string;
    messageId?: string;
    extra?: string[];
  }) => {
    const messageId = fields.messageId ?? `<${randomUUID()}@patients.example>`;
    const headers = [
      `From: Sofia Alvarez <${fields.from}>`,
      `To: Glow Aesthetics <${MAILBOX}>`,
      `Subject: ${fields.subject ?? 'Re: Your Botox consultation'}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${messageId}`,
      ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`] : []),
      ...(fields.extra ?? []),
      'Content-Type: text/plain; charset=utf-8',
    ];
    return imap.deliver(MAILBOX, `${headers.join('\r\n')}\r\n\r\n${fields.body}\r\n`).then(() => messageId);
  };

  const received = (personId: string) =>
    h.dataSource
      .getRepository(TimelineEvent)
      .find({ where: { person_id: personId, event_type: 'email_received' }, order: { timestamp: 'ASC' } });

  const analyses = (personId: string): Promise<{ channel: string; trigger_event_id: string }[]> =>
    h.dataSource.query(
      `SELECT "channel", "trigger_event_id" FROM "people"."engine_analyses" WHERE "person_id" = $1`,
      [personId],
    );

  it('records a reply in the thread on its lead as email_received, without the quoted e-mail, and hands it to the engine', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    const other = await h.leads.person(practice);
    const sentId = await emailLead(lead);
    // From another address of hers: the thread, not the address, says whose reply it is.
    const messageId = await deliver({
      from: 'sofia.alvarez@work.example',
      inReplyTo: sentId,
      body: [
        'Yes please, Thursday at 3 works for me.',
        '',
        'On Mon, Nov 23, 2026 at 9:14 AM Glow Aesthetics <frontdesk@glowaesthetics.example>',
        'wrote:',
        '> Hi Sofia, Thursday at 3 pm is open for your Botox consultation.',
      ].join('\r\n'),
    });

    const result = await replies.sync(accountId);

    expect(result).toMatchObject({ recorded: 1, analysed: 1 });
    const [event] = await received(lead.person_id);
    expect(event.content_data).toEqual({
      channel: 'email',
      subject: 'Re: Your Botox consultation',
      message: 'Yes please, Thursday at 3 works for me.',
      from_email: 'sofia.alvarez@work.example',
      to_email: MAILBOX,
      status: 'received',
    });
    expect(event.event_metadata).toMatchObject({
      source: 'imap',
      message_id: messageId,
      in_reply_to: sentId,
    });
    expect(await analyses(lead.person_id)).toEqual([{ channel: 'email', trigger_event_id: event.event_id }]);
    expect(await received(other.person_id)).toEqual([]);
    const [row] = await h.dataSource.query(
      `SELECT "is_unseen" FROM "people"."persons" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(row.is_unseen).toBe(true);
  });

  it('records a message read twice (a re-read, or delivered twice) once', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    const messageId = `<${randomUUID()}@patients.example>`;
    await deliver({ from: lead.primary_email!, body: 'Do you have anything on Saturday?', messageId });
    await replies.sync(accountId);
    // The same message again in the INBOX, and the cursor forgotten: everything is read again.
    await deliver({ from: lead.primary_email!, body: 'Do you have anything on Saturday?', messageId });
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "imap_uid_validity" = NULL, "imap_last_uid" = NULL WHERE "email_account_id" = $1`,
      [accountId],
    );
    await replies.sync(accountId);
    await replies.sync(accountId);

    const events = await received(lead.person_id);
    expect(events).toHaveLength(1);
    expect(events[0].content_data).toMatchObject({ message: 'Do you have anything on Saturday?' });
    expect(await analyses(lead.person_id)).toHaveLength(1);
  });

  it('leaves mail from an unknown sender alone: no lead, no event', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    await deliver({
      from: `news-${randomUUID()}@deals.example`,
      subject: 'This week only: 20% off',
      body: 'Our newsletter.',
      extra: ['List-Unsubscribe: <https://deals.example/u>'],
    });

    const result = await replies.sync(accountId);

    expect(result.recorded).toBe(0);
    const [count] = await h.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "people"."persons" WHERE "practice_id" = $1`,
      [practice],
    );
    expect(count.n).toBe(1);
    const [events] = await h.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "people"."events" WHERE "person_id" = $1 AND "event_type" = 'email_received'`,
      [lead.person_id],
    );
    expect(events.n).toBe(0);
  });

  it('records an out-of-office reply without asking the engine to answer it', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    const sentId = await emailLead(lead);
    await deliver({
      from: lead.primary_email!,
      subject: 'Automatic reply: Your Botox consultation',
      inReplyTo: sentId,
      body: 'I am out of the office until Monday.',
      extra: ['Auto-Submitted: auto-replied', 'X-Autoreply: yes'],
    });

    await replies.sync(accountId);

    const [event] = await received(lead.person_id);
    expect(event.content_data).toMatchObject({
      status: 'auto_reply',
      message: 'I am out of the office until Monday.',
    });
    expect(event.event_metadata).toMatchObject({ auto_reply: true });
    expect(await analyses(lead.person_id)).toEqual([]);
  });

  it('stops e-mail to a lead who replies "unsubscribe", without asking the engine', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    await h.dataSource.query(
      `INSERT INTO "people"."consents" ("practice_id", "person_id", "channel", "source", "consent_text", "given_at")
       VALUES ($1, $2, 'email', 'website_form', 'I agree to be contacted', now())`,
      [practice, lead.person_id],
    );
    const sentId = await emailLead(lead);
    await deliver({ from: lead.primary_email!, inReplyTo: sentId, body: 'Unsubscribe' });

    await replies.sync(accountId);

    const [row] = await h.dataSource.query(
      `SELECT "current_outreach_state" FROM "people"."persons" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(row.current_outreach_state.email_opted_out).toBe(true);
    const stopped = await h.dataSource
      .getRepository(TimelineEvent)
      .findBy({ person_id: lead.person_id, event_type: 'outreach_stopped' });
    expect(stopped.map((event) => event.content_data)).toEqual([{ channel: 'email', reason: 'email_reply' }]);
    // The consent ledger keeps why e-mail stopped.
    const [consent] = await h.dataSource.query(
      `SELECT "withdrawn_reason" FROM "people"."consents" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(consent).toEqual({ withdrawn_reason: 'email_reply' });
    expect(await analyses(lead.person_id)).toEqual([]);
  });

  it('shows the time of the last read in Settings → Email, and reads only what is new next time', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const staff = h.caller([practice]);
    const before = await h
      .http()
      .get('/api/v1/email/accounts')
      .query({ practice_id: practice })
      .set(await staff.headers());
    const connectedAt = before.body[0]?.last_sync_timestamp ?? null;

    await replies.sync(accountId);
    const after = await h
      .http()
      .get('/api/v1/email/accounts')
      .query({ practice_id: practice })
      .set(await staff.headers());
    expect(after.body[0].last_sync_timestamp).toBeTruthy();
    if (connectedAt)
      expect(Date.parse(after.body[0].last_sync_timestamp)).toBeGreaterThan(Date.parse(connectedAt));

    const lead = await h.leads.person(practice);
    await deliver({ from: lead.primary_email!, body: 'Is parking free?' });
    expect((await replies.sync(accountId)).read).toBe(1);
    expect((await replies.sync(accountId)).read).toBe(0);
  });

  it('leaves a mailbox alone while another worker is reading it', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    await deliver({ from: lead.primary_email!, body: 'Can I bring my sister?' });
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "imap_reading_until" = now() + interval '1 minute' WHERE "email_account_id" = $1`,
      [accountId],
    );
    expect((await replies.sync(accountId)).read).toBe(0);
    expect(await received(lead.person_id)).toEqual([]);

    // That worker died: its lease runs out, and the next read takes the mailbox.
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "imap_reading_until" = now() - interval '1 second' WHERE "email_account_id" = $1`,
      [accountId],
    );
    expect((await replies.sync(accountId)).recorded).toBe(1);
    const [row] = await h.dataSource.query(
      `SELECT "imap_reading_until" FROM "people"."email_accounts" WHERE "email_account_id" = $1`,
      [accountId],
    );
    expect(row.imap_reading_until).toBeNull();
  });

  it('refreshes an expired access token before logging in to the mailbox', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    await h.dataSource.query(
      `UPDATE "people"."email_accounts" SET "access_token_expires_at" = now() - interval '1 minute' WHERE "email_account_id" = $1`,
      [accountId],
    );
    const refreshes = google.grants.filter((grant) => grant === 'refresh_token').length;
    const lead = await h.leads.person(practice);
    await deliver({ from: lead.primary_email!, body: 'What does it cost?' });

    await replies.sync(accountId);

    expect(google.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshes + 1);
    expect(await received(lead.person_id)).toHaveLength(1);
  });

  it('marks the account Error when the mailbox refuses its token and the provider refuses a new one', async () => {
    // Its own provider and mailbox: the revocation below must not end the other tests' grants.
    const revoking = await startOAuthPeer({
      clientId: 'google-client-2',
      clientSecret: randomBytes(16).toString('hex'),
      email: MAILBOX,
    });
    const server = await startImapPeer({ introspectionUrl: revoking.introspectionUrl });
    const other = await startPeople('email-replies-revoked', {
      ...revoking.env('GOOGLE'),
      GOOGLE_SMTP_URL: smtp.url,
      GOOGLE_IMAP_URL: server.url,
      EMAIL_POLL_SECONDS: '0',
      EMAIL_TOKEN_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://app.practicepilot.test',
    });
    try {
      const practice = randomUUID();
      const started = await other
        .http()
        .get('/api/v1/email/oauth/authorize/google')
        .query({ practice_id: practice })
        .set(await other.caller([practice]).headers());
      const callback = await revoking.consent(started.body.authorization_url);
      await other
        .http()
        .get(`${callback.pathname}${callback.search}`)
        .set('Cookie', oauthCookieOf(started))
        .expect(302);
      const [account] = await other.dataSource.query(
        `SELECT "email_account_id" FROM "people"."email_accounts" WHERE "practice_id" = $1`,
        [practice],
      );
      // The user removed the app from their Google account: the stored token no longer opens the mailbox.
      revoking.revokeAll();

      await expect(other.service.app.get(EmailRepliesService).sync(account.email_account_id)).rejects.toThrow(
        'must be connected again',
      );

      const listed = await other
        .http()
        .get('/api/v1/email/accounts')
        .query({ practice_id: practice })
        .set(await other.caller([practice]).headers());
      expect(listed.body[0].status).toBe('error');
    } finally {
      await other.stop();
      await server.close();
      await revoking.close();
    }
  });

  it('is read by the worker’s poller on its own', async () => {
    const polling = await startPeople('email-replies-poller', {
      ...google.env('GOOGLE'),
      GOOGLE_SMTP_URL: smtp.url,
      GOOGLE_IMAP_URL: imap.url,
      EMAIL_POLL_SECONDS: '1',
      EMAIL_TOKEN_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://app.practicepilot.test',
    });
    try {
      const practice = randomUUID();
      const started = await polling
        .http()
        .get('/api/v1/email/oauth/authorize/google')
        .query({ practice_id: practice })
        .set(await polling.caller([practice]).headers());
      const callback = await google.consent(started.body.authorization_url);
      await polling
        .http()
        .get(`${callback.pathname}${callback.search}`)
        .set('Cookie', oauthCookieOf(started))
        .expect(302);
      const lead = await polling.leads.person(practice);
      await deliver({ from: lead.primary_email!, body: 'Is Saturday possible?' });

      await eventually(async () => {
        const events = await polling.dataSource
          .getRepository(TimelineEvent)
          .findBy({ person_id: lead.person_id, event_type: 'email_received' });
        expect(events.map((event) => event.content_data.message)).toEqual(['Is Saturday possible?']);
        return true;
      }, 20_000);
    } finally {
      await polling.stop();
    }
  });

  it('reads again from the last read when the mailbox’s UIDVALIDITY changes, recording nothing twice', async () => {
    const practice = randomUUID();
    const accountId = await connect(practice);
    const lead = await h.leads.person(practice);
    await deliver({ from: lead.primary_email!, body: 'First question.' });
    await replies.sync(accountId);
    await imap.resetUidValidity(MAILBOX);
    await deliver({ from: lead.primary_email!, body: 'Second question.' });

    const [cursor] = await h.dataSource.query(
      `SELECT "imap_uid_validity" FROM "people"."email_accounts" WHERE "email_account_id" = $1`,
      [accountId],
    );

    const result = await replies.sync(accountId);

    const [changed] = await h.dataSource.query(
      `SELECT "imap_uid_validity" FROM "people"."email_accounts" WHERE "email_account_id" = $1`,
      [accountId],
    );
    expect(changed.imap_uid_validity).not.toBe(cursor.imap_uid_validity);
    expect(result.recorded).toBe(1);
    const events = await received(lead.person_id);
    // The server keeps receipt times to the second: both may have the same one.
    expect(events.map((event) => event.content_data.message).sort()).toEqual([
      'First question.',
      'Second question.',
    ]);
  });
});
