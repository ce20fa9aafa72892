import { eventually, startTwilioPeer, testPracticeNumber, TwilioPeer, twilioSignature } from '@pp/testing';
import { PracticeReadModel } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { SendLedger } from '../src/outreach/send-ledger';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';
import { practiceSnapshot, virtualNumber } from './factories/practices';
import { sendJob } from './factories/sends';

/**
 * Twilio's inbound SMS and status webhooks as the gateway forwards them (signed: the gateway verifies the signature,
 * services/gateway/test/twilio-webhooks.int-spec.ts, and so does people), with replies going out through a
 * loopback Twilio peer.
 */
const PUBLIC_BASE_URL = 'https://pilot.example.com';

describe('inbound SMS and status callbacks (loopback Twilio peer, real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  let twilio: TwilioPeer;
  const practice = randomUUID();
  const practiceNumber = testPracticeNumber('312');
  let phoneSeq = 200;
  const nextPhone = () => `+1312555${String(phoneSeq++).padStart(4, '0')}`;

  beforeAll(async () => {
    twilio = await startTwilioPeer();
    h = await startPeople('twilio-inbound', {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      PUBLIC_BASE_URL,
    });
    await h.service.app
      .get(PracticeReadModel)
      .apply(practiceSnapshot(practice, 'Lakeview Smiles', [virtualNumber(practiceNumber)]));
  });
  afterAll(async () => {
    await h?.stop();
    await twilio?.close();
  });

  const smsForm = (from: string, body: string, sid = `SM${randomUUID().replace(/-/g, '')}`) => ({
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: twilio.accountSid,
    From: from,
    To: practiceNumber,
    Body: body,
    NumMedia: '0',
  });
  /** A webhook as Twilio posts it: signed with the account's token over the public URL and the form. */
  const postSigned = (path: string, form: Record<string, string>) =>
    h
      .http()
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(twilio.authToken, `${PUBLIC_BASE_URL}${path}`, form))
      .send(form);
  const postSms = (form: Record<string, string>) => postSigned('/api/v1/channels/twilio/sms', form);
  const events = (personId: string, type: string) =>
    h.dataSource.getRepository(TimelineEvent).findBy({ person_id: personId, event_type: type });
  const reload = (personId: string) =>
    h.dataSource.getRepository(Person).findOneByOrFail({ person_id: personId });
  const sentTo = (number: string) => twilio.messages.filter((message) => message.to === number);

  it('refuses a webhook posted straight to its port without Twilio’s signature, or with a field repeated', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const form = smsForm(phone, 'STOP');
    const unsigned = await h.http().post('/api/v1/channels/twilio/sms').type('form').send(form).expect(403);
    expect(unsigned.body).toEqual({ detail: 'Missing or invalid X-Twilio-Signature' });
    const forged = await h
      .http()
      .post('/api/v1/channels/twilio/sms')
      .type('form')
      .set(
        'X-Twilio-Signature',
        twilioSignature('another-token', `${PUBLIC_BASE_URL}/api/v1/channels/twilio/sms`, form),
      )
      .send(form)
      .expect(403);
    expect(forged.body).toEqual({ detail: 'Missing or invalid X-Twilio-Signature' });
    // Signed over the last Body, but sent with two: read one way by the signature, another by the parser.
    const signature = twilioSignature(
      twilio.authToken,
      `${PUBLIC_BASE_URL}/api/v1/channels/twilio/sms`,
      form,
    );
    await h
      .http()
      .post('/api/v1/channels/twilio/sms')
      .type('form')
      .set('X-Twilio-Signature', signature)
      .send(`${new URLSearchParams(form).toString()}&Body=hello`)
      .expect(403);
    await h
      .http()
      .post('/api/v1/channels/twilio/sms')
      .set('Content-Type', 'application/json')
      .set('X-Twilio-Signature', signature)
      .send(JSON.stringify(form))
      .expect(403);
    // Nothing reached the lead: no message, no opt-out.
    expect(await events(person.person_id, 'sms_received')).toEqual([]);
    expect(await events(person.person_id, 'outreach_stopped')).toEqual([]);
  });

  it('appends sms_received to the lead with that number and hands it to the engine as an SMS', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const form = smsForm(phone, 'Do you have anything open on Saturday?');

    const response = await postSms(form);

    expect(response.status).toBe(200);
    expect(response.text).toContain('<Response>');
    const [event] = await events(person.person_id, 'sms_received');
    expect(event.content_data).toMatchObject({
      from_number: phone,
      to_number: practiceNumber,
      message: 'Do you have anything open on Saturday?',
    });
    expect(event.event_metadata).toMatchObject({ message_sid: form.MessageSid });
    const analyses: { channel: string; trigger_event_id: string }[] = await h.dataSource.query(
      `SELECT "channel", "trigger_event_id" FROM "people"."engine_analyses" WHERE "person_id" = $1`,
      [person.person_id],
    );
    expect(analyses).toEqual([{ channel: 'sms', trigger_event_id: event.event_id }]);
  });

  it('records a retried webhook (same MessageSid) once', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const form = smsForm(phone, 'Is Invisalign covered by insurance?');

    for (let i = 0; i < 3; i += 1) expect((await postSms(form)).status).toBe(200);

    expect(await events(person.person_id, 'sms_received')).toHaveLength(1);
  });

  it('creates a lead for a number the practice does not know', async () => {
    const phone = nextPhone();
    expect((await postSms(smsForm(phone, 'Hi, I saw your ad for whitening'))).status).toBe(200);
    const lead = await h.dataSource
      .getRepository(Person)
      .findOneByOrFail({ practice_id: practice, primary_phone: phone });
    expect(lead.stage).toBe('Lead');
    expect(await events(lead.person_id, 'sms_received')).toHaveLength(1);
  });

  it('answers 404 for a number no practice owns, and 422 without MessageSid', async () => {
    const unknown = { ...smsForm(nextPhone(), 'hello'), To: '+19995550100' };
    const refused = await postSms(unknown);
    expect(refused.body).toEqual({ detail: 'No practice owns this number' });
    expect(refused.status).toBe(404);
    const withoutSid: Record<string, string> = smsForm(nextPhone(), 'hello');
    delete withoutSid.MessageSid;
    delete withoutSid.SmsSid;
    const response = await postSms(withoutSid);
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe('MessageSid, From and To are required');
  });

  it.each([
    'STOP',
    'stop.',
    'StopAll',
    'UNSUBSCRIBE',
    'cancel',
    'End',
    'QUIT',
    'revoke',
    'OptOut',
    'opt out',
    'Please stop texting me!',
    'take me off your list',
  ])(
    'opts the lead out at once on %p: confirmation once, scheduled actions cancelled, no later send',
    async (body) => {
      const phone = nextPhone();
      const person = await h.leads.person(practice, { primary_phone: phone });
      const [action]: { action_id: string }[] = await h.dataSource.query(
        `INSERT INTO "people"."engine_actions" ("practice_id", "person_id", "kind", "channel", "due_at", "reason")
         VALUES ($1, $2, 'follow_up', 'sms', now() + interval '1 day', 'Follow up') RETURNING "action_id"`,
        [practice, person.person_id],
      );

      const form = smsForm(phone, body);
      expect((await postSms(form)).status).toBe(200);
      expect((await postSms(form)).status).toBe(200);

      expect((await reload(person.person_id)).current_outreach_state).toMatchObject({ opted_out: true });
      expect(await events(person.person_id, 'outreach_stopped')).toHaveLength(1);
      const [row]: { status: string }[] = await h.dataSource.query(
        `SELECT "status" FROM "people"."engine_actions" WHERE "action_id" = $1`,
        [action.action_id],
      );
      expect(row.status).toBe('cancelled');
      const confirmations = await eventually(async () => sentTo(phone).length === 1 && sentTo(phone));
      expect(confirmations[0].body).toContain('unsubscribed');
      expect(confirmations[0].from).toBe(practiceNumber);

      // A send planned before the STOP never reaches Twilio.
      const sender = h.service.app.get(OutreachSender);
      const outcome = await sender.send(
        sendJob(
          { practice_id: practice, person_id: person.person_id },
          { message: 'Just checking in about your consultation', requested_by_name: null },
        ),
      );
      expect(outcome).toBe('failed');
      expect(sentTo(phone)).toHaveLength(1);
    },
  );

  const analysesOf = (personId: string): Promise<unknown[]> =>
    h.dataSource.query(`SELECT 1 FROM "people"."engine_analyses" WHERE "person_id" = $1`, [personId]);

  it('opts out on a STOP that tells a symptom and hands it to the engine too; a look-alike only to the engine', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    expect(
      (await postSms(smsForm(phone, 'STOP texting me. my lip went white after the filler'))).status,
    ).toBe(200);
    expect((await reload(person.person_id)).current_outreach_state).toMatchObject({ opted_out: true });
    expect(await analysesOf(person.person_id)).toHaveLength(1);
    const confirmations = await eventually(async () => sentTo(phone).length === 1 && sentTo(phone));
    expect(confirmations[0].body).toContain('unsubscribed');

    const smoker = nextPhone();
    const asking = await h.leads.person(practice, { primary_phone: smoker });
    expect((await postSms(smsForm(smoker, 'I quit smoking, is it ok now for the surgery?'))).status).toBe(
      200,
    );
    expect((await reload(asking.person_id)).current_outreach_state?.opted_out ?? false).toBe(false);
    expect(await analysesOf(asking.person_id)).toHaveLength(1);

    const plain = nextPhone();
    const stopping = await h.leads.person(practice, { primary_phone: plain });
    expect((await postSms(smsForm(plain, 'please take me off your list'))).status).toBe(200);
    expect(await analysesOf(stopping.person_id)).toHaveLength(0);
  });

  it('opts out on CANCEL answering an appointment reminder, and the engine reads it as that appointment’s cancellation', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    await h.dataSource.getRepository(TimelineEvent).save({
      practice_id: practice,
      person_id: person.person_id,
      event_type: 'sms_sent',
      timestamp: new Date(Date.now() - 60_000),
      content_data: {
        message: 'Reminder: your Botox appointment is tomorrow at 2:00 PM. Reply C to confirm.',
      },
    });
    expect((await postSms(smsForm(phone, 'Cancel'))).status).toBe(200);

    expect((await reload(person.person_id)).current_outreach_state).toMatchObject({ opted_out: true });
    expect(await analysesOf(person.person_id)).toHaveLength(1);
    await eventually(
      async () =>
        (
          await h.dataSource.query(
            `SELECT 1 FROM "people"."engine_analyses" WHERE "person_id" = $1 AND "status" = 'done'`,
            [person.person_id],
          )
        ).length === 1,
    );
    const read = (await reload(person.person_id)).current_outreach_state.ai_insights;
    expect(read).toMatchObject({
      intent_classification: 'cancel_appointment',
      procedures_of_interest: ['Botox'],
    });
    // The carriers' keyword is honoured: the confirmation is the one message the number gets.
    const confirmations = await eventually(async () => sentTo(phone).length === 1 && sentTo(phone));
    expect(confirmations[0].body).toContain('unsubscribed');

    // With no appointment message before it, CANCEL is an opt-out and nothing more.
    const other = nextPhone();
    const unsubscribing = await h.leads.person(practice, { primary_phone: other });
    expect((await postSms(smsForm(other, 'Cancel'))).status).toBe(200);
    expect((await reload(unsubscribing.person_id)).current_outreach_state).toMatchObject({ opted_out: true });
    expect(await analysesOf(unsubscribing.person_id)).toHaveLength(0);
  });

  it('re-subscribes on START and answers HELP with the help text', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, {
      primary_phone: phone,
      current_outreach_state: { control_mode: 'ai', opted_out: true },
    });

    await postSms(smsForm(phone, 'START'));
    expect((await reload(person.person_id)).current_outreach_state.opted_out).toBeUndefined();
    await postSms(smsForm(phone, 'help'));

    const replies = await eventually(async () => sentTo(phone).length === 2 && sentTo(phone));
    expect(replies.map((reply) => reply.body)).toEqual([
      expect.stringContaining('subscribed to messages again'),
      expect.stringContaining('Reply STOP to unsubscribe'),
    ]);
  });

  it("shows Twilio's status callbacks on the sent event, never moving back", async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const sender = h.service.app.get(OutreachSender);
    await sender.send(
      sendJob(
        { practice_id: practice, person_id: person.person_id },
        { message: 'Your consultation is confirmed for Friday at 10 am.' },
      ),
    );
    const [message] = sentTo(phone);
    const status = (value: string) =>
      postSigned('/api/v1/channels/twilio/status', {
        MessageSid: message.sid,
        MessageStatus: value,
        From: practiceNumber,
        To: phone,
      });
    const shown = async () => (await events(person.person_id, 'sms_sent'))[0].content_data.status;

    const announcements = async () =>
      (await h.outbox(person.person_id)).filter((row) => row.type === 'lead_updated').length;
    const before = await announcements();

    expect((await status('sent')).status).toBe(200);
    expect(await shown()).toBe('sent');
    await status('delivered');
    expect(await shown()).toBe('delivered');

    await status('sent');
    expect(await shown()).toBe('delivered');
    // Each change (not the ignored late 'sent') is announced to the practice's live connection.
    expect(await announcements()).toBe(before + 2);
  });

  it('keeps a status Twilio reports before the sent event is written, and the event starts at it', async () => {
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const job = sendJob(
      { practice_id: practice, person_id: person.person_id },
      { message: 'Your consultation is confirmed for Friday at 10 am.' },
    );
    // A send Twilio accepted whose timeline event is not written yet (the worker is between the two steps).
    const ledger = h.service.app.get(SendLedger);
    expect(await ledger.claim(job)).toBe(true);
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    await ledger.markSent(job.idempotency_key, { provider_id: sid, mock_execution: false }, phone);
    const status = (value: string, extra: Record<string, string> = {}) =>
      postSigned('/api/v1/channels/twilio/status', {
        MessageSid: sid,
        MessageStatus: value,
        From: practiceNumber,
        To: phone,
        ...extra,
      });
    expect((await status('undelivered', { ErrorCode: '30007' })).status).toBe(200);
    // A late 'sent' does not move it back.
    expect((await status('sent')).status).toBe(200);
    expect(await events(person.person_id, 'sms_sent')).toEqual([]);

    // The worker goes on (here: the job again, which finds the key sent and only writes the event).
    expect(await h.service.app.get(OutreachSender).send(job)).toBe('already_sent');
    const [sent] = await events(person.person_id, 'sms_sent');
    expect(sent.content_data).toMatchObject({
      status: 'undelivered',
      error_code: '30007',
      provider_message_id: sid,
    });
  });

  it('refuses a simulated text while texts go through Twilio: replies come from the lead', async () => {
    const caller = await h.caller([practice]).headers();
    const sandbox = await h.http().get(`/api/v1/channels/sandbox?practice_id=${practice}`).set(caller);
    expect(sandbox.body).toEqual({ sms: false, email: true });
    const phone = nextPhone();
    const person = await h.leads.person(practice, { primary_phone: phone });
    const refused = await h
      .http()
      .post(`/api/v1/people/${person.person_id}/simulate-reply`)
      .set(caller)
      .send({ channel: 'sms', message: 'Is Saturday open?' });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 409,
      body: {
        detail:
          'Texts go through Twilio: replies come from the lead, a simulated one is only for the sandbox',
      },
    });
    expect(await events(person.person_id, 'sms_received')).toHaveLength(0);
  });
});
