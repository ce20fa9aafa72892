import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A real HTTP server on loopback speaking the part of Twilio's REST API the product uses: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded To, From, Body, StatusCallback) with HTTP Basic
 * auth (account SID and auth token). It answers as Twilio does: 201 with the message resource (`sid` SM…,
 * `status` 'queued'), 401 with code 20003 for wrong credentials, 400 with code 21610 for a recipient who
 * replied STOP and 21211 for an invalid 'To' number (the numbers a test configures), 21602 without a Body.
 *
 * It also plays Twilio's side of the webhooks: `sendStatus` posts a status callback to the message's
 * StatusCallback URL and `post` any form to any URL, both signed with X-Twilio-Signature as Twilio signs them.
 */

export interface TwilioPeerMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  status_callback: string | null;
}

export interface TwilioPeerOptions extends TwilioPeerPhoneNumberOptions {
  /** Recipients who unsubscribed: a send to them answers 400 with code 21610. */
  blocked?: string[];
  /** Recipients Twilio does not accept as phone numbers: 400 with code 21211. */
  invalid?: string[];
}

export interface TwilioPeer {
  /** What TWILIO_API_BASE_URL is set to, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted (201), oldest first. */
  messages: TwilioPeerMessage[];
  /** The phone numbers part (AvailablePhoneNumbers, IncomingPhoneNumbers): see the block at the end. */
  phoneNumbers: TwilioPeerPhoneNumbers;
  /** Every Messages.json request received, accepted or refused. */
  requests: number;
  block(number: string): void;
  invalidate(number: string): void;
  /** Posts a signed status callback for an accepted message to its StatusCallback URL; the HTTP status answered. */
  sendStatus(sid: string, status: string, extra?: Record<string, string>): Promise<number>;
  /** Posts a form to a URL as Twilio does, signed for `signedUrl` (default: the URL itself). */
  post(
    url: string,
    params: Record<string, string>,
    options?: { signedUrl?: string; signature?: string | null },
  ): Promise<Response>;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** The signature Twilio puts in X-Twilio-Signature for a form posted to `url` (twilio-node's own algorithm). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}

export async function startTwilioPeer(options: TwilioPeerOptions = {}): Promise<TwilioPeer> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const blocked = new Set(options.blocked ?? []);
  const invalid = new Set(options.invalid ?? []);
  const messages: TwilioPeerMessage[] = [];
  let requests = 0;
  const phoneNumbers = newPhoneNumbersState(options);

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { code: 20500, message: String(error), status: 500 });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (await phoneNumbersRoute(phoneNumbers, { accountSid, authToken }, req, res, raw)) return;
    const match = MESSAGES_PATH.exec((req.url ?? '').split('?')[0]);
    if (req.method !== 'POST' || !match) {
      return sendError(res, 404, 20404, `The requested resource ${req.url} was not found`);
    }
    requests += 1;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected || match[1] !== accountSid) {
      return sendError(res, 401, 20003, 'Authenticate');
    }
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return sendError(res, 400, 21604, "A 'To' phone number is required.");
    if (!body) return sendError(res, 400, 21602, 'Message body is required.');
    if (invalid.has(to))
      return sendError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (blocked.has(to)) return sendError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const message = { sid, to, from, body, status_callback: form.get('StatusCallback') };
    messages.push(message);
    const now = new Date().toUTCString();
    sendJson(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      messaging_service_sid: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    });
  }

  async function post(
    url: string,
    params: Record<string, string>,
    postOptions: { signedUrl?: string; signature?: string | null } = {},
  ): Promise<Response> {
    const signature =
      postOptions.signature === undefined
        ? twilioSignature(authToken, postOptions.signedUrl ?? url, params)
        : postOptions.signature;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (signature !== null) headers['x-twilio-signature'] = signature;
    return fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    phoneNumbers,
    get requests() {
      return requests;
    },
    block: (number) => void blocked.add(number),
    invalidate: (number) => void invalid.add(number),
    async sendStatus(sid, status, extra = {}) {
      const message = messages.find((candidate) => candidate.sid === sid);
      if (!message?.status_callback) throw new Error(`No status callback for ${sid}`);
      const response = await post(message.status_callback, {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.from,
        To: message.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...extra,
      });
      await response.arrayBuffer();
      return response.status;
    },
    post,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A practice number of the test's own: random in the area code, never one of the seed's (+1 NPA 555-0100), so a
 * suite whose service reads the shared practice snapshots (the gateway publishes the seeded practices' numbers)
 * never sees its number owned by a seeded practice.
 */
export function testPracticeNumber(areaCode = '312'): string {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
  return `+1${areaCode}${exchange === 555 ? 556 : exchange}${line}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers (provisioning a practice's virtual number): `GET /2010-04-01/Accounts/{AccountSid}/
// AvailablePhoneNumbers/{Country}/Local.json` (AreaCode, SmsEnabled, VoiceEnabled, PageSize) answers the numbers
// the peer has for sale in that area code; `POST …/IncomingPhoneNumbers.json` (PhoneNumber, SmsUrl, VoiceUrl,
// StatusCallback…) buys one: 201 with the IncomingPhoneNumber resource (`sid` PN…), 400 with code 21422 when the
// number is not for sale (or already bought). Same HTTP Basic auth as Messages (401, code 20003).
// ---------------------------------------------------------------------------------------------------------------

export interface TwilioPeerPhoneNumberOptions {
  /**
   * Numbers for sale (E.164), with their capabilities (voice and SMS unless given). By default random
   * numbers of the area code asked for are made up on demand (testPracticeNumber), so any area code has some.
   */
  forSale?: { phone_number: string; voice?: boolean; sms?: boolean }[];
}

export interface TwilioPeerBoughtNumber {
  sid: string;
  phone_number: string;
  sms_url: string | null;
  sms_method: string | null;
  voice_url: string | null;
  voice_method: string | null;
  status_callback: string | null;
  capabilities: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
}

export interface TwilioPeerPhoneNumbers {
  /** Numbers bought through IncomingPhoneNumbers, oldest first. */
  bought: TwilioPeerBoughtNumber[];
  /** AvailablePhoneNumbers searches received (their query strings). */
  searches: URLSearchParams[];
  /** Nothing for sale any more, in every area code (a search answers an empty list). */
  soldOut: boolean;
}

interface PhoneNumbersState extends TwilioPeerPhoneNumbers {
  forSale: Map<string, { voice: boolean; sms: boolean }> | null;
}

function newPhoneNumbersState(options: TwilioPeerPhoneNumberOptions): PhoneNumbersState {
  return {
    bought: [],
    searches: [],
    soldOut: false,
    forSale: options.forSale
      ? new Map(options.forSale.map((n) => [n.phone_number, { voice: n.voice ?? true, sms: n.sms ?? true }]))
      : null,
  };
}

const AVAILABLE_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/;
const INCOMING_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\.json$/;

/** Answers a phone-numbers request; false when the request is not one (the Messages part answers it). */
async function phoneNumbersRoute(
  state: PhoneNumbersState,
  account: { accountSid: string; authToken: string },
  req: IncomingMessage,
  res: ServerResponse,
  raw: string,
): Promise<boolean> {
  const [path, query = ''] = (req.url ?? '').split('?');
  const available = AVAILABLE_PATH.exec(path);
  const incoming = INCOMING_PATH.exec(path);
  if (!available && !incoming) return false;
  const expected = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;
  const sid = (available ?? incoming)![1];
  if (req.headers.authorization !== expected || sid !== account.accountSid) {
    sendError(res, 401, 20003, 'Authenticate');
    return true;
  }
  if (available && req.method === 'GET') {
    const params = new URLSearchParams(query);
    state.searches.push(params);
    const areaCode = params.get('AreaCode');
    const boughtNumbers = new Set(state.bought.map((n) => n.phone_number));
    let candidates: [string, { voice: boolean; sms: boolean }][];
    if (state.soldOut) candidates = [];
    else if (state.forSale) candidates = [...state.forSale.entries()];
    else {
      const npa = areaCode ?? '312';
      // Random numbers of the area code (testPracticeNumber): suites share Kafka's practice.changes, and the
      // read models key numbers by themselves.
      candidates = Array.from({ length: 5 }, () => [testPracticeNumber(npa), { voice: true, sms: true }]);
    }
    const needs = (flag: string) => params.get(flag) === 'true';
    const matching = candidates.filter(
      ([number, caps]) =>
        !boughtNumbers.has(number) &&
        (!areaCode || number.startsWith(`+1${areaCode}`)) &&
        (!needs('SmsEnabled') || caps.sms) &&
        (!needs('VoiceEnabled') || caps.voice),
    );
    const pageSize = Number(params.get('PageSize') ?? 50);
    const uri = `/2010-04-01/Accounts/${account.accountSid}/AvailablePhoneNumbers/${available[2]}/Local.json`;
    sendJson(res, 200, {
      uri: `${uri}?${query}`,
      available_phone_numbers: matching.slice(0, pageSize).map(([number, caps]) => ({
        friendly_name: `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`,
        phone_number: number,
        lata: null,
        rate_center: null,
        latitude: null,
        longitude: null,
        locality: null,
        region: null,
        postal_code: null,
        iso_country: available[2],
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: caps.voice, SMS: caps.sms, MMS: caps.sms, fax: false },
      })),
    });
    return true;
  }
  if (incoming && req.method === 'POST') {
    const form = new URLSearchParams(raw);
    const number = form.get('PhoneNumber') ?? '';
    const known = state.forSale
      ? state.forSale.get(number)
      : /^\+1\d{10}$/.test(number)
        ? { voice: true, sms: true }
        : undefined;
    if (!number || !known || state.bought.some((n) => n.phone_number === number)) {
      sendError(res, 400, 21422, `PhoneNumber ${number} is not available`);
      return true;
    }
    const bought: TwilioPeerBoughtNumber = {
      sid: `PN${randomBytes(16).toString('hex')}`,
      phone_number: number,
      sms_url: form.get('SmsUrl'),
      sms_method: form.get('SmsMethod'),
      voice_url: form.get('VoiceUrl'),
      voice_method: form.get('VoiceMethod'),
      status_callback: form.get('StatusCallback'),
      capabilities: { voice: known.voice, sms: known.sms, mms: known.sms, fax: false },
    };
    state.bought.push(bought);
    const now = new Date().toUTCString();
    sendJson(res, 201, {
      sid: bought.sid,
      account_sid: account.accountSid,
      friendly_name: number,
      phone_number: number,
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      sms_url: bought.sms_url,
      sms_method: bought.sms_method ?? 'POST',
      voice_url: bought.voice_url,
      voice_method: bought.voice_method ?? 'POST',
      status_callback: bought.status_callback,
      status_callback_method: form.get('StatusCallbackMethod') ?? 'POST',
      capabilities: bought.capabilities,
      status: 'in-use',
      origin: 'twilio',
      uri: `/2010-04-01/Accounts/${account.accountSid}/IncomingPhoneNumbers/${bought.sid}.json`,
    });
    return true;
  }
  sendError(res, 405, 20004, 'Method not allowed');
  return true;
}
