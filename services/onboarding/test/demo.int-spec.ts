import {
  eventually,
  type FakeLlmServer,
  startFakeLlmServer,
  startIsolatedService,
  startTwilioPeer,
  type IsolatedService,
  type TwilioPeer,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import request from 'supertest';
import type { OnboardingConfig } from '../src/config';
import { onboardingDatabase } from '../src/database/database';
import { DemoMessages } from '../src/demo/demo.exception';
import { VoiceDemoMessages } from '../src/demo/voice/demo-voice.messages';
import { onboardingService } from '../src/onboarding.service-definition';

/**
 * The public demo end to end on real PostgreSQL, Redis (BullMQ) and Kafka: a prospect's website (the fixture
 * sites of test/sites, served on loopback) from the start call to ready, and every way it may not get there.
 */

const SITES = join(__dirname, 'sites');
/** Where Twilio reaches the product: the demo's webhooks are signed for it. */
const PUBLIC_BASE_URL = 'https://pilot.example.com';
const CALLER_ID = '+15125550100';

/**
 * Numbers in time zones around the world: at any hour one of them is in daytime and one at night (demo calls are
 * placed between 8 am and 9 pm at the number's local time).
 */
const NUMBERS: [string, string][] = [
  ['+18085550142', 'Pacific/Honolulu'],
  ['+14155550142', 'America/Los_Angeles'],
  ['+12125550142', 'America/New_York'],
  ['+5511912345678', 'America/Sao_Paulo'],
  ['+442079460958', 'Europe/London'],
  ['+912212345678', 'Asia/Kolkata'],
  ['+81312345678', 'Asia/Tokyo'],
  ['+61291234567', 'Australia/Sydney'],
];
const localHour = (timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
  );
const numberWhere = (hours: (hour: number) => boolean) =>
  NUMBERS.find(([, zone]) => hours(localHour(zone)))![0];
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.txt': 'text/plain' };

/** Serves one fixture site per port, its folder as the web root ('/' is index.html). */
async function serveSite(
  name: string,
): Promise<{ url: string; hostPort: string; close: () => Promise<void> }> {
  const root = join(SITES, name);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file)
      .then((body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      })
      .catch(() => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Site = Awaited<ReturnType<typeof serveSite>>;

describe('the public demo: from a website address to an assistant (docs/product/onboarding.md)', () => {
  let demo: IsolatedService<OnboardingConfig>;
  let twilio: TwilioPeer;
  let glow: Site;
  let blocked: Site;
  let dental: Site;
  /** An allowed loopback address nothing listens on. */
  let closedHostPort: string;

  const http = () => request(demo.service.app.getHttpServer());
  const start = (body: unknown, network = '203.0.113.7') =>
    http()
      .post('/api/v1/onboarding/start')
      .set('x-forwarded-for', network)
      .send(body as object);
  const status = (id: string) => http().get(`/api/v1/onboarding/session/${id}/status`);
  const settled = (id: string) =>
    eventually(async () => {
      const answer = await status(id);
      return ['ready', 'failed'].includes(answer.body.status as string) ? answer : undefined;
    }, 60_000);

  beforeAll(async () => {
    [glow, blocked, dental] = await Promise.all([
      serveSite('glow-medspa'),
      serveSite('blocked'),
      serveSite('smile-dental'),
    ]);
    const closed = await serveSite('single-page');
    closedHostPort = closed.hostPort;
    await closed.close();
    twilio = await startTwilioPeer();
    demo = await startIsolatedService(onboardingService, onboardingDatabase, 'demo', {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      PUBLIC_BASE_URL,
      DEMO_CALLER_ID: CALLER_ID,
      CRAWL_ALLOWED_HOSTS: [glow, blocked, dental]
        .map((site) => site.hostPort)
        .concat(closedHostPort)
        .join(','),
      DEMO_STARTS_PER_HOUR: '5',
    });
    twilio.voice.route(PUBLIC_BASE_URL, demo.service.url);
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
    await twilio?.close();
    await Promise.all([glow, blocked, dental].map((site) => site?.close()));
  });

  it('reads a med spa’s site and extracts the practice, each fact with the page it came from', async () => {
    const started = await start({ website_url: glow.url }).expect(201);
    expect(started.headers['cache-control']).toBe('no-store');
    const id = started.body.demo_session_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const ready = await settled(id);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toMatchObject({ status: 'ready', website_url: glow.url, error_message: null });
    const data = ready.body.extracted_data as Record<string, unknown>;
    expect(data.practice_name).toEqual(expect.any(String));
    expect(data.phone_number).toEqual(expect.any(String));
    expect(data.address).toEqual(expect.any(String));
    expect((data.key_services as string[]).length).toBeGreaterThan(0);
    // Every source is a page of the site that was read.
    const sources = ready.body.sources as Record<string, string>;
    expect(Object.keys(sources)).toEqual(expect.arrayContaining(['practice_name', 'address']));
    for (const url of Object.values(sources)) expect(url.startsWith(glow.url)).toBe(true);
    expect(ready.body.progress.pages_processed).toBeGreaterThan(1);
    expect(ready.body.progress.pages_found).toBeGreaterThanOrEqual(ready.body.progress.pages_processed);
    expect(Date.parse(ready.body.expires_at as string)).toBeGreaterThan(Date.now());

    const [{ pages }]: { pages: number }[] = await demo.dataSource.query(
      `SELECT count(*)::int AS pages FROM "onboarding"."demo_pages" WHERE "demo_session_id" = $1`,
      [id],
    );
    // Every page read is kept (a broken link counts as processed, not as a page).
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pages).toBeLessThanOrEqual(ready.body.progress.pages_processed as number);
  });

  it('tells sign-up what the demo becomes: the practice, its phone’s time zone, its hours, pages and procedures', async () => {
    const id = (await start({ website_url: glow.url }).expect((r) => expect(r.status).toBeLessThan(300))).body
      .demo_session_id as string;
    await settled(id);
    const practice = await http().get(`/api/v1/onboarding/session/${id}/practice`).expect(200);
    expect(practice.headers['cache-control']).toBe('no-store');
    expect(practice.body).toMatchObject({
      demo_session_id: id,
      website_url: glow.url,
      practice_name: 'Glow Med Spa',
      address: '1200 South Lamar Blvd, Suite 110, Austin, TX 78704',
      phone_number: '+15125550142',
      time_zone: 'America/Chicago',
    });
    expect(practice.body.business_hours).toMatchObject({
      monday: { open: '09:00', close: '18:00', closed: false },
      saturday: { open: '10:00', close: '16:00', closed: false },
      sunday: { closed: true },
    });
    expect(practice.body.procedure_keys).toEqual(
      expect.arrayContaining([
        'botox',
        'dermal-fillers',
        'hydrafacial',
        'laser-hair-removal',
        'coolsculpting',
      ]),
    );
    const pages = practice.body.page_urls as string[];
    expect(pages).toEqual(expect.arrayContaining([expect.stringMatching(/\/team\.html$/)]));
    for (const url of pages) expect(url.startsWith(glow.url)).toBe(true);

    // Not ready yet: 409 with the reason; unknown: 404.
    const waiting = randomUUID();
    await demo.dataSource.query(
      `INSERT INTO "onboarding"."demo_sessions" ("demo_session_id", "website_url", "site", "status", "expires_at")
       VALUES ($1, $2, 'waiting.example', 'crawling', now() + interval '1 hour')`,
      [waiting, 'https://waiting.example/'],
    );
    const early = await http().get(`/api/v1/onboarding/session/${waiting}/practice`).expect(409);
    expect(early.body.detail).toBe('This demo is not ready yet: your website is still being analysed.');
    await http().get(`/api/v1/onboarding/session/${randomUUID()}/practice`).expect(404);
  });

  describe('the demo chat', () => {
    let id: string;
    const chat = (message: unknown, session = id) =>
      http()
        .post(`/api/v1/onboarding/session/${session}/chat`)
        .set('x-forwarded-for', '203.0.113.80')
        .send({ message });

    beforeAll(async () => {
      const started = await start({ website_url: glow.url }, '203.0.113.80');
      id = started.body.demo_session_id as string;
      expect((await settled(id)).body.status).toBe('ready');
    }, 90_000);

    it('answers from the site’s own pages, citing the page it quotes', async () => {
      const answer = await chat('Is there free parking?').expect(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body.grounded).toBe(true);
      expect(answer.body.reply).toMatch(/parking/i);
      expect(answer.body.citations).toEqual([
        { url: `${glow.url}contact.html`, title: expect.any(String) as string },
      ]);
    });

    it('quotes a price the site states, citing its page, and no price it does not state', async () => {
      const botox = await chat('How much is Botox?').expect(200);
      expect(botox.body.reply).toBe('Botox is $13 per unit.');
      expect(botox.body.grounded).toBe(true);
      expect(botox.body.citations).toEqual([
        { url: `${glow.url}services.html`, title: expect.any(String) as string },
      ]);
      const spanish = await chat('¿Cuánto cuesta el HydraFacial?').expect(200);
      expect(spanish.body.reply).toContain('$199');
      // CoolSculpting has no price on the site: none is made up.
      const unpriced = await chat('How much does CoolSculpting cost?').expect(200);
      expect(unpriced.body.reply).not.toMatch(/\$\d/);
    });

    it('says it does not know what the site does not say, and how to reach the practice, in the visitor’s language', async () => {
      const english = await chat('Do you have a helicopter landing pad?').expect(200);
      expect(english.body).toMatchObject({ grounded: false, citations: [] });
      expect(english.body.reply).toContain('(512) 555-0142');
      const spanish = await chat('¿Tienen helipuerto para helicópteros?').expect(200);
      expect(spanish.body.grounded).toBe(false);
      expect(spanish.body.reply).toMatch(/^No tengo esa información/);
    });

    it('gives no medical advice, and the crisis line to words of self-harm', async () => {
      const symptom = await chat(
        'My lip is swollen and very painful since my filler yesterday, is that normal?',
      ).expect(200);
      expect(symptom.body.reply).toMatch(/^If this is an emergency, call 911\. I can't give medical advice/);
      expect(symptom.body.citations).toEqual([]);
      const crisis = await chat('honestly I dont want to be alive anymore').expect(200);
      expect(crisis.body.reply).toContain('988');
    });

    it('keeps the conversation with the session', async () => {
      const [{ before }]: { before: number }[] = await demo.dataSource.query(
        `SELECT count(*)::int AS before FROM "onboarding"."demo_messages" WHERE "demo_session_id" = $1`,
        [id],
      );
      await chat('What are your hours?').expect(200);
      const rows: { role: string; text: string }[] = await demo.dataSource.query(
        `SELECT "role", "text" FROM "onboarding"."demo_messages" WHERE "demo_session_id" = $1 ORDER BY "position"`,
        [id],
      );
      expect(rows).toHaveLength(before + 2);
      expect(rows.at(-2)).toEqual({ role: 'visitor', text: 'What are your hours?' });
      expect(rows.at(-1)?.role).toBe('assistant');
    });

    it('refuses an empty or overlong message, an unknown session, and a session not ready yet', async () => {
      expect((await chat('   ').expect(422)).body.detail).toBe('Type a message first.');
      expect((await chat('x'.repeat(1001)).expect(422)).body.detail).toContain('1,000 characters');
      expect((await chat(42).expect(422)).body.detail).toBe('message must be text');
      await chat('hi', '7d3c2a39-8a43-4a4e-9d33-0e6f3b6c1a10').expect(404);
      await chat('hi', 'nope').expect(404);
      // A session the worker is still crawling.
      const [{ pendingId }]: { pendingId: string }[] = await demo.dataSource.query(
        `INSERT INTO "onboarding"."demo_sessions" ("demo_session_id", "website_url", "site", "status", "expires_at")
         VALUES (gen_random_uuid(), 'https://pending.example/', 'pending.example:443', 'crawling', now() + interval '1 hour')
         RETURNING "demo_session_id" AS "pendingId"`,
      );
      const early = await chat('hi', pendingId).expect(409);
      expect(early.body.detail).toBe(DemoMessages.chatNotReady);
    });
  });

  describe('the voice demo', () => {
    let id: string;
    const voice = (path: string, body?: object) =>
      http()
        .post(`/api/v1/voice/demo/${id}/${path}`)
        .send(body ?? {});

    beforeAll(async () => {
      const started = await start({ website_url: glow.url, fresh: true }, '203.0.113.90').expect(201);
      id = started.body.demo_session_id as string;
      expect((await settled(id)).body.status).toBe('ready');
    }, 90_000);

    it('takes one valid number per demo, in E.164 form', async () => {
      expect((await voice('phone', { phone_number: 'call me' }).expect(422)).body.detail).toBe(
        VoiceDemoMessages.invalidPhone,
      );
      expect((await voice('phone', { phone_number: 42 }).expect(422)).body.detail).toBe(
        VoiceDemoMessages.invalidPhone,
      );
      await voice('call').expect(409, { detail: VoiceDemoMessages.noPhone });
      const daytime = numberWhere((hour) => hour >= 9 && hour < 20);
      const taken = await voice('phone', { phone_number: daytime }).expect(200);
      expect(taken.body).toEqual({ phone_number: daytime });
      await voice('phone', { phone_number: daytime }).expect(200);
      const other = daytime === NUMBERS[0][0] ? NUMBERS[1][0] : NUMBERS[0][0];
      const refused = await voice('phone', { phone_number: other }).expect(409);
      expect(refused.body.detail).toBe(VoiceDemoMessages.otherPhone(`•••${daytime.slice(-4)}`));
    });

    it('calls through Twilio: greets with the practice’s name, answers from the site, says goodbye after six questions', async () => {
      const placed = await voice('call').expect(202);
      expect(placed.body.status).toBe('queued');
      const call = twilio.voice.calls.at(-1)!;
      expect(call).toMatchObject({ from: CALLER_ID });
      expect(call.url).toBe(`${PUBLIC_BASE_URL}/api/v1/voice/demo/${id}/answer?call=${placed.body.call_id}`);

      const opening = await twilio.voice.answer(call.sid);
      expect(opening.status).toBe(200);
      expect(opening.twiml).toContain('demo assistant for Glow Med Spa');
      let turn = await twilio.voice.say(call.sid, opening.twiml, 'Is there free parking?');
      expect(turn.twiml).toContain('free parking behind the building');
      expect(turn.twiml).toContain('<Gather');
      const clinical = await twilio.voice.say(
        call.sid,
        turn.twiml,
        'my cheek is numb and hurts after filler',
      );
      expect(clinical.twiml).toContain('call 911');
      turn = clinical;
      for (let question = 3; question <= 6; question += 1)
        turn = await twilio.voice.say(call.sid, turn.twiml, 'What are your hours?');
      expect(turn.twiml).toContain('<Hangup/>');
      expect(turn.twiml).not.toContain('<Gather');

      await twilio.voice.end(call.sid, { status: 'completed', duration: 95 });
      const [{ status }]: { status: string }[] = await demo.dataSource.query(
        `SELECT "status" FROM "onboarding"."demo_calls" WHERE "call_id" = $1`,
        [placed.body.call_id],
      );
      expect(status).toBe('completed');
    });

    it('refuses a webhook Twilio did not sign', async () => {
      const forged = await http()
        .post(`/api/v1/voice/demo/${id}/gather?call=${randomUUID()}`)
        .set('x-twilio-signature', 'forged')
        .type('form')
        .send({ SpeechResult: 'hello' })
        .expect(403);
      expect(forged.body.detail).toBe(VoiceDemoMessages.signature);
      await http().post(`/api/v1/voice/demo/${id}/answer`).type('form').send({}).expect(403);
      // Signed, but naming no call of this demo: the call ends politely.
      const stray = await twilio.voice.webhook(
        `${PUBLIC_BASE_URL}/api/v1/voice/demo/${id}/gather?call=not-a-call`,
        { SpeechResult: 'hello' },
      );
      expect(stray.status).toBe(200);
      expect(stray.twiml).toContain('This demo call has ended');
    });

    it('places two calls per demo', async () => {
      await voice('call').expect(202);
      const third = await voice('call').expect(429);
      expect(third.body.detail).toBe(VoiceDemoMessages.sessionLimit);
    });

    it('never calls again a number that asked, on a demo call, not to be called', async () => {
      // A number in daytime now, not the one the calls above used (each number has its own daily limit).
      const phone = NUMBERS.filter(([, zone]) => localHour(zone) >= 9 && localHour(zone) < 20)[1][0];
      const readySession = async () => {
        const [{ readyId }]: { readyId: string }[] = await demo.dataSource.query(
          `INSERT INTO "onboarding"."demo_sessions" ("demo_session_id", "website_url", "site", "status", "expires_at")
           VALUES (gen_random_uuid(), 'https://optout.example/', 'optout.example:443', 'ready', now() + interval '1 hour')
           RETURNING "demo_session_id" AS "readyId"`,
        );
        return readyId;
      };
      const first = await readySession();
      await http().post(`/api/v1/voice/demo/${first}/phone`).send({ phone_number: phone }).expect(200);
      const placed = await http().post(`/api/v1/voice/demo/${first}/call`).send({}).expect(202);
      const call = twilio.voice.calls.at(-1)!;
      expect(call.url).toContain(placed.body.call_id as string);
      const opening = await twilio.voice.answer(call.sid);
      const stop = await twilio.voice.say(call.sid, opening.twiml, 'Please stop calling me.');
      expect(stop.twiml).toContain('We will not call this number again');
      expect(stop.twiml).toContain('<Hangup/>');
      expect(stop.twiml).not.toContain('<Gather');
      await twilio.voice.end(call.sid, { status: 'completed', duration: 12 });

      // Neither this demo nor another calls it again.
      const calls = twilio.voice.calls.length;
      const again = await http().post(`/api/v1/voice/demo/${first}/call`).send({}).expect(409);
      expect(again.body.detail).toBe(VoiceDemoMessages.optedOut);
      const second = await readySession();
      const refused = await http()
        .post(`/api/v1/voice/demo/${second}/phone`)
        .send({ phone_number: phone })
        .expect(409);
      expect(refused.body.detail).toBe(VoiceDemoMessages.optedOut);
      expect(twilio.voice.calls.length).toBe(calls);
    });

    it('calls nobody at night at the number’s local time', async () => {
      const night = numberWhere((hour) => hour >= 22 || hour < 6);
      const [{ nightId }]: { nightId: string }[] = await demo.dataSource.query(
        `INSERT INTO "onboarding"."demo_sessions"
           ("demo_session_id", "website_url", "site", "status", "demo_phone", "expires_at")
         VALUES (gen_random_uuid(), 'https://night.example/', 'night.example:443', 'ready', $1, now() + interval '1 hour')
         RETURNING "demo_session_id" AS "nightId"`,
        [night],
      );
      const calls = twilio.voice.requests;
      const refused = await http().post(`/api/v1/voice/demo/${nightId}/call`).expect(409);
      expect(refused.body.detail).toMatch(
        /^We place demo calls between 8 am and 9 pm at the number's local time/,
      );
      expect(twilio.voice.requests).toBe(calls);
    });
  });

  it('returns the session of a site analysed in the last hour, and a new one when the prospect asks again', async () => {
    const first = await start({ website_url: dental.url }).expect(201);
    const again = await start({ website_url: dental.url }).expect(200);
    expect(again.body.demo_session_id).toBe(first.body.demo_session_id);
    const fresh = await start({ website_url: dental.url, fresh: true }).expect(201);
    expect(fresh.body.demo_session_id).not.toBe(first.body.demo_session_id);
    expect((await settled(fresh.body.demo_session_id as string)).body.status).toBe('ready');
  });

  it('ends failed, in words a prospect understands, when the site’s robots.txt refuses us', async () => {
    const started = await start({ website_url: blocked.url }).expect(201);
    const failed = await settled(started.body.demo_session_id as string);
    expect(failed.body).toMatchObject({
      status: 'failed',
      extracted_data: null,
      error_message: DemoMessages.failed.robots(blocked.hostPort),
    });
  });

  it('ends failed when the site does not answer', async () => {
    const started = await start({ website_url: `http://${closedHostPort}/` }).expect(201);
    const failed = await settled(started.body.demo_session_id as string);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.error_message).toMatch(
      new RegExp(`^We could not read ${closedHostPort}: .*The website refused the connection\\.$`),
    );
  });

  it.each([
    ['a private address', { website_url: 'http://10.0.0.5/' }, 'private or reserved network'],
    ['localhost', { website_url: 'http://localhost:8080/' }, 'private or reserved network'],
    [
      'the cloud metadata address',
      { website_url: 'http://169.254.169.254/latest/meta-data' },
      'private or reserved network',
    ],
    [
      'credentials in the address',
      { website_url: 'http://user:secret@glow.example/' },
      'user name or password',
    ],
    ['ftp', { website_url: 'ftp://glow.example/' }, DemoMessages.invalidUrl],
    ['no scheme', { website_url: 'glow.example' }, DemoMessages.invalidUrl],
    ['an empty address', { website_url: '' }, DemoMessages.invalidUrl],
    ['no address', {}, DemoMessages.invalidUrl],
    ['a number', { website_url: 42 }, DemoMessages.invalidUrl],
    [
      '2,100 characters',
      { website_url: `https://glow.example/${'a'.repeat(2100)}` },
      DemoMessages.urlTooLong,
    ],
  ])('refuses %s with a 422 and starts nothing', async (_label, body, detail) => {
    const [{ before }]: { before: number }[] = await demo.dataSource.query(
      `SELECT count(*)::int AS before FROM "onboarding"."demo_sessions"`,
    );
    const refused = await start(body, '198.51.100.99').expect(422);
    expect(refused.body.detail).toContain(detail);
    const [{ after }]: { after: number }[] = await demo.dataSource.query(
      `SELECT count(*)::int AS after FROM "onboarding"."demo_sessions"`,
    );
    expect(after).toBe(before);
  });

  it('answers 404 with the spec’s message for an unknown, malformed or expired session', async () => {
    for (const id of ['7d3c2a39-8a43-4a4e-9d33-0e6f3b6c1a10', 'not-a-session', "1' OR '1'='1"]) {
      const missing = await status(encodeURIComponent(id)).expect(404);
      expect(missing.body).toEqual({ detail: DemoMessages.notFound });
    }
    const started = await start({ website_url: glow.url, fresh: true }, '203.0.113.50').expect(201);
    const id = started.body.demo_session_id as string;
    await settled(id);
    await demo.dataSource.query(
      `UPDATE "onboarding"."demo_sessions" SET "expires_at" = now() - interval '1 second' WHERE "demo_session_id" = $1`,
      [id],
    );
    expect((await status(id).expect(404)).body).toEqual({ detail: DemoMessages.notFound });
    // The next start sweeps it away, with its pages.
    await start({ website_url: dental.url }, '203.0.113.50');
    const [{ left }]: { left: number }[] = await demo.dataSource.query(
      `SELECT count(*)::int AS left FROM "onboarding"."demo_pages" WHERE "demo_session_id" = $1`,
      [id],
    );
    expect(left).toBe(0);
  });

  it('limits the demos one client network starts in an hour, with Retry-After; another network is not held', async () => {
    const network = '192.0.2.77';
    const closed = `http://${closedHostPort}/`;
    // Sites whose last demo failed are analysed again without asking: each start is a new demo.
    for (const url of [blocked.url, closed, blocked.url, closed, blocked.url]) {
      const started = await start({ website_url: url }, network).expect(201);
      await settled(started.body.demo_session_id as string);
    }
    const limited = await start({ website_url: closed }, network).expect(429);
    expect(limited.body.detail).toBe(DemoMessages.tooManyDemos);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await start({ website_url: closed }, '2001:db8:1:2::1').expect(201);
  });

  it('lets a prospect ask for a fresh analysis of one site three times an hour', async () => {
    const network = '198.51.100.20';
    // The dental site was analysed fresh once already (above).
    for (let attempt = 0; attempt < 2; attempt += 1)
      await start({ website_url: dental.url, fresh: true }, network).expect(201);
    const limited = await start({ website_url: dental.url, fresh: true }, network).expect(429);
    expect(limited.body.detail).toBe(DemoMessages.tooManyRestarts);
  });
});

describe('the public demo with a language model configured', () => {
  let demo: IsolatedService<OnboardingConfig>;
  let llm: FakeLlmServer;
  let glow: Awaited<ReturnType<typeof serveSite>>;

  beforeAll(async () => {
    glow = await serveSite('glow-medspa');
    llm = await startFakeLlmServer({ apiKey: 'sk-demo-test' });
    demo = await startIsolatedService(onboardingService, onboardingDatabase, 'demo_llm', {
      CRAWL_ALLOWED_HOSTS: glow.hostPort,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'gpt-test',
      LLM_API_KEY: 'sk-demo-test',
    });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
    await llm?.close();
    await glow?.close();
  });

  const analysed = async () => {
    const started = await request(demo.service.app.getHttpServer())
      .post('/api/v1/onboarding/start')
      .set('x-forwarded-for', `198.51.100.${Math.floor(Math.random() * 250)}`)
      .send({ website_url: glow.url, fresh: true })
      .expect((response) => expect(response.status).toBeLessThan(300));
    return eventually(async () => {
      const answer = await request(demo.service.app.getHttpServer()).get(
        `/api/v1/onboarding/session/${started.body.demo_session_id as string}/status`,
      );
      return ['ready', 'failed'].includes(answer.body.status as string) ? answer.body : undefined;
    }, 60_000);
  };

  it('adds the facts the model reads on the pages, and only those the page it cites says', async () => {
    llm.respondWith((call) => {
      const pages = (JSON.parse(call.user) as { pages: { page: number; url: string }[] }).pages;
      const home = pages.find((page) => page.url === glow.url)!.page;
      const team = pages.find((page) => page.url.endsWith('/team.html'))!.page;
      return {
        json: {
          practice_name: { value: 'Glow Med Spa', page: home },
          about_summary: null,
          doctors_names: [
            { value: 'Dr. Elena Park, MD', page: team },
            { value: 'Dr. Victor Grant, MD', page: team },
            { value: 'Taylor Brooks', page: team },
          ],
          specialties: [
            { value: 'physician-led med spa', page: home },
            { value: 'Plastic Surgery', page: home },
          ],
          key_services: [{ value: 'Chemical Peels', page: home }],
          booking_info: null,
        },
      };
    });
    const ready = await analysed();
    expect(llm.requests.at(-1)?.schemaName).toBe('practice_facts');
    expect(ready.status).toBe('ready');
    const data = ready.extracted_data as Record<string, unknown>;
    // Written on the home page: kept. Nobody invented, no one without a title, nothing the site does not offer.
    expect(data.specialties).toEqual(['Med Spa', 'physician-led med spa']);
    expect(data.doctors_names).toEqual([
      'Dr. Elena Park, MD',
      'Jessica Moreno, MSN, NP-C',
      'Rachel Kim, BSN, RN',
    ]);
    expect(data.key_services).not.toContain('Chemical Peels');
  });

  it('keeps the rules’ extraction when the model fails', async () => {
    llm.respondWith({ status: 500, message: 'overloaded' });
    const ready = await analysed();
    expect(ready.status).toBe('ready');
    expect((ready.extracted_data as Record<string, unknown>).specialties).toEqual(['Med Spa']);
    expect((ready.extracted_data as Record<string, unknown>).practice_name).toBe('Glow Med Spa');
  });
});
