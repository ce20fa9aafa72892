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
  /** Twilio Voice: Calls.json and the call webhooks Twilio would post (see the Voice section below). */
  voice: TwilioVoicePeer;
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
    const callsMatch = CALLS_PATH.exec((req.url ?? '').split('?')[0]);
    if (req.method === 'POST' && callsMatch) return voice.handleCreate(req, res, callsMatch[1], raw);
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

  const voice = createVoicePeer({ accountSid, authToken, post, invalid });

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
    voice: voice.api,
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

// --- Voice: Calls.json and call webhooks ------------------------------------------------------------------------

/**
 * Twilio Voice as the product uses it: `POST /2010-04-01/Accounts/{AccountSid}/Calls.json` (form-encoded To, From,
 * Url, StatusCallback, Record, RecordingStatusCallback; Basic auth) answers 201 with the call resource (`sid` CA…,
 * `status` 'queued'), 401/20003 for wrong credentials, 21211 for an invalid 'To', 21205 without a Url. And Twilio's
 * side of a call: every webhook it would post (the call's Url when answered, a Gather's action with the speech, a
 * Dial's action, a Record's action and transcription, the status and recording callbacks), signed with
 * X-Twilio-Signature over the URL as the TwiML or the create named it.
 */
export interface TwilioPeerCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  status_callback: string | null;
  recording_status_callback: string | null;
  record: boolean;
}

export interface VoiceWebhookAnswer {
  status: number;
  /** The answer's body: TwiML on success, the {"detail"} JSON otherwise. */
  twiml: string;
}

export interface TwilioVoicePeer {
  /** Every call accepted (201), oldest first. */
  calls: TwilioPeerCall[];
  /** Every Calls.json request received, accepted or refused. */
  readonly requests: number;
  /**
   * Webhook URLs on `publicBaseUrl` (the product's PUBLIC_BASE_URL) are posted to `target` instead (the service
   * under test on loopback), still signed for the public URL, as the gateway verifies them.
   */
  route(publicBaseUrl: string, target: string): void;
  /** Posts a signed webhook form to a (public) URL as Twilio does. */
  webhook(url: string, params: Record<string, string>): Promise<VoiceWebhookAnswer>;
  /** A call to `to` rings the product's voice URL (`/api/v1/channels/twilio/voice` on the public base). */
  incoming(input: {
    from: string;
    to: string;
    url: string;
    callSid?: string;
  }): Promise<VoiceWebhookAnswer & { callSid: string }>;
  /** The callee of a created call picks up: Twilio requests the call's Url. */
  answer(callSid: string): Promise<VoiceWebhookAnswer>;
  /** The caller says `speech` (empty: silence) to the TwiML's <Gather>: its action is posted with SpeechResult. */
  say(callSid: string, twiml: string, speech: string): Promise<VoiceWebhookAnswer>;
  /** The TwiML's <Dial> ended with DialCallStatus (completed, no-answer, busy, failed): its action is posted. */
  dialEnded(callSid: string, twiml: string, dialStatus: string): Promise<VoiceWebhookAnswer>;
  /** The whisper URL of the TwiML's <Number> is requested when staff pick up. */
  whisper(callSid: string, twiml: string): Promise<VoiceWebhookAnswer>;
  /** A voicemail is recorded (<Record>'s action), then its transcription posted (transcribeCallback). */
  leaveVoicemail(
    callSid: string,
    twiml: string,
    input: { transcript: string; duration?: number },
  ): Promise<{ recorded: VoiceWebhookAnswer; transcribed: VoiceWebhookAnswer; recordingUrl: string }>;
  /** A created call ends: its status callback (completed, CallDuration) and, when recorded, its recording callback. */
  end(
    callSid: string,
    input?: { status?: string; duration?: number },
  ): Promise<{ recordingUrl: string | null }>;
}

const CALLS_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/;

/** The value of an attribute of the first `tag` element of a TwiML document (XML entities decoded), or null. */
export function twimlAttribute(twiml: string, tag: string, attribute: string): string | null {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(twiml)?.[0];
  const value = element && new RegExp(`\\s${attribute}="([^"]*)"`).exec(element)?.[1];
  return value == null ? null : decodeXml(value);
}

function decodeXml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function createVoicePeer(context: {
  accountSid: string;
  authToken: string;
  invalid: Set<string>;
  post: TwilioPeer['post'];
}) {
  const { accountSid, authToken } = context;
  const calls: TwilioPeerCall[] = [];
  const routes: { publicBaseUrl: string; target: string }[] = [];
  let requests = 0;
  let recordings = 0;

  const routed = (url: string): string => {
    const rule = routes.find((candidate) => url.startsWith(candidate.publicBaseUrl));
    return rule ? rule.target + url.slice(rule.publicBaseUrl.length) : url;
  };

  async function webhook(url: string, params: Record<string, string>): Promise<VoiceWebhookAnswer> {
    const response = await context.post(routed(url), params, { signedUrl: url });
    return { status: response.status, twiml: await response.text() };
  }

  const callOf = (sid: string): TwilioPeerCall => {
    const call = calls.find((candidate) => candidate.sid === sid);
    if (!call) throw new Error(`No call ${sid}`);
    return call;
  };
  const base = (sid: string, extra: Record<string, string> = {}): Record<string, string> => {
    const call = calls.find((candidate) => candidate.sid === sid);
    return {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      CallSid: sid,
      ...(call ? { From: call.from, To: call.to, Direction: 'outbound-api' } : {}),
      ...extra,
    };
  };
  const required = (twiml: string, tag: string, attribute: string): string => {
    const value = twimlAttribute(twiml, tag, attribute);
    if (!value) throw new Error(`No <${tag} ${attribute}> in ${twiml}`);
    return value;
  };
  const recordingUrl = () =>
    `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Recordings/RE${randomBytes(16).toString('hex')}`;
  const inbound = new Map<string, { from: string; to: string }>();
  const inboundFields = (sid: string): Record<string, string> => {
    const call = inbound.get(sid);
    return call ? { From: call.from, To: call.to, Direction: 'inbound' } : {};
  };

  const api: TwilioVoicePeer = {
    calls,
    get requests() {
      return requests;
    },
    route: (publicBaseUrl, target) => void routes.push({ publicBaseUrl, target }),
    webhook,
    async incoming(input) {
      const callSid = input.callSid ?? `CA${randomBytes(16).toString('hex')}`;
      inbound.set(callSid, { from: input.from, to: input.to });
      const answer = await webhook(input.url, {
        ...base(callSid, inboundFields(callSid)),
        CallStatus: 'ringing',
      });
      return { ...answer, callSid };
    },
    async answer(callSid) {
      const call = callOf(callSid);
      return webhook(call.url, base(callSid, { CallStatus: 'in-progress', AnsweredBy: 'human' }));
    },
    async say(callSid, twiml, speech) {
      const action = required(twiml, 'Gather', 'action');
      return webhook(
        action,
        base(callSid, {
          ...inboundFields(callSid),
          CallStatus: 'in-progress',
          ...(speech ? { SpeechResult: speech, Confidence: '0.92' } : {}),
        }),
      );
    },
    async dialEnded(callSid, twiml, dialStatus) {
      const action = required(twiml, 'Dial', 'action');
      return webhook(
        action,
        base(callSid, {
          ...inboundFields(callSid),
          CallStatus: 'in-progress',
          DialCallStatus: dialStatus,
          ...(dialStatus === 'completed' ? { DialCallDuration: '42' } : {}),
        }),
      );
    },
    async whisper(callSid, twiml) {
      const url = required(twiml, 'Number', 'url');
      const child = `CA${randomBytes(16).toString('hex')}`;
      return webhook(url, {
        ...base(child),
        ParentCallSid: callSid,
        CallStatus: 'in-progress',
        Direction: 'outbound-dial',
      });
    },
    async leaveVoicemail(callSid, twiml, input) {
      const action = required(twiml, 'Record', 'action');
      const transcribeCallback = required(twiml, 'Record', 'transcribeCallback');
      recordings += 1;
      const recording = recordingUrl();
      const recordingSid = recording.split('/').pop() as string;
      const fields = { ...inboundFields(callSid), RecordingUrl: recording, RecordingSid: recordingSid };
      const recorded = await webhook(
        action,
        base(callSid, {
          ...fields,
          CallStatus: 'in-progress',
          RecordingDuration: String(input.duration ?? 12),
        }),
      );
      const transcribed = await webhook(
        transcribeCallback,
        base(callSid, {
          ...fields,
          TranscriptionSid: `TR${randomBytes(16).toString('hex')}`,
          TranscriptionText: input.transcript,
          TranscriptionStatus: 'completed',
          TranscriptionType: 'fast',
          TranscriptionUrl: `${recording}/Transcriptions`,
        }),
      );
      return { recorded, transcribed, recordingUrl: recording };
    },
    async end(callSid, input = {}) {
      const call = callOf(callSid);
      const status = input.status ?? 'completed';
      const duration = String(input.duration ?? 37);
      let recording: string | null = null;
      if (call.record && status === 'completed' && call.recording_status_callback) {
        recording = recordingUrl();
        await webhook(call.recording_status_callback, {
          AccountSid: accountSid,
          CallSid: callSid,
          RecordingSid: recording.split('/').pop() as string,
          RecordingUrl: recording,
          RecordingStatus: 'completed',
          RecordingDuration: duration,
          RecordingChannels: '1',
          RecordingSource: 'OutboundAPI',
        });
      }
      if (call.status_callback) {
        await webhook(
          call.status_callback,
          base(callSid, { CallStatus: status, CallDuration: status === 'completed' ? duration : '0' }),
        );
      }
      return { recordingUrl: recording };
    },
  };

  async function handleCreate(
    req: IncomingMessage,
    res: ServerResponse,
    account: string,
    raw: string,
  ): Promise<void> {
    requests += 1;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected || account !== accountSid) {
      return sendError(res, 401, 20003, 'Authenticate');
    }
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const url = form.get('Url') ?? '';
    if (!to) return sendError(res, 400, 21201, "No 'To' number is specified");
    if (!url && !form.get('Twiml')) return sendError(res, 400, 21205, 'Url parameter is required.');
    if (context.invalid.has(to)) return sendError(res, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const sid = `CA${randomBytes(16).toString('hex')}`;
    calls.push({
      sid,
      to,
      from,
      url,
      status_callback: form.get('StatusCallback'),
      recording_status_callback: form.get('RecordingStatusCallback'),
      record: form.get('Record') === 'true',
    });
    const now = new Date().toUTCString();
    sendJson(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      to_formatted: to,
      from,
      from_formatted: from,
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      start_time: null,
      end_time: null,
      duration: null,
      price: null,
      price_unit: 'USD',
      answered_by: null,
      caller_name: null,
      forwarded_from: null,
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: null,
      queue_time: '0',
      trunk_sid: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
      subresource_uris: {
        recordings: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}/Recordings.json`,
      },
    });
  }

  return {
    api,
    handleCreate,
    get recordings() {
      return recordings;
    },
  };
}
