import {
  createTestDatabase,
  GhlPeer,
  ServiceProcess,
  startBuiltService,
  startGhlPeer,
  TestDatabase,
} from '@pp/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { GatewayHarness, startGateway } from './gateway-harness';

const PATH = '/api/v1/calendar/webhooks/ghl';

/**
 * GoHighLevel's webhooks through the gateway, for real: public (no bearer token), forwarded to calendar (from
 * its build, `npm run build`) with the exact bytes HighLevel signed, so calendar's signature check holds; a body
 * signed by another key is refused by calendar and nothing is stored.
 */
describe('GoHighLevel webhooks through the gateway (public, bytes forwarded as signed)', () => {
  let calendarDb: TestDatabase;
  let calendar: ServiceProcess;
  let h: GatewayHarness;
  let ghl: GhlPeer;

  const receipts = async () => {
    const client = new Client({ connectionString: calendarDb.url });
    await client.connect();
    try {
      const result = await client.query(`SELECT "webhook_id" FROM "calendar"."ghl_webhook_receipts"`);
      return result.rows.map((row: { webhook_id: string }) => row.webhook_id);
    } finally {
      await client.end();
    }
  };

  const appointment = () => ({
    id: 'evt-gateway-1',
    locationId: 'gw-location-1',
    calendarId: 'cal-main',
    contactId: 'contact-1',
    title: 'Consultation',
    appointmentStatus: 'confirmed',
    startTime: '2030-01-07T15:00:00.000Z',
    endTime: '2030-01-07T15:30:00.000Z',
    dateAdded: '2030-01-01T00:00:00.000Z',
    dateUpdated: '2030-01-01T00:00:00.000Z',
  });

  beforeAll(async () => {
    ghl = await startGhlPeer({
      clientId: 'pp-ghl-gateway',
      clientSecret: randomBytes(16).toString('hex'),
      locationId: 'gw-location-1',
    });
    calendarDb = await createTestDatabase('gateway_ghl_calendar');
    calendar = await startBuiltService('calendar', {
      DATABASE_URL: calendarDb.url,
      GHL_WEBHOOK_PUBLIC_KEY: ghl.webhookPublicKey,
    });
    h = await startGateway('gateway_ghl_webhooks', { CALENDAR_URL: calendar.url });
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
    await calendar?.stop();
    await calendarDb?.drop();
    await ghl?.close();
  });

  it('forwards a signed webhook without a token, and calendar takes it', async () => {
    const sent = await ghl.sendWebhook(`${h.gateway.url}${PATH}`, 'AppointmentUpdate', appointment());
    expect(sent).toMatchObject({ status: 202, body: { queued: 0 } });
    expect(await receipts()).toEqual([sent.webhookId]);
  });

  it('a body changed after signing, or signed by another key, is refused by calendar and not stored', async () => {
    const before = await receipts();
    for (const signature of ['tampered', 'bad', 'none'] as const) {
      const sent = await ghl.sendWebhook(`${h.gateway.url}${PATH}`, 'AppointmentUpdate', appointment(), {
        signature,
      });
      expect({ signature, status: sent.status, body: sent.body }).toEqual({
        signature,
        status: 401,
        body: { detail: 'The webhook signature is missing or does not verify' },
      });
    }
    expect(await receipts()).toEqual(before);
  });

  it('other paths under calendar/webhooks still need a token', async () => {
    const response = await h.http().post('/api/v1/calendar/webhooks/other').send({});
    expect(response.status).toBe(401);
  });
});
