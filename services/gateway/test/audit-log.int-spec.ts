import { getQueueToken } from '@nestjs/bullmq';
import { AUDIT_ACTIONS, AuditEntry, AuditLogMessages } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import {
  createTestDatabase,
  eventually,
  RunningService,
  ServiceProcess,
  startBuiltService,
  startTestService,
  TestDatabase,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import request from 'supertest';
import type { AuditRecord } from '../src/audit/audit-entry';
import { auditTargetOf } from '../src/audit/audited-routes';
import { AuditLogService } from '../src/audit/audit-log.service';
import { AuditWriter } from '../src/audit/audit-writer';
import { PURGE_AUDIT_LOG_JOB } from '../src/audit/jobs/purge-audit-log.processor';
import { GatewayConfig } from '../src/config';
import { gatewayDatabase } from '../src/database/database';
import { gatewayService } from '../src/gateway.service-definition';
import { AUDIT_QUEUE } from '../src/queues';
import { publishPracticeSnapshots } from '../src/practices/practice-snapshot';
import { TestPractice, TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';

/** Texts a staff member writes about a patient: none may reach the audit log. */
const SECRETS = {
  sms: 'Your biopsy results are in, call us about the melanoma',
  correction: 'Corrected: the Accutane refill is ready',
  question: 'Did she mention her HIV medication?',
  reply: 'I am pregnant, is Botox still safe?',
  search: 'Marquez',
  name: 'Sofia',
  phone: '2145550131',
};
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) FrontDesk/1.0';
const CLIENT_IP = '198.51.100.23';

/**
 * The audit log of patient record access (docs/decisions/0041-audit-log.md) for real: a gateway forwarding to a
 * people and a calendar process, on real PostgreSQL, Redis and Kafka.
 */
describe('the audit log of patient record access', () => {
  let h: GatewayHarness;
  let people: ServiceProcess;
  let calendar: ServiceProcess;
  let peopleDb: TestDatabase;
  let calendarDb: TestDatabase;
  let staff: TestUser;
  let outsider: TestUser;
  let mine: TestPractice;
  let second: TestPractice;
  let theirs: TestPractice;
  let token: string;
  let theirToken: string;
  let leadId: string;
  let theirLeadId: string;

  beforeAll(async () => {
    peopleDb = await createTestDatabase('audit_people');
    calendarDb = await createTestDatabase('audit_calendar');
    people = await startBuiltService('people', { DATABASE_URL: peopleDb.url });
    calendar = await startBuiltService('calendar', { DATABASE_URL: calendarDb.url, PEOPLE_URL: people.url });
    h = await startGateway('audit', { PEOPLE_URL: people.url, CALENDAR_URL: calendar.url });
    staff = await h.tenants.user({ email: `front-desk-${randomUUID().slice(0, 8)}@glow.example` });
    outsider = await h.tenants.user();
    mine = await h.tenants.practice([staff], 'Glow Aesthetics');
    second = await h.tenants.practice([staff], 'Northside Dental');
    theirs = await h.tenants.practice([outsider], 'Lakeview Plastic Surgery');
    token = await h.login(staff);
    theirToken = await h.login(outsider);
    // Calendar books only at locations it knows: publish the practices the seed's way and wait for them.
    await h.dataSource.transaction((manager) =>
      publishPracticeSnapshots(manager, new Outbox(gatewayDatabase.schema), [
        mine.practice_id,
        theirs.practice_id,
      ]),
    );
    await eventually(async () => {
      const rows = await query<{ location_id: string }>(
        calendarDb.url,
        `SELECT "location_id" FROM "calendar"."locations" WHERE "location_id" = ANY($1)`,
        [[mine.primaryLocationId, theirs.primaryLocationId]],
      );
      return rows.length === 2;
    }, 30_000);
    leadId = (
      await as(token)
        .post('/api/v1/people')
        .send({
          practice_id: mine.practice_id,
          first_name: SECRETS.name,
          last_name: 'Marquez',
          primary_phone: SECRETS.phone,
        })
        .expect(201)
    ).body.person_id;
    theirLeadId = (
      await as(theirToken)
        .post('/api/v1/people')
        .send({ practice_id: theirs.practice_id, first_name: 'Daniel', last_name: 'Kowalski' })
        .expect(201)
    ).body.person_id;
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
    await people?.stop();
    await calendar?.stop();
    await peopleDb?.drop();
    await calendarDb?.drop();
  });

  async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** A call as a signed-in user from the front desk's browser. */
  function as(bearer: string, app = h.gateway.app) {
    const http = request(app.getHttpServer());
    const wrap = (method: 'get' | 'post' | 'patch' | 'put') => (url: string) =>
      http[method](url)
        .set('Authorization', `Bearer ${bearer}`)
        .set('User-Agent', USER_AGENT)
        .set('X-Forwarded-For', CLIENT_IP);
    return { get: wrap('get'), post: wrap('post'), patch: wrap('patch'), put: wrap('put') };
  }

  /** A stored row as the tests read it back: the writer's record with its id. */
  type Row = Omit<AuditRecord, 'occurred_at'> & { audit_id: string };

  /** The stored rows (every column), oldest first, once everything answered so far is written. */
  async function rows(where = 'TRUE', params: unknown[] = []): Promise<Row[]> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await h.gateway.app.get(AuditWriter).flush();
    return h.dataSource.query(
      `SELECT "audit_id"::text, "practice_id", "user_id", "user_email", "action", "resource_type", "resource_id",
              "lead_id", "status", "client_ip", "user_agent", "correlation_id"
       FROM "gateway"."audit_log" WHERE ${where} ORDER BY "audit_log"."audit_id"`,
      params,
    );
  }
  /** The newest entry's id, once everything answered so far is written. */
  const lastId = async () => {
    await rows('FALSE');
    return Number(
      (await h.dataSource.query(`SELECT COALESCE(max("audit_id"), 0) AS "id" FROM "gateway"."audit_log"`))[0]
        .id,
    );
  };

  /** The next whole half hour two days from now, and 30 minutes after it. */
  function slot(days = 2): { start_time: string; end_time: string } {
    const start = new Date(Date.now() + days * 24 * 3_600_000);
    start.setUTCMinutes(start.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    return {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
    };
  }

  describe('recording', () => {
    it('writes one entry for each patient route, with who, what, when, where and which practice', async () => {
      const since = await lastId();
      const api = as(token);
      /** Each request made, with the entry it must leave. */
      const made: {
        response: request.Response;
        action: string;
        resource: string | null;
        lead: string | null;
      }[] = [];
      const call = async (
        pending: request.Test,
        action: string,
        ids: { resource?: string | null; lead?: string | null } = {},
      ) => {
        const response = await pending;
        const resource = ids.resource === undefined ? leadId : ids.resource;
        made.push({ response, action, resource, lead: ids.lead === undefined ? resource : ids.lead });
        return response;
      };
      const created = await api
        .post('/api/v1/people')
        .send({ practice_id: mine.practice_id, first_name: 'Walk-in', primary_phone: '2145550199' })
        .expect(201);
      const createdId = created.body.person_id as string;
      made.push({ response: created, action: 'lead.create', resource: createdId, lead: createdId });
      const lead = `/api/v1/people/${leadId}`;

      await call(api.get(`/api/v1/people?practice_id=${mine.practice_id}`), 'lead.list', { resource: null });
      await call(
        api.get(`/api/v1/people/search?practice_id=${mine.practice_id}&q=${SECRETS.search}`),
        'lead.search',
        {
          resource: null,
        },
      );
      expect((await call(api.get(lead), 'lead.read')).status).toBe(200);
      await call(api.patch(lead).send({ last_name: 'Marquez-Diaz' }), 'lead.update');
      await call(api.post(`${lead}/seen`), 'lead.mark_seen');
      expect((await call(api.get(`${lead}/events`), 'timeline.read')).status).toBe(200);
      await call(api.get(`${lead}/consents`), 'consent.read');
      await call(
        api.post(`${lead}/actions`).send({ action: 'sms_sent', message: SECRETS.sms }),
        'message.send',
      );
      await call(
        api.post(`${lead}/actions`).send({ action: 'phone_call_sent', notes: SECRETS.correction }),
        'call.log',
      );
      await call(
        api.post(`${lead}/actions`).send({ action: 'switch_control_mode', control_mode: 'human' }),
        'lead.control_mode',
      );
      await call(api.post(`${lead}/approve-decision`), 'decision.approve');
      await call(
        api.post(`${lead}/edit-decision`).send({ corrected_message: SECRETS.correction }),
        'decision.edit',
      );
      await call(api.post(`${lead}/ask-ai`).send({ question: SECRETS.question }), 'lead.ask_ai');
      await call(
        api.post(`${lead}/simulate-reply`).send({ channel: 'sms', message: SECRETS.reply }),
        'message.simulate_reply',
      );
      const booking = await api
        .post(
          `/api/v1/calendar/appointments?practice_id=${mine.practice_id}&location_id=${mine.primaryLocationId}`,
        )
        .send({ person_id: leadId, title: 'Botox consultation', ...slot() })
        .expect(201);
      const appointmentId = booking.body.appointment_id as string;
      made.push({ response: booking, action: 'appointment.create', resource: appointmentId, lead: leadId });
      await call(
        api.get(
          `/api/v1/calendar/appointments?practice_id=${mine.practice_id}&start_date=2030-01-01&end_date=2030-01-31`,
        ),
        'appointment.list',
        { resource: null },
      );
      const moved = await call(
        api
          .put(`/api/v1/calendar/appointments/${appointmentId}?practice_id=${mine.practice_id}`)
          .send({ new_start_time: slot(3).start_time, confirm_outside_hours: true }),
        'appointment.update',
        { resource: appointmentId, lead: leadId },
      );
      expect(moved.status).toBe(200);

      const stored = await rows(`"audit_id" > $1 AND "user_id" = $2`, [since, staff.id]);
      expect(stored.map((row) => ({ ...row, audit_id: undefined }))).toEqual(
        made.map(({ response, action, resource, lead: leadOf }) => ({
          audit_id: undefined,
          practice_id: mine.practice_id,
          user_id: staff.id,
          user_email: staff.email,
          action,
          resource_type: action.startsWith('appointment.') ? 'appointment' : 'lead',
          resource_id: resource,
          lead_id: leadOf,
          status: response.status,
          client_ip: CLIENT_IP,
          user_agent: USER_AGENT,
          correlation_id: response.headers['x-correlation-id'],
        })),
      );
      // Every action the table names is one the product documents.
      expect(stored.every((row) => (AUDIT_ACTIONS as readonly string[]).includes(row.action))).toBe(true);
    }, 60_000);

    it('records reading and changing the block list in the practice, never the number or the note', async () => {
      const since = await lastId();
      const http = request(h.gateway.app.getHttpServer());
      const list = `/api/v1/practices/${mine.practice_id}/blocked-numbers`;
      const send = (pending: request.Test) =>
        pending
          .set('Authorization', `Bearer ${token}`)
          .set('User-Agent', USER_AGENT)
          .set('X-Forwarded-For', CLIENT_IP);
      const added = await send(http.post(list).send({ phone_number: '(214) 555-0131', note: SECRETS.name }));
      expect(added.status).toBe(201);
      const entry = added.body.blocked_number_id as string;
      expect((await send(http.get(list))).status).toBe(200);
      expect((await send(http.delete(`${list}/${entry}`))).status).toBe(200);
      expect((await send(http.get(`/api/v1/practices/${theirs.practice_id}/blocked-numbers`))).status).toBe(
        404,
      );

      const stored = await rows(`"audit_id" > $1 AND "user_id" = $2`, [since, staff.id]);
      expect(
        stored.map((row) => [row.practice_id, row.action, row.resource_type, row.resource_id, row.status]),
      ).toEqual([
        [mine.practice_id, 'blocked_number.add', 'blocked_number', null, 201],
        [mine.practice_id, 'blocked_number.list', 'blocked_number', null, 200],
        [mine.practice_id, 'blocked_number.remove', 'blocked_number', entry, 200],
        // Refused: filed in the caller's own practices, never in the practice the path named.
        [mine.practice_id, 'blocked_number.list', 'blocked_number', null, 404],
        [second.practice_id, 'blocked_number.list', 'blocked_number', null, 404],
      ]);
    });

    it('never stores what staff wrote or searched, nor the patient’s name or phone', async () => {
      const everything = JSON.stringify(
        await h.dataSource.query(`SELECT * FROM "gateway"."audit_log"`),
      ).toLowerCase();
      for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret.toLowerCase());
    });

    it('never shows the client which practice a service granted', async () => {
      const response = await as(token).get(`/api/v1/people/${leadId}`).expect(200);
      expect(response.headers['x-pp-practice']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it("files a refused attempt in the caller's own practices, never in the record's practice", async () => {
      const since = await lastId();
      await as(theirToken).get(`/api/v1/people/${leadId}`).expect(404);
      await as(token).get(`/api/v1/people/${theirLeadId}/events`).expect(404);
      const stored = await rows(`"audit_id" > $1`, [since]);
      const seen = stored.map((row) =>
        [row.practice_id, row.user_id, row.action, row.lead_id, row.status].join(' '),
      );
      expect(seen.sort()).toEqual(
        [
          [theirs.practice_id, outsider.id, 'lead.read', leadId, 404],
          // The staff member belongs to two practices: both see the attempt; the lead's own practice does not.
          [mine.practice_id, staff.id, 'timeline.read', theirLeadId, 404],
          [second.practice_id, staff.id, 'timeline.read', theirLeadId, 404],
        ]
          .map((row) => row.join(' '))
          .sort(),
      );
    });

    it('covers every people and calendar route that names a lead or an appointment', async () => {
      const document = (await h.http().get('/api/docs-json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      /** Routes of the people and calendar services that name no patient record, with the reason. */
      const NOT_AUDITED: Record<string, string> = {
        'GET /api/v1/people/stats': 'counts per stage: no lead is read',
      };
      const routes = Object.entries(document.paths)
        .filter(([path]) => /^\/api\/v1\/(people|calendar\/appointments)/.test(path))
        .flatMap(([path, item]) =>
          Object.keys(item)
            .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
            .map((method) => `${method.toUpperCase()} ${path}`),
        );
      expect(routes.length).toBeGreaterThan(12);
      const unaudited = routes.filter((route) => {
        const [method, path] = route.split(' ');
        return !auditTargetOf(method, path.replace(/\{\w+\}/g, randomUUID())) && !NOT_AUDITED[route];
      });
      expect(unaudited).toEqual([]);
    });
  });

  describe('reading it: Settings › Security', () => {
    const log = (practice: TestPractice, suffix = '') =>
      `/api/v1/practices/${practice.practice_id}/audit-log${suffix}`;

    it('answers a practice’s entries newest first, without caching, and records the reading itself', async () => {
      const since = await lastId();
      await rows();
      const response = await as(token).get(log(mine)).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = response.body as { entries: AuditEntry[]; next_cursor: string | null };
      expect(page.entries.length).toBeGreaterThan(10);
      const times = page.entries.map((entry) => entry.occurred_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(page.entries.find((entry) => entry.action === 'lead.read' && entry.lead_id === leadId)).toEqual({
        audit_id: expect.any(String),
        occurred_at: expect.any(String),
        user_id: staff.id,
        user_email: staff.email,
        action: 'lead.read',
        resource_type: 'lead',
        resource_id: leadId,
        lead_id: leadId,
        status: 200,
        outcome: 'allowed',
        client_ip: CLIENT_IP,
        user_agent: USER_AGENT,
      });
      expect(page.entries.every((entry) => entry.user_id !== outsider.id)).toBe(true);
      const recorded = await rows(`"audit_id" > $1`, [since]);
      expect(recorded.map((row) => [row.practice_id, row.action, row.resource_type, row.status])).toEqual([
        [mine.practice_id, 'audit_log.read', 'audit_log', 200],
      ]);
    });

    it('filters by user (id or e-mail), lead, action and time, and pages without gaps or repeats', async () => {
      const all = async (filters: string) => {
        const seen: AuditEntry[] = [];
        let cursor: string | null = '';
        do {
          const page: { body: { entries: AuditEntry[]; next_cursor: string | null } } = await as(token)
            .get(`${log(mine)}?limit=3${filters}${cursor ? `&cursor=${cursor}` : ''}`)
            .expect(200);
          expect(page.body.entries.length).toBeLessThanOrEqual(3);
          seen.push(...page.body.entries);
          cursor = page.body.next_cursor;
        } while (cursor);
        return seen;
      };
      await rows();
      const stored = await rows(`"practice_id" = $1`, [mine.practice_id]);
      const everything = await all('');
      // The readings above add entries as they go: compare with what was there before.
      expect(
        everything
          .filter((entry) => Number(entry.audit_id) <= Number(stored[stored.length - 1].audit_id))
          .map((entry) => entry.audit_id)
          .sort(),
      ).toEqual(stored.map((row) => row.audit_id).sort());
      expect(new Set(everything.map((entry) => entry.audit_id)).size).toBe(everything.length);

      const forLead = await all(`&lead=${leadId}`);
      expect(forLead.length).toBeGreaterThan(10);
      expect(forLead.every((entry) => entry.lead_id === leadId)).toBe(true);
      expect(forLead.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['appointment.create', 'appointment.update', 'timeline.read', 'message.send']),
      );
      const byEmail = await all(
        `&user=${encodeURIComponent(staff.email.toUpperCase())}&action=timeline.read`,
      );
      const byId = await all(`&user=${staff.id}&action=timeline.read`);
      expect(byEmail.map((entry) => entry.audit_id)).toEqual(byId.map((entry) => entry.audit_id));
      expect(byId.length).toBeGreaterThan(0);
      expect(byId.every((entry) => entry.action === 'timeline.read' && entry.user_id === staff.id)).toBe(
        true,
      );

      const future = await all(`&from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
      expect(future).toEqual([]);
      const past = await all(`&to=${encodeURIComponent('2020-01-01T00:00:00Z')}`);
      expect(past).toEqual([]);
    }, 30_000);

    it('exports the selected entries as a CSV download, and records the export', async () => {
      const since = await lastId();
      const response = await as(token)
        .get(`${log(mine, '.csv')}?lead=${leadId}&action=lead.read`)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const lines = (response.body as string).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'occurred_at,user_id,user_email,action,resource_type,resource_id,lead_id,status,outcome,client_ip,user_agent',
      );
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1)) {
        expect(line).toContain(`,${staff.email},lead.read,lead,${leadId},${leadId},`);
        expect(line).toContain(`,${CLIENT_IP},${USER_AGENT}`);
      }
      const recorded = await rows(`"audit_id" > $1`, [since]);
      expect(recorded.map((row) => [row.practice_id, row.action, row.status])).toEqual([
        [mine.practice_id, 'audit_log.export', 200],
      ]);
    });

    it.each([
      ['user=dana', AuditLogMessages.user],
      ['lead=not-a-uuid', AuditLogMessages.lead],
      ['action=lead.delete', AuditLogMessages.action],
      ['from=2026-02-30T00:00:00Z', AuditLogMessages.from],
      ['to=tomorrow', AuditLogMessages.to],
      ['from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', AuditLogMessages.range],
      ['cursor=bm9wZQ', AuditLogMessages.cursor],
      ['limit=500', AuditLogMessages.limit],
      ['user=a&user=b', 'user must be a single value'],
      ['unknown=1', 'property unknown should not exist'],
    ])('refuses %s with 422 in the envelope, for the page and the export', async (filters, detail) => {
      for (const suffix of ['', '.csv']) {
        const response = await as(token)
          .get(`${log(mine, suffix)}?${filters}`)
          .expect(422);
        expect(response.body).toEqual({ detail });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });

    it('needs a signed-in user', async () => {
      for (const suffix of ['', '.csv', '/retention']) {
        const response = await h.http().get(log(mine, suffix)).expect(401);
        expect(response.body).toEqual({ detail: 'Could not validate credentials' });
      }
    });

    it("never shows one practice another's entries: 404 on every route, their rows untouched", async () => {
      const before = await rows(`"practice_id" = $1`, [mine.practice_id]);
      const since = await lastId();
      const outsiders = as(theirToken);
      for (const call of [
        outsiders.get(log(mine)),
        outsiders.get(`${log(mine)}?lead=${leadId}`),
        outsiders.get(log(mine, '.csv')),
        outsiders.get(log(mine, '/retention')),
        outsiders.put(log(mine, '/retention')).send({ retention_years: 10 }),
      ]) {
        const response = await call;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 404,
          body: { detail: 'Practice not found' },
        });
      }
      // Their own log holds nothing of mine: no entry of my staff, none about my lead.
      const their = (await outsiders.get(`${log(theirs)}?limit=200`).expect(200)).body
        .entries as AuditEntry[];
      expect(their.some((entry) => entry.user_id === staff.id)).toBe(false);
      expect(
        (await outsiders.get(`${log(theirs)}?lead=${leadId}`).expect(200)).body.entries.map(
          (entry: AuditEntry) => [entry.user_id, entry.status],
        ),
      ).toEqual([[outsider.id, 404]]);
      expect(await rows(`"practice_id" = $1 AND "audit_id" <= $2`, [mine.practice_id, since])).toEqual(
        before,
      );
      // The attempts are in the outsider's own practice's log, refused.
      const attempts = await rows(`"audit_id" > $1 AND "user_id" = $2 AND "status" = 404`, [
        since,
        outsider.id,
      ]);
      expect(attempts.length).toBe(4);
      expect(attempts.every((row) => row.practice_id === theirs.practice_id && row.status === 404)).toBe(
        true,
      );
      expect((await as(token).get(log(mine, '/retention')).expect(200)).body).toEqual({ retention_years: 6 });
    });

    it('keeps six years by default; the practice may keep it longer, never shorter', async () => {
      const api = as(token);
      expect((await api.get(log(second, '/retention')).expect(200)).body).toEqual({ retention_years: 6 });
      for (const value of [5, 31, 6.5, '7', null]) {
        const refused = await api.put(log(second, '/retention')).send({ retention_years: value }).expect(422);
        expect(refused.body).toEqual({ detail: AuditLogMessages.retention });
      }
      const since = await lastId();
      await api
        .put(log(second, '/retention'))
        .send({ retention_years: 10 })
        .expect(200, { retention_years: 10 });
      expect((await api.get(log(second, '/retention')).expect(200)).body).toEqual({ retention_years: 10 });
      const recorded = await rows(`"audit_id" > $1`, [since]);
      expect(recorded.map((row) => [row.practice_id, row.action, row.status])).toEqual([
        [second.practice_id, 'audit_log.retention_update', 200],
      ]);
    });
  });

  describe('append-only, kept per the practice’s retention', () => {
    const insertAged = async (practiceId: string, yearsAgo: number) =>
      (
        await h.dataSource.query(
          `INSERT INTO "gateway"."audit_log"
             ("practice_id", "occurred_at", "user_id", "user_email", "action", "resource_type", "resource_id",
              "lead_id", "status", "client_ip")
           VALUES ($1, now() - make_interval(years => $2, days => 1), $3, $4, 'lead.read', 'lead', $5, $5, 200, '10.0.0.1')
           RETURNING "audit_id"::text`,
          [practiceId, yearsAgo, staff.id, staff.email, leadId],
        )
      )[0].audit_id as string;

    it('refuses to change or remove an entry, even to the service’s own database user', async () => {
      const [entry] = await rows(`"practice_id" = $1`, [mine.practice_id]);
      const refused = async (sql: string) => {
        await expect(
          h.dataSource.query(sql, sql.includes('$1') ? [entry.audit_id] : []),
        ).rejects.toMatchObject({
          driverError: expect.objectContaining({ code: '42501' }),
        });
      };
      await refused(
        `UPDATE "gateway"."audit_log" SET "user_email" = 'someone@else.example' WHERE "audit_id" = $1`,
      );
      await refused(`UPDATE "gateway"."audit_log" SET "status" = 200`);
      await refused(`DELETE FROM "gateway"."audit_log" WHERE "audit_id" = $1`);
      await refused(`DELETE FROM "gateway"."audit_log"`);
      await refused(`TRUNCATE "gateway"."audit_log"`);
      // An entry five years old is still within the shortest retention.
      const recent = await insertAged(mine.practice_id, 5);
      await expect(
        h.dataSource.query(`DELETE FROM "gateway"."audit_log" WHERE "audit_id" = $1`, [recent]),
      ).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '42501' }) });
      expect(await rows(`"audit_id" = $1`, [entry.audit_id])).toEqual([entry]);
    });

    it('purges the entries past their practice’s retention, and only those', async () => {
      // mine keeps six years (the default); second keeps ten.
      await as(token)
        .put(`/api/v1/practices/${second.practice_id}/audit-log/retention`)
        .send({ retention_years: 10 })
        .expect(200);
      const mineOld = await insertAged(mine.practice_id, 7);
      const mineRecent = await insertAged(mine.practice_id, 5);
      const secondOld = await insertAged(second.practice_id, 7);
      const secondAncient = await insertAged(second.practice_id, 11);
      const before = (await rows()).length;

      const removed = await h.gateway.app.get(AuditLogService).purge();

      expect(removed).toBe(2);
      const left = (await rows()).map((row) => row.audit_id);
      expect(left).not.toContain(mineOld);
      expect(left).not.toContain(secondAncient);
      expect(left).toEqual(expect.arrayContaining([mineRecent, secondOld]));
      expect(left.length).toBe(before - 2);
      expect(await h.gateway.app.get(AuditLogService).purge()).toBe(0);
    });

    it('runs the purge every day, on the gateway’s queue', async () => {
      const queue = h.gateway.app.get<Queue>(getQueueToken(AUDIT_QUEUE));
      expect(await queue.getJobScheduler(PURGE_AUDIT_LOG_JOB)).toEqual(
        expect.objectContaining({ name: PURGE_AUDIT_LOG_JOB, every: 24 * 3_600_000 }),
      );
    });
  });

  describe('the writer', () => {
    it('writes the others when the database refuses one entry of a batch', async () => {
      const since = await lastId();
      const writer = h.gateway.app.get(AuditWriter);
      const base = {
        practice_id: second.practice_id,
        occurred_at: new Date(),
        user_id: staff.id,
        user_email: staff.email,
        action: 'lead.read' as const,
        resource_type: 'lead' as const,
        resource_id: leadId,
        lead_id: leadId,
        status: 200,
        client_ip: CLIENT_IP,
        user_agent: USER_AGENT,
        correlation_id: null,
      };
      writer.add([
        { ...base, status: 200 },
        { ...base, user_email: `${'x'.repeat(400)}@clinic.example`, status: 201 },
        { ...base, status: 202 },
      ]);
      await writer.flush();
      expect(writer.size).toBe(0);
      const written = await rows(`"audit_id" > $1`, [since]);
      expect(written.map((row) => row.status)).toEqual([200, 202]);
    });
  });

  describe('a request the user gave up on', () => {
    let slow: RunningService<GatewayConfig>;
    let hanging: Server;

    beforeAll(async () => {
      // A calendar that never answers, behind a second gateway on the same database.
      hanging = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      slow = await startTestService(gatewayService, gatewayDatabase, {
        DATABASE_URL: h.database.url,
        CONSOLE_DIR: '/nonexistent-console-build',
        TRUST_PROXY: 'true',
        PEOPLE_URL: people.url,
        CALENDAR_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
        UPSTREAM_TIMEOUT_MS: '60000',
      });
    });

    afterAll(async () => {
      await slow?.close();
      hanging?.closeAllConnections();
      hanging?.close();
    });

    it('is recorded with status 499 when the user closes the connection before the answer', async () => {
      const since = await lastId();
      const url = `/api/v1/calendar/appointments?practice_id=${mine.practice_id}&start_date=2030-01-01&end_date=2030-01-31`;
      await expect(as(token, slow.app).get(url).timeout(300)).rejects.toThrow(/Timeout/);
      const written = await eventually(async () => {
        await slow.app.get(AuditWriter).flush();
        const found = await rows(`"audit_id" > $1`, [since]);
        return found.length > 0 && found;
      }, 10_000);
      expect(written.map((row) => [row.practice_id, row.user_id, row.action, row.status])).toEqual([
        [mine.practice_id, staff.id, 'appointment.list', 499],
      ]);
    });
  });

  describe('when the log cannot be written', () => {
    let narrow: RunningService<GatewayConfig>;
    const log = (practice: TestPractice) => `/api/v1/practices/${practice.practice_id}/audit-log`;

    beforeAll(async () => {
      // A second gateway on the same database, whose writer holds two entries at most.
      narrow = await startTestService(gatewayService, gatewayDatabase, {
        DATABASE_URL: h.database.url,
        CONSOLE_DIR: '/nonexistent-console-build',
        TRUST_PROXY: 'true',
        PEOPLE_URL: people.url,
        CALENDAR_URL: calendar.url,
        AUDIT_BUFFER_MAX: '2',
      });
    });

    afterAll(async () => {
      await h.dataSource.query(`ALTER TABLE IF EXISTS "gateway"."audit_log_paused" RENAME TO "audit_log"`);
      await narrow?.close();
    });

    it('refuses patient requests once its entries wait, and loses none of them', async () => {
      const api = as(token, narrow.app);
      const since = await lastId();
      await h.dataSource.query(`ALTER TABLE "gateway"."audit_log" RENAME TO "audit_log_paused"`);

      await api.get(`/api/v1/people/${leadId}`).expect(200);
      await api.get(`/api/v1/people/${leadId}/events`).expect(200);
      await eventually(async () => narrow.app.get(AuditWriter).size === 2);
      const refused = await api.get(`/api/v1/people/${leadId}`).expect(503);
      expect(refused.body).toEqual({ detail: AuditLogMessages.unavailable });
      await api.get(log(mine)).expect(503, { detail: AuditLogMessages.unavailable });
      // What does not touch a patient record goes on.
      await api.get(`/api/v1/practices/${mine.practice_id}`).expect(200);

      await h.dataSource.query(`ALTER TABLE "gateway"."audit_log_paused" RENAME TO "audit_log"`);
      await eventually(async () => narrow.app.get(AuditWriter).size === 0, 15_000);
      const written = await rows(`"audit_id" > $1`, [since]);
      expect(written.map((row) => [row.action, row.lead_id, row.status])).toEqual([
        ['lead.read', leadId, 200],
        ['timeline.read', leadId, 200],
      ]);
      await api.get(`/api/v1/people/${leadId}`).expect(200);
    }, 30_000);
  });
});
