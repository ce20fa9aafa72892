import { AuditEntry, LeadEventV1, Topics } from '@pp/contracts';
import {
  createTestDatabase,
  eventually,
  leadPersonData,
  publishEvents,
  ServiceProcess,
  startBuiltService,
  TestDatabase,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AuditRecord } from '../src/audit/audit-entry';
import { AuditWriter } from '../src/audit/audit-writer';
import { TestPractice, TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';
import { LiveClient } from './live-client';

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) FrontDesk/1.0';
const CLIENT_IP = '198.51.100.41';
/** A patient's name and what they wrote: pushed to the console, never in the audit log. */
const SECRETS = { name: 'Rosalind', text: 'Is the filler safe while breastfeeding?' };

/**
 * The audit log of realtime views (docs/decisions/0047-auditing-realtime-views.md) for real: analytics' Realtime
 * lists through the gateway, and lead events pushed over the live connection from real Kafka, on real PostgreSQL.
 */
describe('the audit log of realtime views', () => {
  let analyticsDb: TestDatabase;
  let analytics: ServiceProcess;
  let h: GatewayHarness;
  let staff: TestUser;
  let outsider: TestUser;
  let mine: TestPractice;
  let second: TestPractice;
  let theirs: TestPractice;
  let token: string;
  let theirToken: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    analyticsDb = await createTestDatabase('audit_realtime_analytics');
    analytics = await startBuiltService('analytics', { DATABASE_URL: analyticsDb.url });
    h = await startGateway('audit_realtime', { ANALYTICS_URL: analytics.url });
    staff = await h.tenants.user();
    outsider = await h.tenants.user();
    mine = await h.tenants.practice([staff], 'Glow Aesthetics');
    second = await h.tenants.practice([staff], 'Northside Dental');
    theirs = await h.tenants.practice([outsider], 'Lakeview Plastic Surgery');
    token = await h.login(staff);
    theirToken = await h.login(outsider);
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    await h?.stop();
    await analytics?.stop();
    await analyticsDb?.drop();
  });

  /** A stored row as the tests read it back. */
  type Row = Omit<AuditRecord, 'occurred_at'>;

  /** The stored rows after `since`, oldest first, once everything queued so far is written. */
  async function rowsAfter(since: number, where = 'TRUE', params: unknown[] = []): Promise<Row[]> {
    await h.gateway.app.get(AuditWriter).flush();
    return h.dataSource.query(
      `SELECT "practice_id", "user_id", "user_email", "action", "resource_type", "resource_id", "lead_id",
              "status", "client_ip", "user_agent", "correlation_id"
       FROM "gateway"."audit_log" WHERE "audit_id" > $1 AND (${where}) ORDER BY "audit_log"."audit_id"`,
      [since, ...params],
    );
  }
  const lastId = async () => {
    await h.gateway.app.get(AuditWriter).flush();
    return Number(
      (await h.dataSource.query(`SELECT COALESCE(max("audit_id"), 0) AS "id" FROM "gateway"."audit_log"`))[0]
        .id,
    );
  };

  const as = (bearer: string) => (url: string) =>
    request(h.gateway.app.getHttpServer())
      .get(url)
      .set('Authorization', `Bearer ${bearer}`)
      .set('User-Agent', USER_AGENT)
      .set('X-Forwarded-For', CLIENT_IP);

  /** A live connection from the front desk's browser, behind the proxy the gateway trusts. */
  const connect = (practice: TestPractice, bearer = token) => {
    const client = new LiveClient(
      `${h.gateway.url.replace('http', 'ws')}/api/v1/practices/${practice.practice_id}/events?token=${bearer}`,
      { headers: { 'User-Agent': USER_AGENT, 'X-Forwarded-For': CLIENT_IP } },
    );
    clients.push(client);
    return client;
  };

  /** A lead event as people announces it on people.lead-events (each with an id of its own). */
  const leadEvent = (practice: TestPractice, personId: string): LeadEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practice.practice_id,
    occurred_at: new Date().toISOString(),
    type: 'event_appended',
    person_id: personId,
    person_data: leadPersonData({ first_name: SECRETS.name }),
    timeline_event: {
      event_id: randomUUID(),
      event_type: 'sms_received',
      timestamp: new Date().toISOString(),
      content_data: { message: SECRETS.text },
    },
  });
  const publish = (events: LeadEventV1[]) =>
    publishEvents(h.gateway.config.KAFKA_BROKERS, Topics.leadEvents, events);
  const received = (client: LiveClient, events: LeadEventV1[]) => {
    const ids = events.map((event) => event.timeline_event!.event_id);
    return ids.every((id) => client.messages.some((message) => message.includes(id)));
  };
  /** Publishes until the gateway's consumer, which may still be joining its group, pushes one to `client`. */
  const warmUp = async (client: LiveClient, practice: TestPractice, personId: string) =>
    eventually(async () => {
      const event = leadEvent(practice, personId);
      await publish([event]);
      return eventually(async () => received(client, [event]), 2_000).catch(() => false);
    }, 60_000);

  it("records reading analytics' Realtime lists in the practice they name, a refused one in the caller's own", async () => {
    const since = await lastId();
    const pageviews = await as(token)(`/api/v1/analytics/realtime/pageviews?practice_id=${mine.practice_id}`);
    expect(pageviews.status).toBe(200);
    const events = await as(token)(`/api/v1/analytics/realtime/events?practice_id=${mine.practice_id}`);
    expect(events.status).toBe(200);
    const refused = await as(token)(`/api/v1/analytics/realtime/pageviews?practice_id=${theirs.practice_id}`);
    expect(refused.status).toBe(404);
    expect(pageviews.headers['x-pp-practice']).toBeUndefined();

    const entry = (practice: TestPractice, action: string, response: request.Response) => ({
      practice_id: practice.practice_id,
      user_id: staff.id,
      user_email: staff.email,
      action,
      resource_type: 'lead',
      resource_id: null,
      lead_id: null,
      status: response.status,
      client_ip: CLIENT_IP,
      user_agent: USER_AGENT,
      correlation_id: response.headers['x-correlation-id'],
    });
    const stored = await rowsAfter(since);
    expect(stored.slice(0, 2)).toEqual([
      entry(mine, 'realtime.pageviews_read', pageviews),
      entry(mine, 'realtime.lead_events_read', events),
    ]);
    // Another practice's list: filed in the caller's two practices, never in the one the request named.
    expect(stored.slice(2).sort((a, b) => a.practice_id.localeCompare(b.practice_id))).toEqual(
      [
        entry(mine, 'realtime.pageviews_read', refused),
        entry(second, 'realtime.pageviews_read', refused),
      ].sort((a, b) => a.practice_id.localeCompare(b.practice_id)),
    );
    expect(stored.length).toBe(4);
  });

  it('records the leads pushed to a live connection once per lead and connection, however many events', async () => {
    const watcher = connect(mine);
    await watcher.established();
    await warmUp(watcher, mine, randomUUID());
    const since = await lastId();

    const amelia = randomUUID();
    const daniel = randomUUID();
    const burst = [
      ...Array.from({ length: 20 }, () => leadEvent(mine, amelia)),
      ...Array.from({ length: 5 }, () => leadEvent(mine, daniel)),
    ];
    await publish(burst);
    await eventually(async () => received(watcher, burst), 20_000);

    const live = (leadId: string) => ({
      practice_id: mine.practice_id,
      user_id: staff.id,
      user_email: staff.email,
      action: 'live.lead_update',
      resource_type: 'lead',
      resource_id: leadId,
      lead_id: leadId,
      status: 200,
      client_ip: CLIENT_IP,
      user_agent: USER_AGENT,
      correlation_id: expect.any(String),
    });
    const stored = await rowsAfter(since);
    expect(stored).toEqual([live(amelia), live(daniel)]);

    // A second connection of the same user is an entry of its own; the first one's period still covers Amelia.
    const tablet = connect(mine);
    await tablet.established();
    const again = [leadEvent(mine, amelia)];
    await eventually(async () => {
      await publish(again.slice(-1));
      return eventually(async () => received(tablet, again.slice(-1)), 2_000).catch(() => {
        again.push(leadEvent(mine, amelia));
        return false;
      });
    }, 60_000);
    await eventually(async () => received(watcher, again.slice(-1)), 20_000);
    const more = await rowsAfter(since);
    expect(more).toEqual([live(amelia), live(daniel), live(amelia)]);
    expect(more[2].correlation_id).not.toBe(more[0].correlation_id);
    expect(more[0].correlation_id).toBe(more[1].correlation_id);
    // What was pushed — the patient's name and words — is not in the log.
    const everything = JSON.stringify(await h.dataSource.query(`SELECT * FROM "gateway"."audit_log"`));
    expect(everything).not.toContain(SECRETS.name);
    expect(everything).not.toContain(SECRETS.text);
  }, 150_000);

  it("never shows one practice another's live or Realtime entries", async () => {
    const watcher = connect(mine);
    const stranger = connect(theirs, theirToken);
    await watcher.established();
    await stranger.established();
    await warmUp(watcher, mine, randomUUID());
    await warmUp(stranger, theirs, randomUUID());
    // A practice the user does not belong to: refused, and nothing filed.
    const before = await lastId();
    expect(await connect(mine, theirToken).closedWithin(5_000)).toBe(4003);
    expect(await rowsAfter(before)).toEqual([]);

    const myLead = randomUUID();
    const theirLead = randomUUID();
    const mineEvent = leadEvent(mine, myLead);
    const theirEvent = leadEvent(theirs, theirLead);
    await publish([mineEvent, theirEvent]);
    await eventually(async () => received(watcher, [mineEvent]) && received(stranger, [theirEvent]), 20_000);
    expect(stranger.messages.some((message) => message.includes(myLead))).toBe(false);
    await as(theirToken)(`/api/v1/analytics/realtime/events?practice_id=${theirs.practice_id}`).expect(200);

    const stored = await rowsAfter(before);
    // The staff member's connections of the test above are still open: each files its own entry.
    expect(stored.filter((row) => row.lead_id === myLead).length).toBe(3);
    expect(
      [
        ...new Set(stored.map((row) => [row.practice_id, row.user_id, row.action, row.lead_id].join(' '))),
      ].sort(),
    ).toEqual(
      [
        [mine.practice_id, staff.id, 'live.lead_update', myLead],
        [theirs.practice_id, outsider.id, 'live.lead_update', theirLead],
        [theirs.practice_id, outsider.id, 'realtime.lead_events_read', null],
      ]
        .map((row) => row.join(' '))
        .sort(),
    );

    // Through the API: my log is a 404 to them; theirs holds nothing of my staff or my leads, and mine nothing
    // of theirs; the staff member's other practice holds no live entry (the socket was opened on `mine`).
    const log = (practice: TestPractice, filters = '') =>
      `/api/v1/practices/${practice.practice_id}/audit-log?limit=200${filters}`;
    const outsiders = as(theirToken);
    for (const filters of [
      '',
      '&action=live.lead_update',
      '&action=realtime.pageviews_read',
      `&lead=${myLead}`,
    ]) {
      expect((await outsiders(log(mine, filters))).status).toBe(404);
    }
    const their = (await outsiders(log(theirs)).expect(200)).body.entries as AuditEntry[];
    expect(their.some((entry) => entry.user_id === staff.id || entry.lead_id === myLead)).toBe(false);
    expect(their.some((entry) => entry.action === 'live.lead_update' && entry.lead_id === theirLead)).toBe(
      true,
    );
    const ours = (await as(token)(log(mine)).expect(200)).body.entries as AuditEntry[];
    expect(ours.some((entry) => entry.user_id === outsider.id || entry.lead_id === theirLead)).toBe(false);
    expect(ours.some((entry) => entry.action === 'live.lead_update' && entry.lead_id === myLead)).toBe(true);
    const other = (await as(token)(log(second, '&action=live.lead_update')).expect(200)).body
      .entries as AuditEntry[];
    expect(other).toEqual([]);
  }, 150_000);
});
