import { Outbox } from '@pp/platform';
import {
  createTestDatabase,
  eventually,
  ServiceProcess,
  startBuiltService,
  TestDatabase,
  twilioSignature,
} from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayDatabase } from '../src/database/database';
import { publishPracticeSnapshots } from '../src/practices/practice-snapshot';
import { inboundSmsForm } from './factories/twilio';
import { GatewayHarness, startGateway } from './gateway-harness';

const PUBLIC_BASE_URL = 'https://pilot.example.com';
const SMS_PATH = '/api/v1/channels/twilio/sms';
const STATUS_PATH = '/api/v1/channels/twilio/status';
const VOICE_PATH = '/api/v1/channels/twilio/voice';

/**
 * Twilio's webhooks through the gateway, for real: the gateway verifies X-Twilio-Signature (PUBLIC_BASE_URL plus
 * the path, keyed with TWILIO_AUTH_TOKEN) and forwards the same form to people from its build (`npm run build`),
 * which learns the practice's number from the gateway's practice.changes snapshot. With the token alone (no
 * account), inbound is verified and processed while outbound stays in the sandbox.
 */
describe("Twilio's webhooks through the gateway (signature verified, real people service)", () => {
  const authToken = randomBytes(16).toString('hex');
  let peopleDb: TestDatabase;
  let people: ServiceProcess;
  let sql: Client;
  let h: GatewayHarness;
  let practiceNumber: string;

  beforeAll(async () => {
    peopleDb = await createTestDatabase('gateway_twilio_people');
    // People verifies the signature too, with the same account token and public address.
    people = await startBuiltService('people', {
      DATABASE_URL: peopleDb.url,
      TWILIO_AUTH_TOKEN: authToken,
      PUBLIC_BASE_URL,
    });
    h = await startGateway('gateway_twilio', {
      PEOPLE_URL: people.url,
      TWILIO_AUTH_TOKEN: authToken,
      PUBLIC_BASE_URL,
    });
    sql = new Client({ connectionString: peopleDb.url });
    await sql.connect();
    const staff = await h.tenants.user();
    const practice = await h.tenants.practice([staff], 'Bayside Aesthetics');
    const [number]: { phone_number: string }[] = await h.dataSource.query(
      `SELECT "phone_number" FROM "gateway"."virtual_numbers" WHERE "practice_id" = $1`,
      [practice.practice_id],
    );
    practiceNumber = number.phone_number;
    await h.dataSource.transaction((manager) =>
      publishPracticeSnapshots(manager, new Outbox(gatewayDatabase.schema), [practice.practice_id]),
    );
    // people knows the number once its read model has the snapshot.
    await eventually(async () => {
      const rows: unknown[] = (
        await sql.query(`SELECT 1 FROM "people"."virtual_numbers" WHERE "phone_number" = $1`, [
          practiceNumber,
        ])
      ).rows;
      return rows.length > 0;
    }, 60_000);
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await h?.stop();
    await people?.stop();
    await peopleDb?.drop();
  });

  const smsForm = (from: string, body: string) => inboundSmsForm(from, practiceNumber, body);
  const post = (path: string, form: Record<string, string>, signature?: string) => {
    const call = h.http().post(path).type('form').send(new URLSearchParams(form).toString());
    return signature === undefined ? call : call.set('X-Twilio-Signature', signature);
  };
  const signed = (path: string, form: Record<string, string>) =>
    twilioSignature(authToken, `${PUBLIC_BASE_URL}${path}`, form);
  const stored = async (from: string) => ({
    inbound: (
      await sql.query(
        `SELECT 1 FROM "people"."inbound_messages" m JOIN "people"."persons" p USING ("person_id") WHERE p."primary_phone" = $1`,
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
  const phone = () => `+1469555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

  it('refuses an unsigned webhook with 403 and stores nothing', async () => {
    const from = phone();
    const response = await post(SMS_PATH, smsForm(from, 'Hi there'));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'Missing or invalid X-Twilio-Signature' });
    expect(await stored(from)).toEqual({ inbound: 0, events: 0, leads: 0 });
  });

  it('refuses a wrongly signed webhook: another token, another URL, a changed form', async () => {
    const from = phone();
    const form = smsForm(from, 'Hi there');
    const otherToken = twilioSignature(
      randomBytes(16).toString('hex'),
      `${PUBLIC_BASE_URL}${SMS_PATH}`,
      form,
    );
    const otherUrl = twilioSignature(authToken, `http://localhost:8080${SMS_PATH}`, form);
    const changed = signed(SMS_PATH, { ...form, Body: 'Something else' });
    for (const signature of [otherToken, otherUrl, changed, '']) {
      expect((await post(SMS_PATH, form, signature)).status).toBe(403);
    }
    expect(
      (await post(STATUS_PATH, { MessageSid: form.MessageSid, MessageStatus: 'delivered' })).status,
    ).toBe(403);
    expect(await stored(from)).toEqual({ inbound: 0, events: 0, leads: 0 });
  });

  it('forwards a signed inbound SMS to people, and a retried one (same MessageSid) is recorded once', async () => {
    const from = phone();
    const form = smsForm(from, 'Do you offer payment plans?');
    const signature = signed(SMS_PATH, form);

    for (let i = 0; i < 3; i += 1) {
      const response = await post(SMS_PATH, form, signature);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/xml');
    }

    expect(await stored(from)).toEqual({ inbound: 1, events: 1, leads: 1 });
  });

  it('accepts a signed status callback for a message it does not know, and changes nothing', async () => {
    const form = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, MessageStatus: 'delivered' };
    expect((await post(STATUS_PATH, form, signed(STATUS_PATH, form))).status).toBe(200);
  });

  const callForm = (from: string) => ({
    CallSid: `CA${randomBytes(16).toString('hex')}`,
    AccountSid: `AC${'0'.repeat(32)}`,
    From: from,
    To: practiceNumber,
    CallStatus: 'ringing',
    Direction: 'inbound',
  });
  const storedCalls = async (from: string) => ({
    calls: (await sql.query(`SELECT 1 FROM "people"."calls" WHERE "from_number" = $1`, [from])).rowCount,
    leads: (await sql.query(`SELECT 1 FROM "people"."persons" WHERE "primary_phone" = $1`, [from])).rowCount,
  });

  it('refuses an unsigned or wrongly signed call webhook with 403 and stores nothing', async () => {
    const from = phone();
    const form = callForm(from);
    const unsigned = await post(VOICE_PATH, form);
    expect(unsigned.status).toBe(403);
    expect(unsigned.body).toEqual({ detail: 'Missing or invalid X-Twilio-Signature' });
    expect((await post(VOICE_PATH, form, signed(SMS_PATH, form))).status).toBe(403);
    // A callback's query is part of what Twilio signs: the same form signed without it is refused.
    const dial = `${VOICE_PATH}/dial?call=${randomUUID()}`;
    const dialForm = { CallSid: form.CallSid, DialCallStatus: 'no-answer' };
    expect((await post(dial, dialForm, signed(`${VOICE_PATH}/dial`, dialForm))).status).toBe(403);
    for (const path of [
      '/whisper',
      '/voicemail',
      '/transcription',
      '/ai',
      '/gather',
      '/status',
      '/recording',
    ]) {
      expect((await post(`${VOICE_PATH}${path}`, { CallSid: form.CallSid })).status).toBe(403);
    }
    expect(await storedCalls(from)).toEqual({ calls: 0, leads: 0 });
  });

  it('forwards a signed inbound call to people: TwiML that rings the practice line, once per CallSid', async () => {
    const from = phone();
    const form = callForm(from);
    for (let i = 0; i < 2; i += 1) {
      const response = await post(VOICE_PATH, form, signed(VOICE_PATH, form));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/xml');
      expect(response.text).toMatch(/<Dial |<Record /);
    }
    expect(await storedCalls(from)).toEqual({ calls: 1, leads: 1 });
  });

  it('refuses a body larger than any Twilio webhook with 413, unread by people', async () => {
    const from = phone();
    const form = smsForm(from, 'x'.repeat(70 * 1024));
    const response = await post(SMS_PATH, form, signed(SMS_PATH, form));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'A Twilio webhook is at most 64 KiB' });
    expect(await stored(from)).toEqual({ inbound: 0, events: 0, leads: 0 });
  });
});
