import { LeadEventV1, Topics } from '@pp/contracts';
import {
  eventually,
  GhlPeer,
  GhlPeerAppointment,
  leadPersonData,
  publishEvents,
  oauthCookieOf,
  startGhlPeer,
} from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GhlRateLimiter } from '../src/sync/ghl-rate-limiter';
import { CalendarSyncQueue } from '../src/sync/sync-queue';
import { Caller, CalendarHarness, startCalendar } from './calendar-harness';

/**
 * The two-way GoHighLevel sync (docs/decisions/0022-ghl-calendar-sync.md) on a real calendar service (real
 * PostgreSQL, Redis, Kafka, its calendar-sync worker) against a GoHighLevel peer on loopback that keeps contacts
 * and appointments and signs its webhooks. People is a loopback stub answering the lead lookups of a booking.
 */
describe('GoHighLevel two-way sync (real calendar service and worker, GoHighLevel peer)', () => {
  let h: CalendarHarness;
  let ghl: GhlPeer;
  let people: Server;
  let staff: Caller;
  let integrationId: string;
  const glow = randomUUID();
  const uptown = randomUUID();
  const ghlLocation = 'gl0wLoc4tion9SyncPeer';
  const webhookPath = '/api/v1/calendar/webhooks/ghl';
  let pulls = 0;

  /** The leads people knows (the booking asks it). */
  const leads = new Map<string, Record<string, unknown>>();
  const newLead = (first: string, last: string, email: string, phone: string) => {
    const id = randomUUID();
    leads.set(id, {
      person_id: id,
      practice_id: glow,
      first_name: first,
      last_name: last,
      primary_email: email,
      primary_phone: phone,
      enrichment_data: null,
    });
    return id;
  };

  /** A start `days` ahead at 15:00 UTC (10:00 in Dallas), minutes added. */
  const slot = (days: number, minutes = 0) => {
    const start = new Date(Date.UTC(2000, 0, 1, 15, minutes));
    const day = new Date(Date.now() + days * 86_400_000);
    start.setUTCFullYear(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    return start;
  };
  const plus30 = (date: Date) => new Date(date.getTime() + 30 * 60_000);

  async function book(personId: string, start: Date, title = 'Consultation') {
    const response = await h
      .http()
      .post(`/api/v1/calendar/appointments?practice_id=${glow}&location_id=${uptown}`)
      .set(await staff.headers())
      .send({
        person_id: personId,
        title,
        start_time: start.toISOString(),
        end_time: plus30(start).toISOString(),
      });
    expect(response.status).toBe(201);
    return response.body.appointment_id as string;
  }

  async function move(appointmentId: string, start: Date) {
    return h
      .http()
      .put(`/api/v1/calendar/appointments/${appointmentId}?practice_id=${glow}`)
      .set(await staff.headers())
      .send({ new_start_time: start.toISOString(), confirm_outside_hours: true });
  }

  interface Row {
    appointment_id: string;
    person_id: string | null;
    contact_id: string | null;
    provider_event_id: string | null;
    start_time: Date;
    end_time: Date;
    status: string;
    source: string;
    is_editable: boolean;
    title: string;
    location_id: string | null;
  }
  const row = async (appointmentId: string): Promise<Row> =>
    (
      await h.dataSource.query(`SELECT * FROM "calendar"."appointments" WHERE "appointment_id" = $1`, [
        appointmentId,
      ])
    )[0];
  const rowByEvent = async (eventId: string): Promise<Row | undefined> =>
    (
      await h.dataSource.query(`SELECT * FROM "calendar"."appointments" WHERE "provider_event_id" = $1`, [
        eventId,
      ])
    )[0];
  const peerAppointment = (eventId: string | null) => ghl.appointments().find((a) => a.id === eventId);
  const receipts = async () =>
    Number((await h.dataSource.query(`SELECT count(*) AS n FROM "calendar"."ghl_webhook_receipts"`))[0].n);

  /** Booked here, and pushed: the peer holds it. */
  async function bookedAndPushed(personId: string, start: Date) {
    const id = await book(personId, start);
    await eventually(async () => Boolean((await row(id)).provider_event_id), 30_000);
    const pushed = peerAppointment((await row(id)).provider_event_id) as GhlPeerAppointment;
    expect(pushed).toBeDefined();
    return { id, pushed };
  }

  const webhook = (
    type: 'AppointmentCreate' | 'AppointmentUpdate' | 'AppointmentDelete',
    appointment: GhlPeerAppointment,
    options?: Parameters<GhlPeer['sendWebhook']>[3],
  ) => ghl.sendWebhook(`${h.service.url}${webhookPath}`, type, appointment, options);

  /** The periodic pull, now (its schedule is an hour in this test). */
  async function pullNow() {
    pulls += 1;
    await h.service.app
      .get(CalendarSyncQueue)
      .add({ name: 'pull', data: { calendar_integration_id: integrationId } }, `pull.test.${pulls}`);
  }

  beforeAll(async () => {
    people = createServer((request, response) => {
      const id = /^\/api\/v1\/people\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
      const lead = leads.get(decodeURIComponent(id));
      response.writeHead(lead ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(lead ?? { detail: 'Person not found' }));
    });
    await new Promise<void>((resolve) => people.listen(0, '127.0.0.1', resolve));
    ghl = await startGhlPeer({
      clientId: 'pp-ghl-sync-client',
      clientSecret: randomBytes(16).toString('hex'),
      locationId: ghlLocation,
      calendars: [{ id: 'cal-main', name: 'Main Consults' }],
    });
    h = await startCalendar('ghl_sync', {
      ...ghl.env(),
      CALENDAR_TOKEN_KEY: randomBytes(32).toString('base64'),
      GHL_WEBHOOK_PUBLIC_KEY: ghl.webhookPublicKey,
      GHL_PULL_INTERVAL_SECONDS: '3600',
      PEOPLE_URL: `http://127.0.0.1:${(people.address() as AddressInfo).port}`,
      PUBLIC_BASE_URL: 'https://console.practice.example',
    });
    staff = h.caller([glow], 'Dana Reyes');
    await h.publishLocation('location_created', glow, uptown);

    // Connect GoHighLevel as the browser would, then assign its calendar to all locations.
    const started = await h
      .http()
      .get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${glow}`)
      .set(await staff.headers());
    expect(started.status).toBe(200);
    const back = await ghl.consent(started.body.authorization_url as string);
    await h.http().get(`${back.pathname}${back.search}`).set('Cookie', oauthCookieOf(started)).expect(302);
    const [integration] = (
      await h
        .http()
        .get(`/api/v1/calendar/integrations?practice_id=${glow}`)
        .set(await staff.headers())
    ).body as { calendar_integration_id: string; status: string }[];
    expect(integration.status).toBe('active');
    integrationId = integration.calendar_integration_id;
    const assigned = await h
      .http()
      .put(`/api/v1/calendar/integrations/${integrationId}/assignments`)
      .set(await staff.headers())
      .send({
        assignments: [
          { location_id: null, external_calendar_id: 'cal-main', calendar_name: 'Main Consults' },
        ],
      });
    expect(assigned.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
    await ghl?.close();
    await new Promise((resolve) => people?.close(resolve));
  });

  it('pushes a booking made here (contact from the lead, our times) and then its move', async () => {
    const lead = newLead('Maya', 'Lopez', 'maya.lopez@example.com', '+12145550101');
    const start = slot(3);
    const { id, pushed } = await bookedAndPushed(lead, start);
    expect(pushed).toMatchObject({
      calendarId: 'cal-main',
      title: 'Consultation',
      appointmentStatus: 'confirmed',
      startTime: start.toISOString(),
      endTime: plus30(start).toISOString(),
    });
    const contact = ghl.contacts().find((c) => c.id === pushed.contactId);
    expect(contact).toMatchObject({
      email: 'maya.lopez@example.com',
      phone: '+12145550101',
      firstName: 'Maya',
    });
    expect(await row(id)).toMatchObject({
      contact_id: pushed.contactId,
      source: 'practicepilot',
      is_editable: true,
    });

    const later = slot(4, 30);
    expect((await move(id, later)).status).toBe(200);
    await eventually(async () => peerAppointment(pushed.id)?.startTime === later.toISOString(), 30_000);
    expect(peerAppointment(pushed.id)?.endTime).toBe(plus30(later).toISOString());
    // One GoHighLevel appointment for it, never a second.
    expect(ghl.appointments().filter((a) => a.contactId === pushed.contactId)).toHaveLength(1);
  });

  it('an edit made in GoHighLevel arrives by its signed webhook and is announced on calendar.appointments', async () => {
    const lead = newLead('Noah', 'Kim', 'noah.kim@example.com', '+12145550102');
    const { id, pushed } = await bookedAndPushed(lead, slot(5));
    const moved = ghl.editOnGhl(pushed.id, {
      startTime: slot(6).toISOString(),
      endTime: plus30(slot(6)).toISOString(),
    });
    const sent = await webhook('AppointmentUpdate', moved);
    expect(sent.status).toBe(202);
    await eventually(async () => (await row(id)).start_time.getTime() === slot(6).getTime(), 30_000);
    const events = await h.outbox(id);
    expect(events.map((event) => event.type)).toEqual(['appointment_scheduled', 'appointment_rescheduled']);
    expect(events[1]).toMatchObject({
      previous: { start_time: slot(5).toISOString() },
      appointment: { start_time: slot(6).toISOString(), person_id: lead },
    });
  });

  it('a change whose webhook was missed arrives with the periodic pull: no-show, and a deletion', async () => {
    const lead = newLead('Ava', 'Singh', 'ava.singh@example.com', '+12145550103');
    const { id, pushed } = await bookedAndPushed(lead, slot(7));
    const other = await bookedAndPushed(
      newLead('Liam', 'Ortiz', 'liam.ortiz@example.com', '+12145550104'),
      slot(8),
    );
    ghl.editOnGhl(pushed.id, { appointmentStatus: 'noshow' });
    ghl.deleteOnGhl(other.pushed.id);
    await pullNow();
    await eventually(async () => (await row(id)).status === 'no_show', 30_000);
    await eventually(async () => (await row(other.id)).status === 'cancelled', 30_000);
    expect((await h.outbox(id)).map((event) => event.type)).toEqual([
      'appointment_scheduled',
      'appointment_no_show',
    ]);
    expect((await h.outbox(other.id)).map((event) => event.type)).toEqual([
      'appointment_scheduled',
      'appointment_cancelled',
    ]);
    const lastSync = await h.dataSource.query(
      `SELECT "last_sync_timestamp", "last_error" FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
      [integrationId],
    );
    expect(lastSync[0].last_sync_timestamp).not.toBeNull();
    expect(lastSync[0].last_error).toBeNull();
  });

  it('a deletion in GoHighLevel (AppointmentDelete) cancels ours, once', async () => {
    const lead = newLead('Emma', 'Ng', 'emma.ng@example.com', '+12145550105');
    const { id, pushed } = await bookedAndPushed(lead, slot(9));
    const gone = ghl.deleteOnGhl(pushed.id);
    expect((await webhook('AppointmentDelete', gone)).status).toBe(202);
    await eventually(async () => (await row(id)).status === 'cancelled', 30_000);
    // HighLevel sending it again (another webhookId) changes nothing.
    expect((await webhook('AppointmentDelete', gone)).status).toBe(202);
    await pullNow();
    await eventually(
      async () =>
        Number(
          (
            await h.dataSource.query(
              `SELECT count(*) AS n FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1 AND "last_sync_timestamp" > now() - interval '1 minute'`,
              [integrationId],
            )
          )[0].n,
        ) === 1,
      30_000,
    );
    const events = await h.outbox(id);
    expect(events.map((event) => event.type)).toEqual(['appointment_scheduled', 'appointment_cancelled']);
    expect(events[1]).toMatchObject({
      appointment: { status: 'cancelled' },
      previous: { start_time: slot(9).toISOString() },
    });
  });

  it('an appointment booked in GoHighLevel for an unknown contact becomes external and read-only here', async () => {
    const stranger = ghl.addContact({
      firstName: 'Walk',
      lastName: 'In',
      name: 'Walk In',
      email: 'walk.in@example.net',
      phone: null,
    });
    const booked = ghl.bookOnGhl({
      calendarId: 'cal-main',
      contactId: stranger.id,
      title: 'Follow-up (booked in GHL)',
      startTime: slot(10).toISOString(),
      endTime: plus30(slot(10)).toISOString(),
    });
    expect((await webhook('AppointmentCreate', booked)).status).toBe(202);
    await eventually(async () => Boolean(await rowByEvent(booked.id)), 30_000);
    const external = (await rowByEvent(booked.id)) as Row;
    expect(external).toMatchObject({
      source: 'ghl',
      is_editable: false,
      person_id: null,
      contact_id: stranger.id,
      title: 'Follow-up (booked in GHL)',
      status: 'confirmed',
    });
    expect(external.start_time.toISOString()).toBe(slot(10).toISOString());
    const refused = await move(external.appointment_id, slot(11));
    expect(refused.status).toBe(409);
    expect(typeof refused.body.detail).toBe('string');
    expect(await h.outbox(external.appointment_id)).toEqual([]);
    // Nothing was pushed back for it.
    expect(peerAppointment(booked.id)?.startTime).toBe(slot(10).toISOString());
  });

  it("an appointment booked in GoHighLevel for one of our leads (matched by phone) is the lead's", async () => {
    const lead = newLead('Olivia', 'Park', 'olivia.park@example.com', '+12145550106');
    await bookedAndPushed(lead, slot(12));
    // Staff add her again in GoHighLevel, with her number written another way and no e-mail.
    const again = ghl.addContact({
      firstName: 'Olivia',
      lastName: 'P.',
      name: 'Olivia P.',
      email: null,
      phone: '(214) 555-0106',
    });
    const booked = ghl.bookOnGhl({
      calendarId: 'cal-main',
      contactId: again.id,
      title: 'Second visit',
      startTime: slot(13).toISOString(),
      endTime: plus30(slot(13)).toISOString(),
    });
    await pullNow();
    await eventually(async () => Boolean(await rowByEvent(booked.id)), 30_000);
    const mine = (await rowByEvent(booked.id)) as Row;
    expect(mine).toMatchObject({ source: 'ghl', is_editable: true, person_id: lead, contact_id: again.id });
    const events = await h.outbox(mine.appointment_id);
    expect(events.map((event) => event.type)).toEqual(['appointment_scheduled']);
    expect(events[0]).toMatchObject({ appointment: { person_id: lead, source: 'ghl' } });
    // Ours now: a move here goes back to GoHighLevel.
    expect((await move(mine.appointment_id, slot(14))).status).toBe(200);
    await eventually(async () => peerAppointment(booked.id)?.startTime === slot(14).toISOString(), 30_000);
  });

  it("a GoHighLevel booking by a lead with no appointment here yet is the lead's: the practice's own directory", async () => {
    const lead = randomUUID();
    const namesake = randomUUID();
    const announced = (practiceId: string, personId: string, email: string): LeadEventV1 => ({
      v: 1,
      event_id: randomUUID(),
      practice_id: practiceId,
      occurred_at: new Date().toISOString(),
      type: 'lead_created',
      person_id: personId,
      person_data: leadPersonData({
        first_name: 'Nora',
        last_name: 'Quinn',
        stage: 'New Lead',
        primary_email: email,
      }),
    });
    // The same e-mail is a lead of another practice too: that one is never matched.
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [
      announced(randomUUID(), namesake, 'nora.quinn@example.com'),
      announced(glow, lead, 'Nora.Quinn@Example.com'),
    ]);
    await eventually(async () => {
      const known: unknown[] = await h.dataSource.query(
        `SELECT 1 FROM "calendar"."lead_contacts" WHERE "person_id" = ANY($1)`,
        [[lead, namesake]],
      );
      return known.length === 2;
    }, 30_000);
    const contact = ghl.addContact({
      firstName: 'Nora',
      lastName: 'Q.',
      name: 'Nora Q.',
      email: 'nora.quinn@example.com',
      phone: null,
    });
    const booked = ghl.bookOnGhl({
      calendarId: 'cal-main',
      contactId: contact.id,
      title: 'Consultation booked from the link',
      startTime: slot(19).toISOString(),
      endTime: plus30(slot(19)).toISOString(),
    });
    await pullNow();
    await eventually(async () => Boolean(await rowByEvent(booked.id)), 30_000);
    const mine = (await rowByEvent(booked.id)) as Row & {
      person_name: string | null;
      person_email: string | null;
    };
    expect(mine).toMatchObject({
      source: 'ghl',
      is_editable: true,
      person_id: lead,
      person_name: 'Nora Quinn',
      person_email: 'nora.quinn@example.com',
    });
    expect((await h.outbox(mine.appointment_id)).map((event) => event.type)).toEqual([
      'appointment_scheduled',
    ]);
  });

  it('refuses a webhook without a valid signature over its exact bytes, and stores nothing', async () => {
    const lead = newLead('Zoe', 'Diaz', 'zoe.diaz@example.com', '+12145550107');
    const { id, pushed } = await bookedAndPushed(lead, slot(15));
    const moved = ghl.editOnGhl(pushed.id, { appointmentStatus: 'cancelled' });
    const before = await receipts();
    for (const signature of ['none', 'bad', 'tampered'] as const) {
      const sent = await webhook('AppointmentUpdate', moved, { signature });
      expect({ signature, status: sent.status, body: sent.body }).toEqual({
        signature,
        status: 401,
        body: { detail: 'The webhook signature is missing or does not verify' },
      });
    }
    expect(await receipts()).toBe(before);
    expect((await row(id)).status).toBe('confirmed');
    expect(await h.outbox(id)).toHaveLength(1);
  });

  it('refuses a replayed webhook (same webhookId) and one outside the time window', async () => {
    const lead = newLead('Ella', 'Brooks', 'ella.brooks@example.com', '+12145550108');
    const { id, pushed } = await bookedAndPushed(lead, slot(16));
    const moved = ghl.editOnGhl(pushed.id, {
      startTime: slot(17).toISOString(),
      endTime: plus30(slot(17)).toISOString(),
    });
    const first = await webhook('AppointmentUpdate', moved);
    expect(first.status).toBe(202);
    const replay = await webhook('AppointmentUpdate', moved, { webhookId: first.webhookId });
    expect(replay).toMatchObject({ status: 409, body: { detail: 'This webhook was already received' } });
    const stale = await webhook('AppointmentUpdate', moved, {
      timestamp: new Date(Date.now() - 60 * 60_000).toISOString(),
    });
    expect(stale).toMatchObject({
      status: 401,
      body: { detail: 'The webhook timestamp is outside the accepted window' },
    });
    await eventually(async () => (await row(id)).start_time.getTime() === slot(17).getTime(), 30_000);
    expect((await h.outbox(id)).map((event) => event.type)).toEqual([
      'appointment_scheduled',
      'appointment_rescheduled',
    ]);
  });

  it('retries a push that GoHighLevel answered 429 (after its Retry-After) until it is held there', async () => {
    const lead = newLead('Mia', 'Chen', 'mia.chen@example.com', '+12145550109');
    const throttledBefore = ghl.throttled();
    ghl.throttleNext(1, 1);
    const { id, pushed } = await bookedAndPushed(lead, slot(18));
    expect(ghl.throttled()).toBe(throttledBefore + 1);
    expect(pushed.startTime).toBe(slot(18).toISOString());
    expect((await row(id)).provider_event_id).toBe(pushed.id);
  });

  it('counts GoHighLevel requests per location in Redis: 100 per 10 seconds', async () => {
    const limiter = h.service.app.get(GhlRateLimiter);
    const location = `rate-${randomUUID()}`;
    const waits: number[] = [];
    for (let i = 0; i < 100; i += 1) waits.push(await limiter.tryTake(location));
    expect(waits.every((wait) => wait === 0)).toBe(true);
    const over = await limiter.tryTake(location);
    expect(over).toBeGreaterThan(0);
    expect(over).toBeLessThanOrEqual(10_000);
    expect(await limiter.tryTake(`rate-${randomUUID()}`)).toBe(0);
  });

  it('a refused grant during a sync marks the integration error, as the health check does', async () => {
    ghl.revokeAll();
    await pullNow();
    await eventually(async () => {
      const [integration] = await h.dataSource.query(
        `SELECT "status", "last_error" FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
        [integrationId],
      );
      return integration.status === 'error';
    }, 30_000);
    const [integration] = await h.dataSource.query(
      `SELECT "status", "last_error" FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
      [integrationId],
    );
    expect(integration.last_error).toMatch(/no longer grants access|invalid_grant|refused/);
  });
});
