import { createTestDatabase, ServiceProcess, startBuiltService, TestDatabase } from '@pp/testing';
import { matchRoute } from '../src/proxy/routes';
import { GatewayHarness, startGateway } from './gateway-harness';

type Schema = { $ref?: string; type?: string; items?: Schema; properties?: Record<string, Schema> };
interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  summary?: string;
  responses?: Record<string, Response>;
}
interface Document {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the merged document under /api/v1, as "METHOD path" with the operation. */
function operations(document: Document): [string, Operation][] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
}

/** A path the gateway forwards without a token (src/proxy/routes.ts): it never answers 401. */
function isPublic(name: string): boolean {
  const path = name.split(' ')[1].replace(/\{[^}]+\}/g, 'x');
  return matchRoute(path)?.public === true;
}

/** The gateway's own routes that need no token: signing in and signing up. */
const GATEWAY_PUBLIC = ['POST /api/v1/auth/login', 'POST /api/v1/auth/register', 'GET /api/v1/auth/register'];

/**
 * Twilio's webhooks: public (Twilio signs them; a missing or wrong signature is a 403, never a 401) and answered
 * with TwiML (text/xml), which is what Twilio reads, not a JSON schema.
 */
const TWILIO_WEBHOOKS = [
  'POST /api/v1/channels/twilio/sms',
  'POST /api/v1/channels/twilio/status',
  'POST /api/v1/channels/twilio/voice',
  'POST /api/v1/channels/twilio/voice/whisper',
  'POST /api/v1/channels/twilio/voice/dial',
  'POST /api/v1/channels/twilio/voice/voicemail',
  'POST /api/v1/channels/twilio/voice/transcription',
  'POST /api/v1/channels/twilio/voice/ai',
  'POST /api/v1/channels/twilio/voice/gather',
  'POST /api/v1/channels/twilio/voice/status',
  'POST /api/v1/channels/twilio/voice/recording',
];

/** Downloads: answered as a file (text/csv), not as JSON. */
const DOWNLOADS = ['GET /api/v1/practices/{practiceId}/audit-log.csv'];

/** The named component a JSON response refers to (directly, or as the items of an array). */
function componentOf(document: Document, response: Response | undefined): Schema | undefined {
  const schema = response?.content?.['application/json']?.schema;
  const ref = schema?.$ref ?? (schema?.type === 'array' ? schema.items?.$ref : undefined);
  const name = ref?.replace('#/components/schemas/', '');
  return name ? document.components?.schemas?.[name] : undefined;
}

/**
 * The OpenAPI document integrators read at /api/docs-json: the gateway's routes merged with the people and
 * calendar services' (real processes), each operation with a summary, a typed success response and its
 * errors in the `{"detail"}` envelope.
 */
describe('the merged OpenAPI document', () => {
  let h: GatewayHarness;
  let people: ServiceProcess;
  let calendar: ServiceProcess;
  let peopleDb: TestDatabase;
  let calendarDb: TestDatabase;
  let document: Document;

  beforeAll(async () => {
    peopleDb = await createTestDatabase('openapi_people');
    calendarDb = await createTestDatabase('openapi_calendar');
    [people, calendar] = await Promise.all([
      startBuiltService('people', { DATABASE_URL: peopleDb.url }),
      startBuiltService('calendar', { DATABASE_URL: calendarDb.url }),
    ]);
    h = await startGateway('openapi', { PEOPLE_URL: people.url, CALENDAR_URL: calendar.url });
    document = (await h.http().get('/api/docs-json').expect(200)).body as Document;
  });

  afterAll(async () => {
    await h?.stop();
    await people?.stop();
    await calendar?.stop();
    await peopleDb?.drop();
    await calendarDb?.drop();
  });

  it('holds the routes of the gateway, people and calendar', () => {
    const names = operations(document).map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login',
        'GET /api/v1/users/me',
        'PATCH /api/v1/practices/{practiceId}',
        'DELETE /api/v1/practices/{practiceId}/locations/{locationId}',
        'GET /api/v1/people',
        'GET /api/v1/people/{personId}/events',
        'POST /api/v1/people/{personId}/actions',
        'POST /api/v1/calendar/appointments',
      ]),
    );
    expect(document.info.description).not.toContain('people');
    expect(document.info.description).not.toContain('calendar');
  });

  it('gives every operation a summary', () => {
    const missing = operations(document)
      .filter(([, operation]) => !operation.summary?.trim())
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('gives every operation a 2xx response typed by a schema with properties', () => {
    const untyped = operations(document)
      .filter(([name]) => !TWILIO_WEBHOOKS.includes(name) && !DOWNLOADS.includes(name))
      .filter(([, operation]) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        // A browser's return from a provider answers only a redirect (the e-mail OAuth callback).
        const redirect = Object.keys(operation.responses ?? {}).some((status) => /^3\d\d$/.test(status));
        return (
          (success.length === 0 && !redirect) ||
          success.some(
            ([, response]) => !Object.keys(componentOf(document, response)?.properties ?? {}).length,
          )
        );
      })
      .map(([name]) => name);
    expect(untyped).toEqual([]);
  });

  it('documents errors in the {"detail"} envelope, and 401 on every route that needs a token', () => {
    const wrongErrors: string[] = [];
    const without401: string[] = [];
    for (const [name, operation] of operations(document)) {
      const errors = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^[45]\d\d$/.test(status),
      );
      for (const [status, response] of errors) {
        const properties = componentOf(document, response)?.properties ?? {};
        if (Object.keys(properties).join() !== 'detail') wrongErrors.push(`${name} ${status}`);
      }
      if (!GATEWAY_PUBLIC.includes(name) && !isPublic(name) && !operation.responses?.['401'])
        without401.push(name);
    }
    expect(wrongErrors).toEqual([]);
    expect(without401).toEqual([]);
  });

  it('describes a lead with its fields and types', () => {
    const person = componentOf(document, document.paths['/api/v1/people/{personId}'].get.responses?.['200']);
    expect(person?.properties).toMatchObject({
      person_id: { type: 'string', format: 'uuid' },
      stage: { type: 'string' },
      is_unseen: { type: 'boolean' },
      current_outreach_state: { type: 'object' },
    });
  });
});
