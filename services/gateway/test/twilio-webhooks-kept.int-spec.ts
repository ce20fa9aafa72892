import { Topics, TwilioWebhookReceivedV1 } from '@pp/contracts';
import { EMPTY_TWIML, Outbox } from '@pp/platform';
import {
  createTestDatabase,
  eventually,
  ReadMessage,
  ServiceProcess,
  startBuiltService,
  startTwilioPeer,
  TestDatabase,
  testTopic,
  TopicReader,
  TwilioPeer,
  twilioSignature,
} from '@pp/testing';
import { Kafka, Partitioners } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { createServer, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Client } from 'pg';
import { gatewayDatabase } from '../src/database/database';
import { publishPracticeSnapshots } from '../src/practices/practice-snapshot';
import { inboundSmsForm } from './factories/twilio';
import { GatewayHarness, startGateway } from './gateway-harness';

const PUBLIC_BASE_URL = 'https://pilot.example.com';
const SMS_PATH = '/api/v1/channels/twilio/sms';
const STATUS_PATH = '/api/v1/channels/twilio/status';

/**
 * An inbound SMS or status callback while people cannot take it (docs/decisions/0056): the gateway verifies the
 * signature as always, keeps the webhook in Kafka (gateway.twilio-webhooks) and answers Twilio 200 with the empty
 * TwiML; people, from its build (`npm run build`), takes it from there when it is back, verifies it again and
 * handles it once per MessageSid. The gateway's PEOPLE_URL is a closed port throughout: every webhook it takes is
 * kept. People starts, learns the practice's number from the gateway's snapshot, and stops before the first
 * webhook; it is started again (same database, same consumer group) once webhooks wait for it.
 */
describe("Twilio's SMS webhooks kept in Kafka while people is down (real gateway, Kafka, people)", () => {
  let twilio: TwilioPeer;
  let authToken: string;
  let peopleDb: TestDatabase;
  let people: ServiceProcess | undefined;
  let sql: Client;
  let h: GatewayHarness;
  let kept: TopicReader<TwilioWebhookReceivedV1>;
  let practiceNumber: string;
  // people texts through a loopback Twilio, whose account token signs the webhooks.
  const peopleEnv = () => ({
    DATABASE_URL: peopleDb.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL,
  });

  beforeAll(async () => {
    twilio = await startTwilioPeer();
    authToken = twilio.authToken;
    peopleDb = await createTestDatabase('gateway_twilio_kept_people');
    people = await startBuiltService('people', peopleEnv());
    // PEOPLE_URL is left at the harness's closed port: people is unreachable from this gateway.
    h = await startGateway('gateway_twilio_kept', { TWILIO_AUTH_TOKEN: authToken, PUBLIC_BASE_URL });
    sql = new Client({ connectionString: peopleDb.url });
    await sql.connect();
    const staff = await h.tenants.user();
    const practice = await h.tenants.practice([staff], 'Harborview Dermatology');
    const [number]: { phone_number: string }[] = await h.dataSource.query(
      `SELECT "phone_number" FROM "gateway"."virtual_numbers" WHERE "practice_id" = $1`,
      [practice.practice_id],
    );
    practiceNumber = number.phone_number;
    await h.dataSource.transaction((manager) =>
      publishPracticeSnapshots(manager, new Outbox(gatewayDatabase.schema), [practice.practice_id]),
    );
    await eventually(async () => {
      const { rowCount } = await sql.query(
        `SELECT 1 FROM "people"."virtual_numbers" WHERE "phone_number" = $1`,
        [practiceNumber],
      );
      return rowCount === 1;
    }, 60_000);
    // people goes down with the number known: what reaches it from now on comes through Kafka.
    await people.stop();
    people = undefined;
    kept = await TopicReader.start<TwilioWebhookReceivedV1>(
      h.gateway.config.KAFKA_BROKERS,
      Topics.twilioWebhooks,
    );
  }, 180_000);

  afterAll(async () => {
    await kept?.stop();
    await sql?.end();
    await h?.stop();
    await people?.stop();
    await peopleDb?.drop();
    await twilio?.close();
  });

  const smsForm = (from: string, body: string) => inboundSmsForm(from, practiceNumber, body);
  const encoded = (form: Record<string, string>) => new URLSearchParams(form).toString();
  const signed = (path: string, form: Record<string, string>) =>
    twilioSignature(authToken, `${PUBLIC_BASE_URL}${path}`, form);
  const post = (gateway: GatewayHarness, path: string, form: Record<string, string>, signature: string) =>
    gateway.http().post(path).type('form').set('X-Twilio-Signature', signature).send(encoded(form));
  const stored = async (from: string) => ({
    inbound: (
      await sql.query(
        `SELECT 1 FROM "people"."inbound_messages" m JOIN "people"."persons" p USING ("person_id")
         WHERE p."primary_phone" = $1`,
        [from],
      )
    ).rowCount,
    events: (
      await sql.query(
        `SELECT 1 FROM "people"."events" e JOIN "people"."persons" p USING ("person_id")
         WHERE p."primary_phone" = $1 AND e."event_type" = 'sms_received'`,
        [from],
      )
    ).rowCount,
    leads: (await sql.query(`SELECT 1 FROM "people"."persons" WHERE "primary_phone" = $1`, [from])).rowCount,
  });
  const messagesOnTimeline = async (from: string) =>
    (
      await sql.query(
        `SELECT e."content_data"->>'message' AS "message" FROM "people"."events" e
           JOIN "people"."persons" p USING ("person_id")
         WHERE p."primary_phone" = $1 AND e."event_type" = 'sms_received'`,
        [from],
      )
    ).rows.map((row: { message: string }) => row.message);
  const keptFor = (sid: string) =>
    kept.messages.filter((message) => new URLSearchParams(message.value.form).get('MessageSid') === sid);
  const phone = () => `+1469555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

  /** Writes records on the run's gateway.twilio-webhooks as the gateway does (same key, same partitioner). */
  const publishRaw = async (records: { key: string | null; value: unknown }[]) => {
    const producer = new Kafka({ brokers: h.gateway.config.KAFKA_BROKERS, logLevel: 0 }).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    try {
      await producer.send({
        topic: testTopic(Topics.twilioWebhooks),
        messages: records.map(({ key, value }) => ({ key, value: JSON.stringify(value) })),
      });
    } finally {
      await producer.disconnect();
    }
  };

  const first = {
    from: '',
    form: {} as Record<string, string>,
    record: undefined as ReadMessage<TwilioWebhookReceivedV1> | undefined,
  };

  it('answers a signed inbound SMS with 200 and the empty TwiML while people is down, keeping it as received', async () => {
    first.from = phone();
    first.form = smsForm(first.from, 'Can I book a mole check next week?');
    const signature = signed(SMS_PATH, first.form);

    const response = await post(h, SMS_PATH, first.form, signature);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/xml');
    expect(response.text).toBe(EMPTY_TWIML);
    first.record = await eventually(async () => keptFor(first.form.MessageSid)[0]);
    expect(first.record.key).toBe(practiceNumber);
    expect(first.record.value).toMatchObject({
      v: 1,
      type: 'twilio_webhook_received',
      kind: 'sms',
      url: `${PUBLIC_BASE_URL}${SMS_PATH}`,
      form: encoded(first.form),
      signature,
    });
    expect(Date.parse(first.record.value.occurred_at)).not.toBeNaN();
    // Nothing reached people's state: it is down.
    expect(await stored(first.from)).toEqual({ inbound: 0, events: 0, leads: 0 });
  });

  it('still refuses a badly signed SMS with 403 and one over 64 KiB with 413, keeping neither', async () => {
    const from = phone();
    const form = smsForm(from, 'Hello?');
    const forged = twilioSignature(randomBytes(16).toString('hex'), `${PUBLIC_BASE_URL}${SMS_PATH}`, form);
    const refused = await post(h, SMS_PATH, form, forged);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Missing or invalid X-Twilio-Signature' });
    const statusForm = { MessageSid: form.MessageSid, MessageStatus: 'delivered' };
    expect((await post(h, STATUS_PATH, statusForm, signed(SMS_PATH, statusForm))).status).toBe(403);
    const big = smsForm(from, 'x'.repeat(70 * 1024));
    const tooLarge = await post(h, SMS_PATH, big, signed(SMS_PATH, big));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ detail: 'A Twilio webhook is at most 64 KiB' });

    // A signed SMS after them, on the same partition (the practice's number is the key), is kept: they were not.
    const after = smsForm(phone(), 'And one more question');
    expect((await post(h, SMS_PATH, after, signed(SMS_PATH, after))).status).toBe(200);
    await eventually(async () => keptFor(after.MessageSid).length === 1);
    expect(keptFor(form.MessageSid)).toEqual([]);
    expect(keptFor(big.MessageSid)).toEqual([]);
  });

  it("records a kept SMS on the lead's timeline exactly once when people is back, its record delivered twice", async () => {
    expect(first.record).toBeDefined();
    // The same record again (a redelivery), and a record whose form was changed after Twilio signed it.
    const tamperedFrom = phone();
    const tamperedSid = `SM${randomBytes(16).toString('hex')}`;
    const tampered = {
      ...first.record!.value,
      form: encoded({
        ...first.form,
        MessageSid: tamperedSid,
        SmsSid: tamperedSid,
        From: tamperedFrom,
        Body: 'Text me at another number',
      }),
    };
    await publishRaw([
      { key: practiceNumber, value: first.record!.value },
      { key: practiceNumber, value: tampered },
    ]);
    // Last on the partition: a signed SMS kept by the gateway.
    const last = { from: phone(), form: {} as Record<string, string> };
    last.form = smsForm(last.from, 'Thanks!');
    expect((await post(h, SMS_PATH, last.form, signed(SMS_PATH, last.form))).status).toBe(200);
    await eventually(
      async () => keptFor(first.form.MessageSid).length === 2 && keptFor(tamperedSid).length === 1,
    );

    people = await startBuiltService('people', peopleEnv());

    // Once the last record is handled, every record before it on its partition was.
    await eventually(async () => (await stored(last.from)).events === 1, 60_000);
    expect(await stored(first.from)).toEqual({ inbound: 1, events: 1, leads: 1 });
    expect(await messagesOnTimeline(first.from)).toEqual(['Can I book a mole check next week?']);
    // The changed form did not verify in people: dropped, nothing stored for it.
    expect(await stored(tamperedFrom)).toEqual({ inbound: 0, events: 0, leads: 0 });
    expect(await stored(last.from)).toEqual({ inbound: 1, events: 1, leads: 1 });
  });

  it('moves an outbound SMS to the status a kept status callback reports; a redelivered SMS is not answered twice', async () => {
    expect(people).toBeDefined();
    // A HELP text, kept and then taken by people, is answered with an SMS through Twilio (its MessageSid kept).
    // The ledger marks the send 'sent' as soon as Twilio accepts it and links its timeline event just after:
    // the row is read once both are there.
    const from = phone();
    const help = smsForm(from, 'HELP');
    expect((await post(h, SMS_PATH, help, signed(SMS_PATH, help))).status).toBe(200);
    const send = await eventually(async () => {
      const { rows } = await sql.query(
        `SELECT s."provider_id", s."event_id" FROM "people"."outreach_sends" s
           JOIN "people"."persons" p USING ("person_id")
         WHERE p."primary_phone" = $1 AND s."status" = 'sent' AND s."provider_id" IS NOT NULL
           AND s."event_id" IS NOT NULL`,
        [from],
      );
      return rows[0] as { provider_id: string; event_id: string } | undefined;
    }, 60_000);
    const statusOf = async () =>
      (
        await sql.query(
          `SELECT "content_data"->>'status' AS "status" FROM "people"."events" WHERE "event_id" = $1`,
          [send.event_id],
        )
      ).rows[0]?.status as string | null;
    expect(await statusOf()).toBe('queued');
    expect(twilio.messages.map((message) => message.sid)).toContain(send.provider_id);

    const status = {
      MessageSid: send.provider_id,
      MessageStatus: 'delivered',
      From: practiceNumber,
      To: from,
    };
    const response = await post(h, STATUS_PATH, status, signed(STATUS_PATH, status));

    expect(response.status).toBe(200);
    expect(response.text).toBe(EMPTY_TWIML);
    await eventually(async () => (await statusOf()) === 'delivered', 30_000);

    // Both records delivered again, and a later status that would move it back: the HELP text is neither
    // recorded nor answered again, and the status stays where it went.
    const [helpRecord] = await eventually(async () => keptFor(help.MessageSid));
    const [statusRecord] = await eventually(async () => keptFor(send.provider_id));
    const late = { ...status, MessageStatus: 'sent' };
    expect((await post(h, STATUS_PATH, late, signed(STATUS_PATH, late))).status).toBe(200);
    await eventually(async () => keptFor(send.provider_id).length === 2);
    await publishRaw([helpRecord, statusRecord]);
    const last = smsForm(phone(), 'See you Friday');
    expect((await post(h, SMS_PATH, last, signed(SMS_PATH, last))).status).toBe(200);
    await eventually(async () => (await stored(last.From)).events === 1, 30_000);
    expect(await stored(from)).toEqual({ inbound: 1, events: 1, leads: 1 });
    expect(twilio.messages.filter((message) => message.to === from)).toHaveLength(1);
    expect(await statusOf()).toBe('delivered');
  });

  describe('when people answers 502, 503 or 504, or does not answer in time', () => {
    let stub: Server;
    const sockets = new Set<Socket>();
    let answer: (response: ServerResponse) => void;
    let viaStub: GatewayHarness;

    beforeAll(async () => {
      stub = createServer((_request, response) => answer(response));
      stub.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      const address = stub.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      viaStub = await startGateway('gateway_twilio_kept_stub', {
        PEOPLE_URL: `http://127.0.0.1:${port}`,
        TWILIO_AUTH_TOKEN: authToken,
        PUBLIC_BASE_URL,
        TWILIO_WEBHOOK_UPSTREAM_TIMEOUT_MS: '500',
      });
    }, 120_000);

    afterAll(async () => {
      await viaStub?.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => stub?.close(resolve));
    });

    const json = (status: number, detail: string) => (response: ServerResponse) =>
      response
        .writeHead(status, { 'content-type': 'application/json', 'x-upstream': 'people' })
        .end(JSON.stringify({ detail }));

    it.each([
      ['answers 502', json(502, 'Bad gateway')],
      ['answers 503', json(503, 'The database is unavailable')],
      ['answers 504', json(504, 'Gateway timeout')],
      ['does not answer in time', () => undefined],
    ])('keeps the SMS and answers TwiML when people %s; people records it once', async (_case, behave) => {
      answer = behave;
      const from = phone();
      const form = smsForm(from, 'Is the consultation free?');

      const response = await post(viaStub, SMS_PATH, form, signed(SMS_PATH, form));

      expect(response.status).toBe(200);
      expect(response.text).toBe(EMPTY_TWIML);
      expect(response.headers['content-type']).toContain('text/xml');
      expect(response.headers['x-upstream']).toBeUndefined();
      await eventually(async () => (await stored(from)).events === 1, 30_000);
      expect(await stored(from)).toEqual({ inbound: 1, events: 1, leads: 1 });
      expect(keptFor(form.MessageSid)).toHaveLength(1);
    });

    it("passes people's other answers on as they are, keeping nothing", async () => {
      answer = json(422, 'MessageSid, From and To are required');
      const form = smsForm(phone(), 'Hi');
      const response = await post(viaStub, SMS_PATH, form, signed(SMS_PATH, form));
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: 'MessageSid, From and To are required' });

      answer = (reply) => reply.writeHead(200, { 'content-type': 'text/xml' }).end(EMPTY_TWIML);
      const after = smsForm(phone(), 'Hi again');
      expect((await post(viaStub, SMS_PATH, after, signed(SMS_PATH, after))).status).toBe(200);
      // Neither was kept: the gateway kept the ones before (same partition), so it would have kept these by now.
      const marker = smsForm(phone(), 'marker');
      answer = json(503, 'down');
      expect((await post(viaStub, SMS_PATH, marker, signed(SMS_PATH, marker))).status).toBe(200);
      await eventually(async () => keptFor(marker.MessageSid).length === 1);
      expect(keptFor(form.MessageSid)).toEqual([]);
      expect(keptFor(after.MessageSid)).toEqual([]);
    });
  });
});
