import { DemoTenants } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayDatabase } from '../src/database/database';
import { demoPractices } from '../src/database/demo-data';
import { seedGateway } from '../src/database/seed';
import { publishPracticeSnapshots } from '../src/practices/practice-snapshot';
import { TestPractice } from './factories/tenants';
import { bodySchema, Operation, startWholeApi, WholeApi } from './whole-api';

/** One hostile request: what replaces the path, the query, the body and its content type. */
interface Attack {
  label: string;
  url: string;
  body?: string;
  contentType?: string;
}

const DEEP_JSON = '['.repeat(2000) + ']'.repeat(2000);
const DEEP_OBJECT = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
const BAD_ID = ['not-a-uuid', '%00', 'a%00b', '%zz', '%ED%A0%80', "'%20OR%201=1--", 'a'.repeat(300)];
const BAD_QUERY_VALUES = [
  'a%00b',
  '%zz',
  '%ED%A0%80',
  '2032-02-30T10:00Z',
  '0000-01-01T00:00:00Z',
  'T24:00Z',
  '',
];
/** Values every body field is set to in turn (the rest of the body stays plausible). */
const BAD_FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800'],
  ['lone surrogate e-mail', 'x\udc00@clinic.example'],
  ['30 February', '2032-02-30T10:00Z'],
  ['24:00', '2032-03-01T24:00Z'],
  ['year 0000', '0000-01-01T00:00:00.000Z'],
  ['an object', { $gt: '' }],
  ['an array', ['x']],
  ['a number', 1e308],
  ['a long text', 'x'.repeat(100_000)],
];

/**
 * The whole API (the gateway and every service, for real), driven by the merged OpenAPI document the gateway
 * serves, so a route added to any service is covered the day it appears in the document:
 * - hostile input: every class sent to every route and method; no 5xx, every error exactly {"detail"};
 * - the cross-practice matrix: ids of another practice on every route are a 404, their data untouched.
 */
describe('the whole API, from its merged OpenAPI document', () => {
  let api: WholeApi;
  let token: string;
  let logoutToken: string;
  let theirToken: string;
  let mine: TestPractice;
  let theirs: TestPractice;
  let personId: string;
  let theirPersonId: string;

  const createLead = async (bearer: string, practiceId: string, first: string, last: string) => {
    const lead = await api.gateway
      .http()
      .post('/api/v1/people/')
      .set('Authorization', `Bearer ${bearer}`)
      .send({ practice_id: practiceId, first_name: first, last_name: last, primary_phone: '2145550131' })
      .expect(201);
    return lead.body.person_id as string;
  };

  beforeAll(async () => {
    api = await startWholeApi('whole_api');
    const staff = await api.gateway.tenants.user();
    const outsider = await api.gateway.tenants.user();
    mine = await api.gateway.tenants.practice([staff], 'Glow Aesthetics');
    theirs = await api.gateway.tenants.practice([outsider], 'Lakeview Plastic Surgery');
    token = await api.gateway.login(staff);
    logoutToken = await api.gateway.login(staff);
    theirToken = await api.gateway.login(outsider);
    personId = await createLead(token, mine.practice_id, 'Sofia', 'Marquez');
    theirPersonId = await createLead(theirToken, theirs.practice_id, 'Daniel', 'Kowalski');
    // The factory writes practices without events, as the seed does: publish their snapshots the seed's way,
    // and wait until calendar's read model knows both locations.
    await api.gateway.dataSource.transaction((manager) =>
      publishPracticeSnapshots(manager, new Outbox(gatewayDatabase.schema), [
        mine.practice_id,
        theirs.practice_id,
      ]),
    );
    await eventually(async () => {
      const rows = await calendarQuery<{ location_id: string }>(
        `SELECT "location_id" FROM "calendar"."locations" WHERE "location_id" = ANY($1)`,
        [[mine.primaryLocationId, theirs.primaryLocationId]],
      );
      return rows.length === 2;
    }, 30_000);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
  });

  /** Reads the calendar's own database (its schema, its test database). */
  const calendarQuery = <T>(sql: string, params: unknown[]) => serviceQuery<T>('calendar', sql, params);

  /** Queries one service's own database (its schema, its test database). */
  async function serviceQuery<T>(
    service: 'calendar' | 'people',
    sql: string,
    params: unknown[],
  ): Promise<T[]> {
    const client = new Client({ connectionString: api.services[service].database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const isEnvelope = (body: unknown) =>
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).join() === 'detail' &&
    typeof (body as { detail: unknown }).detail === 'string';

  it('the demo seed publishes its practices and locations, so calendar can book them and the demo website track after npm start', async () => {
    await seedGateway(api.gateway.dataSource);
    const locationIds = demoPractices.flatMap((practice) =>
      practice.locations.map((location) => location.location_id),
    );
    const practiceIds = demoPractices.map((practice) => practice.practice_id);
    await eventually(async () => {
      const locations = await calendarQuery(
        `SELECT 1 FROM "calendar"."locations" WHERE "location_id" = ANY($1)`,
        [locationIds],
      );
      const practices = await calendarQuery(
        `SELECT 1 FROM "calendar"."practices" WHERE "practice_id" = ANY($1)`,
        [practiceIds],
      );
      return locations.length === locationIds.length && practices.length === practiceIds.length;
    }, 30_000);
    // Analytics learns the demo practices' fixed site keys: the demo website's snippet can post at once.
    await eventually(async () => {
      const response = await api.gateway
        .http()
        .post('/api/v1/tracking/events')
        .send({
          site_key: DemoTenants.glowSiteKey,
          events: [
            {
              event_id: randomUUID(),
              type: 'pageview',
              visitor_id: 'v_whole_api',
              session_id: 's_whole_api',
              url: 'https://www.glowaesthetics.example/',
              occurred_at: new Date().toISOString(),
            },
          ],
        });
      return response.status === 202;
    }, 30_000);
  });

  describe('hostile input on every route', () => {
    /** A plausible value for a path parameter: the caller's own practice, location and lead. */
    const pathValue = (name: string) =>
      ({ practiceId: mine.practice_id, locationId: mine.primaryLocationId, personId })[name] ?? randomUUID();

    const fillPath = (path: string, overrides: Record<string, string> = {}) =>
      path.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? pathValue(name));

    const baseQuery = (operation: Operation) =>
      (operation.operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => [parameter.name, parameter.name === 'practice_id' ? mine.practice_id : 'x']);

    function attacks(operation: Operation): Attack[] {
      const base = fillPath(operation.path);
      const query = baseQuery(operation);
      const withQuery = (pairs: string[][]) =>
        `${base}?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&')}`;
      const url = withQuery(query.map(([name, value]) => [name, encodeURIComponent(value)]));
      const list: Attack[] = [];
      for (const [, name] of operation.path.matchAll(/\{(\w+)\}/g)) {
        for (const value of BAD_ID) {
          list.push({
            label: `path ${name}=${value.slice(0, 20)}`,
            url: fillPath(operation.path, { [name]: value }),
          });
        }
      }
      for (const value of ['%zz', '%ED%A0%80', 'a%00b']) {
        list.push({ label: `query extra=${value}`, url: `${url}&extra=${value}` });
      }
      for (const parameter of operation.operation.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        for (const value of BAD_QUERY_VALUES) {
          const pairs = query
            .filter(([name]) => name !== parameter.name)
            .map(([n, v]) => [n, encodeURIComponent(v)]);
          list.push({
            label: `query ${parameter.name}=${value}`,
            url: withQuery([...pairs, [parameter.name, value]]),
          });
        }
      }
      list.push({ label: 'a 10 KB URL', url: `${url}&pad=${'a'.repeat(10_000)}` });
      list.push({ label: 'a 20 KB URL', url: `${url}&pad=${'a'.repeat(20_000)}` });
      if (operation.method === 'get' || operation.method === 'delete') return list;

      const schema = bodySchema(api.document, operation.operation);
      const fields = Object.keys(schema?.properties ?? {});
      const plausible: Record<string, unknown> = Object.fromEntries(
        fields.map((field) => {
          const property = schema!.properties![field];
          if (property.enum?.length) return [field, property.enum[0]];
          if (property.type === 'boolean') return [field, true];
          if (field === 'person_id') return [field, personId];
          if (field === 'practice_id') return [field, mine.practice_id];
          return [field, 'text'];
        }),
      );
      const json = (label: string, body: unknown) => ({
        label,
        url,
        body: JSON.stringify(body),
        contentType: 'application/json',
      });
      list.push(
        { label: 'JSON 2,000 arrays deep', url, body: DEEP_JSON, contentType: 'application/json' },
        { label: 'JSON 2,000 objects deep', url, body: DEEP_OBJECT, contentType: 'application/json' },
        { label: 'an empty JSON body', url, body: '', contentType: 'application/json' },
        { label: 'not JSON', url, body: '{"a":', contentType: 'application/json' },
        { label: 'text/plain', url, body: 'hello', contentType: 'text/plain' },
        { label: 'an unknown media type', url, body: '{}', contentType: 'application/bogus' },
        { label: 'an invalid media type', url, body: '{}', contentType: 'json;;;=' },
        { label: 'a bad charset', url, body: '{}', contentType: 'application/json; charset=bogus' },
        { label: 'a form body', url, body: 'a=%zz&b=%00', contentType: 'application/x-www-form-urlencoded' },
        {
          label: 'a __proto__ key',
          url,
          body: '{"__proto__":{"admin":true}}',
          contentType: 'application/json',
        },
        json('JSON null', null),
        json('a JSON array', [plausible]),
        json('a JSON string', 'x'),
        json('a key with NUL', { ...plausible, 'k\u0000': 1 }),
        json('an unknown field', { ...plausible, unknown_field: 1 }),
      );
      for (const field of fields.length ? fields : ['name']) {
        for (const [label, value] of BAD_FIELD_VALUES) {
          list.push(json(`${field}: ${label}`, { ...plausible, [field]: value }));
        }
      }
      return list;
    }

    it('answers every hostile request with a 4xx (or a success) and every error as {"detail": "..."}', async () => {
      expect(api.document.info.description).not.toContain('Not included');
      expect(api.operations.length).toBeGreaterThan(10);
      const failures: string[] = [];
      let sent = 0;
      for (const operation of api.operations) {
        const auth = operation.key === 'POST /api/v1/auth/logout' ? logoutToken : token;
        for (const attack of attacks(operation)) {
          let call = api.gateway
            .http()
            [operation.method as 'get'](attack.url)
            .set('Authorization', `Bearer ${auth}`);
          if (attack.contentType !== undefined) call = call.set('Content-Type', attack.contentType);
          const response = await (attack.body !== undefined ? call.send(attack.body) : call);
          sent++;
          const enveloped = response.status < 400 || isEnvelope(response.body);
          if (response.status >= 500 || !enveloped) {
            failures.push(
              `${operation.key} [${attack.label}] → ${response.status} ${response.text.slice(0, 160)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(api.operations.length * 10);
    }, 360_000); // About 20 s on an idle machine; a shared one under load has taken over 120 s.
  });

  describe('the cross-practice matrix', () => {
    interface Probe {
      url: string;
      body?: object;
    }
    interface Ids {
      theirPractice: string;
      theirLocation: string;
      theirPerson: string;
      myPractice: string;
      myLocation: string;
      myPerson: string;
      theirProcedure: string;
      theirPromotion: string;
      theirEmailAccount: string;
      theirAppointment: string;
      theirCalendarIntegration: string;
      theirBlockedNumber: string;
    }
    type Row = { probes: (ids: Ids) => Probe[] } | { exempt: string };
    const booking = (personId: string) => ({
      person_id: personId,
      title: 'Botox consultation',
      ...slot(),
    });
    /** The next whole half hour two days from now, and 30 minutes after it. */
    function slot(): { start_time: string; end_time: string } {
      const start = new Date(Date.now() + 48 * 3_600_000);
      start.setUTCMinutes(start.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
      return {
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      };
    }

    /**
     * Every route of the merged document, with requests that name another practice's ids (in the path, the
     * query or the body; else valid requests). A route may be exempted only with its reason. A route of the
     * document missing here fails the test: add its row the day it is added.
     */
    const MATRIX: Record<string, Row> = {
      'GET /health/live': { exempt: 'names no practice or record: liveness of a service' },
      'GET /health/ready': { exempt: 'names no practice or record: readiness of a service' },
      'POST /api/v1/auth/login': { exempt: 'names no practice or record: it signs the caller in' },
      'POST /api/v1/auth/register': {
        exempt:
          'public, no caller: it creates a new user with a new practice of their own; the only record it names is a demo session, which belongs to no practice and becomes one practice at most (gateway signup.int-spec.ts)',
      },
      'GET /api/v1/auth/register': {
        exempt:
          'public, no caller: it redirects the browser to the sign-up page (gateway signup.int-spec.ts)',
      },
      'POST /api/v1/tracking/events': {
        exempt:
          'public, no caller: it names a practice only by its site key, which is public (in the practice’s web pages), and only adds website events to that practice',
      },
      'POST /api/v1/channels/twilio/sms': {
        exempt:
          'public, no caller: Twilio signs it (the gateway and people each refuse a missing or wrong X-Twilio-Signature: gateway twilio-webhooks.int-spec.ts, people twilio-inbound.int-spec.ts); it names a practice only by its own number in To',
      },
      'POST /api/v1/channels/twilio/status': {
        exempt:
          'public, no caller: Twilio signs it (twilio-webhooks.int-spec.ts); it names only a MessageSid the product received from Twilio',
      },
      'POST /api/v1/channels/twilio/voice': {
        exempt:
          'public, no caller: Twilio signs it (twilio-webhooks.int-spec.ts); it names a practice only by its own number in To',
      },
      'POST /api/v1/channels/twilio/voice/whisper': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/dial': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/voicemail': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/transcription': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/ai': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/gather': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/status': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/channels/twilio/voice/recording': {
        exempt:
          'public, no caller: Twilio signs it, query included (twilio-webhooks.int-spec.ts); it names only a call the product placed or answered (its random call id or CallSid)',
      },
      'POST /api/v1/auth/logout': {
        exempt: "names no practice or record: it revokes the caller's own token",
      },
      'GET /api/v1/users/me': { exempt: 'names no practice or record: the caller themself' },
      'GET /api/v1/users/me/practices': {
        exempt: "names no practice: lists only the caller's own (practices.int-spec.ts checks it)",
      },
      'GET /api/v1/practices/{practiceId}': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}` }],
      },
      'PATCH /api/v1/practices/{practiceId}': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}`, body: { name: 'Taken over' } }],
      },
      'GET /api/v1/practices/{practiceId}/locations': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/locations` }],
      },
      'POST /api/v1/practices/{practiceId}/locations': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/locations`, body: { name: 'Intruder' } },
        ],
      },
      'PATCH /api/v1/practices/{practiceId}/locations/{locationId}': {
        probes: (ids) => [
          {
            url: `/api/v1/practices/${ids.theirPractice}/locations/${ids.theirLocation}`,
            body: { name: 'Intruder' },
          },
          {
            url: `/api/v1/practices/${ids.myPractice}/locations/${ids.theirLocation}`,
            body: { name: 'Intruder' },
          },
        ],
      },
      'DELETE /api/v1/practices/{practiceId}/locations/{locationId}': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/locations/${ids.theirLocation}` },
          { url: `/api/v1/practices/${ids.myPractice}/locations/${ids.theirLocation}` },
        ],
      },
      'GET /api/v1/practices/{practiceId}/field-mapping': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/field-mapping` }],
      },
      'PUT /api/v1/practices/{practiceId}/field-mapping': {
        probes: (ids) => [
          {
            url: `/api/v1/practices/${ids.theirPractice}/field-mapping`,
            body: { email: 'email', name: 'ignore' },
          },
        ],
      },
      'GET /api/v1/practices/{practiceId}/blocked-numbers': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/blocked-numbers` }],
      },
      'POST /api/v1/practices/{practiceId}/blocked-numbers': {
        probes: (ids) => [
          {
            url: `/api/v1/practices/${ids.theirPractice}/blocked-numbers`,
            body: { phone_number: '(214) 555-0177' },
          },
        ],
      },
      'DELETE /api/v1/practices/{practiceId}/blocked-numbers/{blockedNumberId}': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/blocked-numbers/${ids.theirBlockedNumber}` },
          { url: `/api/v1/practices/${ids.myPractice}/blocked-numbers/${ids.theirBlockedNumber}` },
        ],
      },
      'GET /api/v1/practices/{practiceId}/virtual-numbers': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/virtual-numbers` }],
      },
      'POST /api/v1/practices/{practiceId}/virtual-numbers': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/virtual-numbers`, body: { area_code: '312' } },
        ],
      },
      // The audit log of patient record access (gateway src/audit/; audit-log.int-spec.ts holds its own matrix).
      'GET /api/v1/practices/{practiceId}/audit-log': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/audit-log` },
          { url: `/api/v1/practices/${ids.theirPractice}/audit-log?lead=${ids.theirPerson}` },
        ],
      },
      'GET /api/v1/practices/{practiceId}/audit-log.csv': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/audit-log.csv` }],
      },
      'GET /api/v1/practices/{practiceId}/audit-log/retention': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/audit-log/retention` }],
      },
      'PUT /api/v1/practices/{practiceId}/audit-log/retention': {
        probes: (ids) => [
          {
            url: `/api/v1/practices/${ids.theirPractice}/audit-log/retention`,
            body: { retention_years: 30 },
          },
        ],
      },
      'GET /api/v1/people': { probes: (ids) => [{ url: `/api/v1/people?practice_id=${ids.theirPractice}` }] },
      'POST /api/v1/people': {
        probes: (ids) => [
          { url: '/api/v1/people', body: { practice_id: ids.theirPractice, first_name: 'Eve' } },
        ],
      },
      'GET /api/v1/people/stats': {
        probes: (ids) => [{ url: `/api/v1/people/stats?practice_id=${ids.theirPractice}` }],
      },
      'GET /api/v1/people/search': {
        probes: (ids) => [{ url: `/api/v1/people/search?practice_id=${ids.theirPractice}&q=Kowalski` }],
      },
      'GET /api/v1/people/{personId}': { probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}` }] },
      'PATCH /api/v1/people/{personId}': {
        probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}`, body: { first_name: 'Taken' } }],
      },
      'POST /api/v1/people/{personId}/seen': {
        probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}/seen` }],
      },
      'GET /api/v1/people/{personId}/events': {
        probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}/events` }],
      },
      'POST /api/v1/people/{personId}/actions': {
        probes: (ids) => [
          {
            url: `/api/v1/people/${ids.theirPerson}/actions`,
            body: { action: 'switch_control_mode', control_mode: 'human' },
          },
        ],
      },
      'POST /api/v1/people/{personId}/approve-decision': {
        probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}/approve-decision` }],
      },
      'POST /api/v1/people/{personId}/edit-decision': {
        probes: (ids) => [
          { url: `/api/v1/people/${ids.theirPerson}/edit-decision`, body: { corrected_message: 'Hello' } },
        ],
      },
      'GET /api/v1/people/{personId}/consents': {
        probes: (ids) => [{ url: `/api/v1/people/${ids.theirPerson}/consents` }],
      },
      'POST /api/v1/people/{personId}/ask-ai': {
        probes: (ids) => [
          { url: `/api/v1/people/${ids.theirPerson}/ask-ai`, body: { question: 'What did they ask about?' } },
        ],
      },
      // knowledge: the website knowledge base (services/knowledge/src/knowledge)
      'GET /api/v1/practices/{practiceId}/knowledge': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/knowledge` }],
      },
      'GET /api/v1/practices/{practiceId}/knowledge/status': {
        probes: (ids) => [{ url: `/api/v1/practices/${ids.theirPractice}/knowledge/status` }],
      },
      'POST /api/v1/practices/{practiceId}/knowledge/processing': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/knowledge/processing`, body: {} },
          {
            url: `/api/v1/practices/${ids.theirPractice}/knowledge/processing`,
            body: { urls: ['https://www.lakeviewplasticsurgery.example/pricing'] },
          },
        ],
      },
      'DELETE /api/v1/practices/{practiceId}/knowledge': {
        probes: (ids) => [
          { url: `/api/v1/practices/${ids.theirPractice}/knowledge`, body: { delete_all: true } },
          {
            url: `/api/v1/practices/${ids.theirPractice}/knowledge`,
            body: { urls: ['https://www.lakeviewplasticsurgery.example/pricing'] },
          },
          { url: `/api/v1/practices/${ids.theirPractice}/knowledge?ids=${randomUUID()}` },
        ],
      },
      'POST /api/v1/practices/{practiceId}/knowledge/search': {
        probes: (ids) => [
          {
            url: `/api/v1/practices/${ids.theirPractice}/knowledge/search`,
            body: { query: 'How much is a tummy tuck?' },
          },
        ],
      },
      'POST /api/v1/calendar/appointments': {
        probes: (ids) => [
          // their practice; my practice with their location; my practice with their lead
          {
            url: `/api/v1/calendar/appointments?practice_id=${ids.theirPractice}`,
            body: booking(ids.theirPerson),
          },
          {
            url: `/api/v1/calendar/appointments?practice_id=${ids.myPractice}&location_id=${ids.theirLocation}`,
            body: booking(ids.myPerson),
          },
          {
            url: `/api/v1/calendar/appointments?practice_id=${ids.myPractice}&location_id=${ids.myLocation}`,
            body: booking(ids.theirPerson),
          },
        ],
      },
      'GET /api/v1/analytics/realtime/pageviews': {
        probes: (ids) => [{ url: `/api/v1/analytics/realtime/pageviews?practice_id=${ids.theirPractice}` }],
      },
      'GET /api/v1/analytics/realtime/events': {
        probes: (ids) => [{ url: `/api/v1/analytics/realtime/events?practice_id=${ids.theirPractice}` }],
      },
      'GET /api/v1/calendar/appointments': {
        probes: (ids) => [
          {
            url: `/api/v1/calendar/appointments?practice_id=${ids.theirPractice}&start_date=2030-01-01&end_date=2030-01-31`,
          },
        ],
      },
      'GET /api/v1/analytics/metrics': {
        probes: (ids) => [
          {
            url: `/api/v1/analytics/metrics?practice_id=${ids.theirPractice}&start_date=2030-01-01&end_date=2030-01-31`,
          },
        ],
      },
      'PUT /api/v1/calendar/appointments/{appointmentId}': {
        // their practice; my practice with their appointment
        probes: (ids) => [
          {
            url: `/api/v1/calendar/appointments/${ids.theirAppointment}?practice_id=${ids.theirPractice}`,
            body: { new_start_time: '2030-01-16T16:00:00Z' },
          },
          {
            url: `/api/v1/calendar/appointments/${ids.theirAppointment}?practice_id=${ids.myPractice}`,
            body: { new_start_time: '2030-01-16T16:00:00Z' },
          },
        ],
      },
      // Pricing (knowledge): their practice in the path; my practice with their location in the body or query.
      'GET /api/v1/procedures/{practiceId}/summary': {
        probes: (ids) => [{ url: `/api/v1/procedures/${ids.theirPractice}/summary` }],
      },
      'GET /api/v1/procedures/{practiceId}/search': {
        probes: (ids) => [{ url: `/api/v1/procedures/${ids.theirPractice}/search?q=botox` }],
      },
      'GET /api/v1/procedures/{practiceId}/history/{procedureId}': {
        probes: (ids) => [
          { url: `/api/v1/procedures/${ids.theirPractice}/history/${randomUUID()}` },
          { url: `/api/v1/procedures/${ids.myPractice}/history/${ids.theirProcedure}` },
        ],
      },
      'POST /api/v1/procedures/{practiceId}/seed-from-extracted': {
        probes: (ids) => [{ url: `/api/v1/procedures/${ids.theirPractice}/seed-from-extracted` }],
      },
      'POST /api/v1/procedures/{practiceId}/create': {
        probes: (ids) => [
          { url: `/api/v1/procedures/${ids.theirPractice}/create`, body: { procedure_name: 'Intruder' } },
          {
            url: `/api/v1/procedures/${ids.myPractice}/create`,
            body: { procedure_name: 'Intruder', location_id: ids.theirLocation },
          },
          { url: `/api/v1/procedures/${ids.myPractice}/create`, body: { procedure_id: ids.theirProcedure } },
          {
            url: `/api/v1/procedures/${ids.myPractice}/create`,
            body: { procedure_name: 'Intruder', parent_id: ids.theirProcedure },
          },
        ],
      },
      'POST /api/v1/procedures/{practiceId}/update-offering': {
        probes: (ids) => [
          {
            url: `/api/v1/procedures/${ids.theirPractice}/update-offering`,
            body: { procedure_id: randomUUID(), is_offered: false },
          },
          {
            url: `/api/v1/procedures/${ids.myPractice}/update-offering`,
            body: { procedure_id: ids.theirProcedure, is_offered: false },
          },
        ],
      },
      'GET /api/v1/procedures/{practiceId}/consultation-fees': {
        probes: (ids) => [{ url: `/api/v1/procedures/${ids.theirPractice}/consultation-fees` }],
      },
      'POST /api/v1/procedures/{practiceId}/consultation-fees': {
        probes: (ids) => [
          {
            url: `/api/v1/procedures/${ids.theirPractice}/consultation-fees`,
            body: { modality: 'medspa', fee: 1 },
          },
          {
            url: `/api/v1/procedures/${ids.myPractice}/consultation-fees`,
            body: { modality: 'medspa', fee: 1, location_id: ids.theirLocation },
          },
        ],
      },
      'DELETE /api/v1/procedures/{practiceId}/consultation-fees/modality/{modality}': {
        probes: (ids) => [
          { url: `/api/v1/procedures/${ids.theirPractice}/consultation-fees/modality/medspa` },
        ],
      },
      'GET /api/v1/procedures/{practiceId}/promotions': {
        probes: (ids) => [{ url: `/api/v1/procedures/${ids.theirPractice}/promotions` }],
      },
      'POST /api/v1/procedures/{practiceId}/promotions': {
        probes: (ids) => {
          const promotion = { name: 'Intruder', amount: 10, start: '2030-01-01', end: '2030-01-31' };
          return [
            { url: `/api/v1/procedures/${ids.theirPractice}/promotions`, body: promotion },
            {
              url: `/api/v1/procedures/${ids.myPractice}/promotions`,
              body: { ...promotion, location_id: ids.theirLocation },
            },
            {
              url: `/api/v1/procedures/${ids.myPractice}/promotions`,
              body: { ...promotion, promotion_id: ids.theirPromotion },
            },
            {
              url: `/api/v1/procedures/${ids.myPractice}/promotions`,
              body: { ...promotion, is_all_procedures: false, selected_procedures: [ids.theirProcedure] },
            },
          ];
        },
      },
      'GET /api/v1/channels/sandbox': {
        probes: (ids) => [{ url: `/api/v1/channels/sandbox?practice_id=${ids.theirPractice}` }],
      },
      'POST /api/v1/people/{personId}/simulate-reply': {
        probes: (ids) => [
          {
            url: `/api/v1/people/${ids.theirPerson}/simulate-reply`,
            body: { channel: 'sms', message: 'Is Saturday open?' },
          },
        ],
      },
      'GET /api/v1/email/accounts': {
        probes: (ids) => [{ url: `/api/v1/email/accounts?practice_id=${ids.theirPractice}` }],
      },
      'DELETE /api/v1/email/accounts/{accountId}': {
        probes: (ids) => [{ url: `/api/v1/email/accounts/${ids.theirEmailAccount}` }],
      },
      'GET /api/v1/email/oauth/authorize/{provider}': {
        probes: (ids) => [
          { url: `/api/v1/email/oauth/authorize/google?practice_id=${ids.theirPractice}` },
          { url: `/api/v1/email/oauth/authorize/microsoft?practice_id=${ids.theirPractice}` },
        ],
      },
      'GET /api/v1/calendar/integrations': {
        probes: (ids) => [{ url: `/api/v1/calendar/integrations?practice_id=${ids.theirPractice}` }],
      },
      'POST /api/v1/calendar/integrations': {
        probes: (ids) => [
          {
            url: '/api/v1/calendar/integrations',
            body: {
              practice_id: ids.theirPractice,
              provider: 'internal',
              provider_tenant_id: ids.theirPractice,
              auth_method: 'none',
              status: 'active',
            },
          },
        ],
      },
      'DELETE /api/v1/calendar/integrations/{id}': {
        probes: (ids) => [{ url: `/api/v1/calendar/integrations/${ids.theirCalendarIntegration}` }],
      },
      'GET /api/v1/calendar/integrations/{id}/calendars': {
        probes: (ids) => [{ url: `/api/v1/calendar/integrations/${ids.theirCalendarIntegration}/calendars` }],
      },
      'GET /api/v1/calendar/integrations/{id}/health': {
        probes: (ids) => [{ url: `/api/v1/calendar/integrations/${ids.theirCalendarIntegration}/health` }],
      },
      'GET /api/v1/calendar/assignments': {
        probes: (ids) => [{ url: `/api/v1/calendar/assignments?practice_id=${ids.theirPractice}` }],
      },
      'PUT /api/v1/calendar/integrations/{id}/assignments': {
        probes: (ids) => [
          {
            url: `/api/v1/calendar/integrations/${ids.theirCalendarIntegration}/assignments`,
            body: { assignments: [{ location_id: null, external_calendar_id: 'internal' }] },
          },
        ],
      },
      'GET /api/v1/calendar/oauth/authorize/{provider}': {
        probes: (ids) => [
          { url: `/api/v1/calendar/oauth/authorize/ghl?practice_id=${ids.theirPractice}` },
          { url: `/api/v1/calendar/oauth/authorize/symplast?practice_id=${ids.theirPractice}` },
          { url: `/api/v1/calendar/oauth/authorize/leadar?practice_id=${ids.theirPractice}` },
        ],
      },
      'GET /api/v1/calendar/oauth/callback': {
        exempt:
          'public, no caller: the calendar provider returns the browser here; the practice comes only from a single-use state its staff started, and every failure redirects to the settings page (calendar integrations.int-spec.ts)',
      },
      'POST /api/v1/calendar/webhooks/ghl': {
        exempt:
          'public, no caller: GoHighLevel posts it; refused (401) unless HighLevel’s signature over the exact body verifies, and the practice comes only from the signed locationId’s integration (calendar ghl-sync.int-spec.ts, gateway ghl-webhooks.int-spec.ts)',
      },
      'GET /api/v1/email/oauth/callback': {
        exempt:
          'public, no caller: the provider returns the browser here; the practice comes only from a single-use state its staff started, and every failure redirects to the settings page (people email-accounts.int-spec.ts)',
      },
      'POST /api/v1/onboarding/start': {
        exempt:
          'public, no caller: the no-signup demo names no practice; it starts a session of a website address, limited per client network (onboarding demo.int-spec.ts)',
      },
      'GET /api/v1/onboarding/session/{id}/status': {
        exempt:
          'public, no caller: a demo session belongs to no practice; its random id is its only key, and it expires in a day (onboarding demo.int-spec.ts)',
      },
      'GET /api/v1/onboarding/session/{id}/practice': {
        exempt:
          'public, no caller: a demo session belongs to no practice; it answers what that session read on a public website (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/onboarding/session/{id}/chat': {
        exempt:
          'public, no caller: a demo session belongs to no practice; it answers from that session’s pages only (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/voice/demo/{id}/phone': {
        exempt:
          'public, no caller: a demo session belongs to no practice; one number per session (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/voice/demo/{id}/call': {
        exempt:
          'public, no caller: a demo session belongs to no practice; it calls that session’s number only, within its limits (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/voice/demo/{id}/answer': {
        exempt:
          'public, no caller: Twilio signs it, query included, and onboarding verifies it (403 otherwise); it names only a demo call the product placed (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/voice/demo/{id}/gather': {
        exempt:
          'public, no caller: Twilio signs it, query included, and onboarding verifies it (403 otherwise); it names only a demo call the product placed (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/voice/demo/{id}/status': {
        exempt:
          'public, no caller: Twilio signs it, query included, and onboarding verifies it (403 otherwise); it names only a demo call the product placed (onboarding demo.int-spec.ts)',
      },
      'POST /api/v1/email/unsubscribe': {
        exempt:
          'public, no caller: a lead’s mailbox provider posts it (RFC 8058); it names a lead only by an HMAC-signed token, refused (404) when the signature does not hold (people email-sending.int-spec.ts)',
      },
      'DELETE /api/v1/procedures/{practiceId}/promotions/{promotionId}': {
        probes: (ids) => [
          { url: `/api/v1/procedures/${ids.theirPractice}/promotions/${ids.theirPromotion}` },
          { url: `/api/v1/procedures/${ids.myPractice}/promotions/${ids.theirPromotion}` },
        ],
      },
    };

    const ids = (): Ids => ({
      theirPractice: theirs.practice_id,
      theirLocation: theirs.primaryLocationId,
      theirPerson: theirPersonId,
      myPractice: mine.practice_id,
      myLocation: mine.primaryLocationId,
      myPerson: personId,
      theirProcedure,
      theirPromotion,
      theirEmailAccount,
      theirAppointment,
      theirCalendarIntegration,
      theirBlockedNumber,
    });

    let theirProcedure: string;
    let theirBlockedNumber: string;
    let theirPromotion: string;
    const theirEmailAccount = randomUUID();
    const theirAppointment = randomUUID();
    const theirCalendarIntegration = randomUUID();
    beforeAll(async () => {
      // Their appointment, as a booking leaves it (Tuesday 15 January 2030, 10:00 in Chicago).
      await calendarQuery(
        `INSERT INTO "calendar"."appointments"
           ("appointment_id", "practice_id", "location_id", "person_id", "title", "start_time", "end_time")
         VALUES ($1, $2, $3, $4, 'Botox consultation', '2030-01-15T16:00:00Z', '2030-01-15T16:30:00Z')`,
        [theirAppointment, theirs.practice_id, theirs.primaryLocationId, theirPersonId],
      );
      // Their calendar integration (PracticePilot's own calendar) serving all their locations.
      await calendarQuery(
        `INSERT INTO "calendar"."calendar_integrations"
           ("calendar_integration_id", "practice_id", "provider", "provider_tenant_id", "auth_method", "status")
         VALUES ($1, $2, 'internal', $3, 'none', 'active')`,
        [theirCalendarIntegration, theirs.practice_id, theirs.practice_id],
      );
      await calendarQuery(
        `INSERT INTO "calendar"."calendar_assignments"
           ("calendar_integration_id", "practice_id", "location_id", "external_calendar_id", "calendar_name")
         VALUES ($1, $2, NULL, 'internal', 'PracticePilot Calendar')`,
        [theirCalendarIntegration, theirs.practice_id],
      );
      // Their connected mailbox, written as the OAuth callback stores it (no provider is configured here).
      await serviceQuery(
        'people',
        `INSERT INTO "people"."email_accounts" ("email_account_id", "practice_id", "email_address", "provider", "status")
         VALUES ($1, $2, 'office@lakeview.example', 'google', 'active')`,
        [theirEmailAccount, theirs.practice_id],
      );
      // Their own pricing records: a procedure of their practice only, and a promotion.
      const pricing = `/api/v1/procedures/${theirs.practice_id}`;
      const created = await api.gateway
        .http()
        .post(`${pricing}/create`)
        .set('Authorization', `Bearer ${theirToken}`)
        .send({ procedure_name: 'Lakeview Signature Lift', price_min: 9000 })
        .expect(200);
      theirProcedure = created.body.procedure_id as string;
      const promotion = await api.gateway
        .http()
        .post(`${pricing}/promotions`)
        .set('Authorization', `Bearer ${theirToken}`)
        .send({ name: 'Lift Month', amount: 10, start: '2020-01-01', end: '2099-12-31' })
        .expect(200);
      theirPromotion = promotion.body.promotion_id as string;
      const blocked = await api.gateway
        .http()
        .post(`/api/v1/practices/${theirs.practice_id}/blocked-numbers`)
        .set('Authorization', `Bearer ${theirToken}`)
        .send({ phone_number: '(214) 555-0176', note: 'Prank forms' })
        .expect(201);
      theirBlockedNumber = blocked.body.blocked_number_id as string;
    });

    /** What the other practice's own staff see of their data, and calendar's rows that name it. */
    async function theirData() {
      const get = async (url: string) =>
        (await api.gateway.http().get(url).set('Authorization', `Bearer ${theirToken}`).expect(200)).body;
      const practiceId = theirs.practice_id;
      return {
        practice: await get(`/api/v1/practices/${practiceId}`),
        locations: await get(`/api/v1/practices/${practiceId}/locations`),
        numbers: await get(`/api/v1/practices/${practiceId}/virtual-numbers`),
        fieldMapping: await get(`/api/v1/practices/${practiceId}/field-mapping`),
        blockedNumbers: await get(`/api/v1/practices/${practiceId}/blocked-numbers`),
        auditRetention: await get(`/api/v1/practices/${practiceId}/audit-log/retention`),
        leads: await get(`/api/v1/people?practice_id=${practiceId}`),
        lead: await get(`/api/v1/people/${theirPersonId}`),
        events: await get(`/api/v1/people/${theirPersonId}/events`),
        pricing: await get(`/api/v1/procedures/${practiceId}/summary`),
        history: await get(`/api/v1/procedures/${practiceId}/history/${theirProcedure}`),
        fees: await get(`/api/v1/procedures/${practiceId}/consultation-fees`),
        promotions: await get(`/api/v1/procedures/${practiceId}/promotions`),
        emailAccounts: await get(`/api/v1/email/accounts?practice_id=${practiceId}`),
        calendarIntegrations: await get(`/api/v1/calendar/integrations?practice_id=${practiceId}`),
        calendarAssignments: await get(`/api/v1/calendar/assignments?practice_id=${practiceId}`),
        appointments: await calendarQuery(
          `SELECT "appointment_id", "start_time" FROM "calendar"."appointments"
           WHERE "practice_id" = $1 OR "person_id" = $2 OR "location_id" = $3`,
          [practiceId, theirPersonId, theirs.primaryLocationId],
        ),
      };
    }

    it('covers every route of the document, and only those', () => {
      const documented = api.operations.map((operation) => operation.key).sort();
      expect(documented.filter((key) => !(key in MATRIX))).toEqual([]);
      expect(Object.keys(MATRIX).filter((key) => !documented.includes(key))).toEqual([]);
    });

    it("answers 404 for another practice's ids on every route, and leaves their data untouched", async () => {
      const before = await theirData();
      const failures: string[] = [];
      for (const operation of api.operations) {
        const row = MATRIX[operation.key];
        if (!row || 'exempt' in row) continue;
        for (const probe of row.probes(ids())) {
          const call = api.gateway
            .http()
            [operation.method as 'get'](probe.url)
            .set('Authorization', `Bearer ${token}`);
          const response = await (probe.body ? call.send(probe.body) : call);
          if (response.status !== 404 || !isEnvelope(response.body)) {
            failures.push(
              `${operation.key} ${probe.url} → ${response.status} ${response.text.slice(0, 160)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await theirData()).toEqual(before);
    });

    it('accepts the same booking with my own practice, location and lead (the 404s are about ownership)', async () => {
      await api.gateway
        .http()
        .post(
          `/api/v1/calendar/appointments?practice_id=${mine.practice_id}&location_id=${mine.primaryLocationId}`,
        )
        .set('Authorization', `Bearer ${token}`)
        .send(booking(personId))
        .expect(201);
      const listed = await api.gateway
        .http()
        .get(
          `/api/v1/calendar/appointments?practice_id=${mine.practice_id}&start_date=2030-01-01&end_date=2030-01-31`,
        )
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(listed.body).toEqual({ appointments: [] });
      expect(listed.headers['cache-control']).toBe('no-store');
    });
  });
});
