import {
  AnalyticsMetricsResponse,
  AppointmentEventV1,
  AppointmentEventType,
  EventEnvelope,
  LeadEventV1,
  PracticeOfferV1,
  Topics,
} from '@pp/contracts';
import {
  Caller,
  eventually,
  leadPersonData,
  publishEvents,
  testCaller,
  testPracticeSnapshot,
  TestPracticeSnapshot,
} from '@pp/testing';
import { PracticeReadModel } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { seedOverview } from '../src/overview/overview-seed';
import { AnalyticsHarness, startAnalytics } from './analytics-harness';

/**
 * The Overview against hand-computed fixtures, every one published as a real Kafka event. The practice is in
 * Dallas (America/Chicago); the period is 9..12 March 2030, which holds the spring-forward day (10 March, 23
 * hours); the previous period is 5..8 March. Times below are UTC with their Chicago wall-clock time.
 */
describe('the Overview (GET /api/v1/analytics/metrics)', () => {
  let analytics: AnalyticsHarness;
  let glow: TestPracticeSnapshot;
  let empty: TestPracticeSnapshot;
  let staff: Caller;
  let brokers: string[];
  /** Every fixture event published for the practice. */
  const published: EventEnvelope[] = [];

  const PATH = '/api/v1/analytics/metrics';
  const get = async (caller: Caller | null, query: Record<string, string>) => {
    const call = analytics.http().get(PATH).query(query);
    if (caller) for (const [name, value] of Object.entries(await caller.headers())) call.set(name, value);
    return call;
  };

  const lead = (
    practiceId: string,
    personId: string,
    createdAt: string,
    data: Partial<LeadEventV1['person_data']> = {},
  ): LeadEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: createdAt,
    type: 'lead_created',
    person_id: personId,
    person_data: leadPersonData({
      last_activity_at: createdAt,
      created_at: createdAt,
      procedures_of_interest: [],
      lead_score: null,
      ...data,
    }),
  });

  /** A lead_updated announcing a timeline event (the lead's name as people knows it now). */
  const message = (
    practiceId: string,
    personId: string,
    name: [string, string],
    timeline: { type: string; at: string; source: string | null; status?: string; event_id?: string },
  ): LeadEventV1 => ({
    ...lead(practiceId, personId, '2030-03-01T00:00:00.000Z', { first_name: name[0], last_name: name[1] }),
    type: 'lead_updated',
    occurred_at: timeline.at,
    person_data: leadPersonData({
      first_name: name[0],
      last_name: name[1],
      is_unseen: false,
      last_activity_at: timeline.at,
    }),
    timeline_event: {
      event_id: timeline.event_id ?? randomUUID(),
      event_type: timeline.type,
      timestamp: timeline.at,
      content_data: timeline.status ? { status: timeline.status } : {},
      source: timeline.source,
    },
  });

  const appointment = (
    practiceId: string,
    locationId: string,
    appointmentId: string,
    type: AppointmentEventType,
    at: string,
    title: string,
  ): AppointmentEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: at,
    type,
    appointment: {
      appointment_id: appointmentId,
      practice_id: practiceId,
      location_id: locationId,
      person_id: null,
      calendar_id: null,
      title,
      description: 'Booked by the AI concierge',
      location: 'Uptown Dallas',
      start_time: '2030-03-20T15:00:00.000Z',
      end_time: '2030-03-20T15:30:00.000Z',
      status: type === 'appointment_cancelled' ? 'cancelled' : 'confirmed',
      source: 'practicepilot',
    },
  });

  const ids = {
    l1: randomUUID(),
    l2: randomUUID(),
    l3: randomUUID(),
    l4: randomUUID(),
    l5: randomUUID(),
    l6: randomUUID(),
    l7: randomUUID(),
    l8: randomUUID(),
    l9: randomUUID(),
    e1: randomUUID(),
  };
  const appointments = {
    a1: randomUUID(),
    a2: randomUUID(),
    a3: randomUUID(),
    a4: randomUUID(),
    a5: randomUUID(),
  };

  beforeAll(async () => {
    analytics = await startAnalytics('analytics_overview');
    brokers = analytics.service.config.KAFKA_BROKERS;
    glow = await analytics.publishPractice();
    empty = await analytics.publishPractice();
    staff = testCaller([glow.practice.practice_id, empty.practice.practice_id]);
    const p = glow.practice.practice_id;
    const location = glow.locations[0].location_id;

    const leads: EventEnvelope[] = [
      // Current period (9..12 March).
      lead(p, ids.l1, '2030-03-09T06:30:00.000Z', {
        // 00:30 CST on 9 March: the first day.
        first_name: 'Ava',
        last_name: 'Stone',
        procedures_of_interest: ['Botox'],
        lead_score: 80,
      }),
      lead(p, ids.l6, '2030-03-09T20:00:00.000Z', { first_name: 'Mia', procedures_of_interest: ['Fillers'] }),
      // 23:30 CDT on 10 March (the 23-hour day): still 10 March.
      lead(p, ids.l3, '2030-03-11T04:30:00.000Z', {
        first_name: 'Noah',
        last_name: 'Reed',
        procedures_of_interest: ['Botox', 'Fillers'],
        lead_score: 60,
      }),
      // 23:30 CDT on 12 March: the last day.
      lead(p, ids.l7, '2030-03-13T04:30:00.000Z', { first_name: 'Late' }),
      // 00:30 CDT on 13 March: after the period.
      lead(p, ids.l4, '2030-03-13T05:30:00.000Z', { procedures_of_interest: ['Botox'], lead_score: 10 }),
      // Previous period (5..8 March): 23:30 CST on 8 March, 7 March, 00:00 CST on 5 March.
      lead(p, ids.l2, '2030-03-09T05:30:00.000Z', { first_name: 'Eli', procedures_of_interest: ['Laser'] }),
      lead(p, ids.l5, '2030-03-07T18:00:00.000Z'),
      lead(p, ids.l8, '2030-03-05T06:00:00.000Z'),
      // 23:59 CST on 4 March: before both.
      lead(p, ids.l9, '2030-03-05T05:59:00.000Z'),
    ];
    const e1 = message(p, ids.l1, ['Ava', 'Stone-Hart'], {
      type: 'sms_sent',
      at: '2030-03-09T15:00:00.000Z',
      source: 'ai_decision',
      status: 'delivered',
      event_id: ids.e1,
    });
    const messages: EventEnvelope[] = [
      e1,
      // The same Kafka event again (a redelivery): counted once.
      e1,
      message(p, ids.l1, ['Ava', 'Stone-Hart'], {
        type: 'sms_received',
        at: '2030-03-09T15:05:00.000Z',
        source: 'twilio',
      }),
      message(p, ids.l3, ['Noah', 'Reed'], {
        type: 'email_sent',
        at: '2030-03-12T16:00:00.000Z',
        source: 'ai_decision',
      }),
      message(p, ids.l3, ['Noah', 'Reed'], {
        type: 'email_sent',
        at: '2030-03-12T17:00:00.000Z',
        source: 'human_action',
      }),
      // Not a communication event.
      message(p, ids.l6, ['Mia', ''], {
        type: 'pending_review',
        at: '2030-03-10T12:00:00.000Z',
        source: 'ai_engine',
      }),
      // Previous period: an AI call (8 minutes).
      message(p, ids.l2, ['Eli', ''], {
        type: 'phone_call_sent',
        at: '2030-03-06T16:00:00.000Z',
        source: 'ai_engine',
      }),
      // After the period (00:30 CDT on 13 March).
      message(p, ids.l1, ['Ava', 'Stone-Hart'], {
        type: 'sms_sent',
        at: '2030-03-13T05:30:00.000Z',
        source: 'ai_decision',
      }),
    ];
    const consults: EventEnvelope[] = [
      appointment(
        p,
        location,
        appointments.a1,
        'appointment_scheduled',
        '2030-03-09T16:00:00.000Z',
        'Botox consultation',
      ),
      appointment(
        p,
        location,
        appointments.a2,
        'appointment_scheduled',
        '2030-03-10T16:00:00.000Z',
        'Rhinoplasty consult',
      ),
      appointment(
        p,
        location,
        appointments.a3,
        'appointment_scheduled',
        '2030-03-11T16:00:00.000Z',
        'Consultation',
      ),
      appointment(
        p,
        location,
        appointments.a3,
        'appointment_cancelled',
        '2030-03-11T18:00:00.000Z',
        'Consultation',
      ),
      appointment(
        p,
        location,
        appointments.a4,
        'appointment_scheduled',
        '2030-03-12T16:00:00.000Z',
        'Consultation',
      ),
      appointment(
        p,
        location,
        appointments.a4,
        'appointment_rescheduled',
        '2030-03-12T17:00:00.000Z',
        'Consultation',
      ),
      appointment(
        p,
        location,
        appointments.a4,
        'appointment_no_show',
        '2030-03-21T17:00:00.000Z',
        'Consultation',
      ),
      appointment(
        p,
        location,
        appointments.a5,
        'appointment_scheduled',
        '2030-03-06T16:00:00.000Z',
        'Consultation',
      ),
    ];
    const offer: PracticeOfferV1 = {
      v: 1,
      event_id: randomUUID(),
      practice_id: p,
      occurred_at: new Date().toISOString(),
      type: 'practice_offer',
      promotions: [],
      consultation_fees: [
        {
          modality: 'medspa',
          location_id: null,
          location_name: null,
          fee: 100,
          currency: 'USD',
          is_free: false,
        },
        {
          modality: 'surgery',
          location_id: null,
          location_name: null,
          fee: null,
          currency: 'USD',
          is_free: true,
        },
      ],
      procedures: [
        {
          procedure_id: randomUUID(),
          name: 'Rhinoplasty',
          parent_name: null,
          prices: [
            {
              location_id: null,
              location_name: null,
              price_min: 8000,
              price_max: 9000,
              unit: null,
              currency: 'USD',
            },
          ],
        },
      ],
    };
    published.push(...leads, ...messages, ...consults, offer);
    await publishEvents(brokers, Topics.leadEvents, [...leads, ...messages]);
    await publishEvents(brokers, Topics.calendarAppointments, consults);
    await publishEvents(brokers, Topics.knowledgeChanges, [offer]);
  }, 120_000);

  afterAll(async () => {
    await analytics?.stop();
  });

  /** The Overview once every fixture event has been taken in (the consults valued under the offer). */
  /** The Overview once analytics has taken in every fixture event (its inbox holds each one's id). */
  const settled = async () => {
    const ids = [...new Set(published.map((event) => event.event_id))];
    await eventually(async () => {
      const [row]: { count: number }[] = await analytics.dataSource.query(
        `SELECT count(DISTINCT "event_id")::int AS "count" FROM "analytics"."inbox" WHERE "event_id" = ANY($1::uuid[])`,
        [ids],
      );
      return row.count === ids.length;
    }, 60_000);
    const response = await get(staff, {
      practice_id: glow.practice.practice_id,
      start_date: '2030-03-09',
      end_date: '2030-03-12',
    });
    expect(response.status).toBe(200);
    return response;
  };

  it('answers the four summary metrics with their change against the previous period', async () => {
    const response = await settled();
    expect(response.headers['cache-control']).toBe('no-store');
    expect((response.body as AnalyticsMetricsResponse).metrics).toEqual({
      // 100 (Botox, medspa fee) + 8500 (Rhinoplasty: free surgical consult, price midpoint) + 100 (the no-show);
      // the cancelled one counts nothing. Previous: 100.
      conv_value: { value: 8700, change_percent: 8600 },
      // AI SMS 3 + AI e-mail 5 (staff's e-mail and the inbound SMS save nothing); previous: an AI call, 8.
      time_saved: { value: 8, change_percent: 0 },
      // Four leads against three: +33.3 %.
      leads: { value: 4, change_percent: 33.3 },
      // Three booked (one cancelled) against one.
      scheduled_consults: { value: 3, change_percent: 200 },
    });
  });

  it("plots every day of the period on the practice's clock, zero days included", async () => {
    const body = (await settled()).body as AnalyticsMetricsResponse;
    expect(body.chart_data).toEqual([
      { date: '2030-03-09', leads: 2 },
      { date: '2030-03-10', leads: 1 },
      { date: '2030-03-11', leads: 0 },
      { date: '2030-03-12', leads: 1 },
    ]);
  });

  it("counts the period's leads per procedure of interest with their average interest", async () => {
    const body = (await settled()).body as AnalyticsMetricsResponse;
    expect(body.procedure_distribution).toEqual([
      { procedure_name: 'Botox', lead_count: 2, avg_interest_score: 70 },
      { procedure_name: 'Fillers', lead_count: 2, avg_interest_score: 60 },
    ]);
    expect(body.total_unique_procedures).toBe(2);
  });

  it("lists the period's communication events newest first with the lead's current name", async () => {
    const body = (await settled()).body as AnalyticsMetricsResponse;
    expect(
      body.recent_events.map(({ event_id, ...rest }) => ({ ...rest, known: event_id.length > 0 })),
    ).toEqual([
      {
        type: 'email_sent',
        direction: 'outgoing',
        contact_id: ids.l3,
        contact_name: 'Noah Reed',
        timestamp: '2030-03-12T17:00:00.000Z',
        status: null,
        known: true,
      },
      {
        type: 'email_sent',
        direction: 'outgoing',
        contact_id: ids.l3,
        contact_name: 'Noah Reed',
        timestamp: '2030-03-12T16:00:00.000Z',
        status: null,
        known: true,
      },
      {
        type: 'sms_received',
        direction: 'incoming',
        contact_id: ids.l1,
        contact_name: 'Ava Stone-Hart',
        timestamp: '2030-03-09T15:05:00.000Z',
        status: null,
        known: true,
      },
      {
        type: 'sms_sent',
        direction: 'outgoing',
        contact_id: ids.l1,
        contact_name: 'Ava Stone-Hart',
        timestamp: '2030-03-09T15:00:00.000Z',
        status: 'delivered',
        known: true,
      },
    ]);
    expect(body.recent_events[3].event_id).toBe(ids.e1);
  });

  it('compares a single day with the day before', async () => {
    await settled();
    const response = await get(staff, {
      practice_id: glow.practice.practice_id,
      start_date: '2030-03-09',
      end_date: '2030-03-09',
    });
    expect(response.status).toBe(200);
    const body = response.body as AnalyticsMetricsResponse;
    // 9 March: L1 and L6; 8 March: L2 (23:30 CST).
    expect(body.metrics.leads).toEqual({ value: 2, change_percent: 100 });
    expect(body.chart_data).toEqual([{ date: '2030-03-09', leads: 2 }]);
    expect(body.procedure_distribution.map((item) => item.procedure_name)).toEqual(['Botox', 'Fillers']);
  });

  it('answers zeros, zero days and empty lists for a practice without data', async () => {
    const response = await get(staff, {
      practice_id: empty.practice.practice_id,
      start_date: '2030-03-09',
      end_date: '2030-03-10',
    });
    expect(response.status).toBe(200);
    const zero = { value: 0, change_percent: 0 };
    expect(response.body).toEqual({
      metrics: { conv_value: zero, time_saved: zero, leads: zero, scheduled_consults: zero },
      procedure_distribution: [],
      total_unique_procedures: 0,
      chart_data: [
        { date: '2030-03-09', leads: 0 },
        { date: '2030-03-10', leads: 0 },
      ],
      recent_events: [],
    });
  });

  it("answers another practice's id, and an unknown one, as not found before looking at the dates", async () => {
    await settled();
    const outsider = testCaller([empty.practice.practice_id]);
    for (const query of [
      { practice_id: glow.practice.practice_id, start_date: '2030-03-09', end_date: '2030-03-12' },
      { practice_id: glow.practice.practice_id, start_date: 'bad', end_date: 'worse' },
      { practice_id: randomUUID(), start_date: '2030-03-09', end_date: '2030-03-12' },
    ]) {
      const response = await get(outsider, query);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Practice not found' });
    }
  });

  it('refuses missing, malformed, reversed and too long ranges (422 with the rule)', async () => {
    const practice_id = glow.practice.practice_id;
    const cases: [Record<string, string>, string][] = [
      [{ practice_id, end_date: '2030-03-12' }, 'start_date and end_date are required'],
      [
        { practice_id, start_date: '2030/03/09', end_date: '2030-03-12' },
        'Dates must be real days in the format YYYY-MM-DD',
      ],
      [
        { practice_id, start_date: '2030-02-30', end_date: '2030-03-12' },
        'Dates must be real days in the format YYYY-MM-DD',
      ],
      [
        { practice_id, start_date: '2030-03-12', end_date: '2030-03-09' },
        'end_date must not be before start_date',
      ],
      [
        { practice_id, start_date: '2030-01-01', end_date: '2031-01-02' },
        'The date range must not span more than 366 days',
      ],
    ];
    for (const [query, detail] of cases) {
      const response = await get(staff, query);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail });
    }
  });

  describe("the demo seed (people's handoff) and a practice whose clock arrives later", () => {
    // 04:30 UTC on 2 April 2030: 00:30 on 2 April in New York (the platform default), 23:30 on 1 April in Dallas.
    const at = '2030-04-02T04:30:00.000Z';
    const practiceId = randomUUID();
    const personId = randomUUID();
    const handoff = {
      v: 1 as const,
      written_at: new Date().toISOString(),
      leads: [
        {
          practice_id: practiceId,
          person_id: personId,
          created_at: at,
          name: 'Zoe Park',
          procedures_of_interest: ['Botox'],
          lead_score: 90,
        },
      ],
      messages: [
        {
          event_id: randomUUID(),
          practice_id: practiceId,
          person_id: personId,
          type: 'sms_sent',
          timestamp: at,
          status: 'delivered',
          source: 'ai_decision',
        },
      ],
      consults: [
        {
          appointment_id: randomUUID(),
          practice_id: practiceId,
          person_id: personId,
          location_id: null,
          title: 'Consultation',
          description: null,
          status: 'confirmed' as const,
          booked_at: at,
        },
      ],
    };
    const owner = testCaller([practiceId]);
    const day = async (date: string) => {
      const response = await get(owner, { practice_id: practiceId, start_date: date, end_date: date });
      expect(response.status).toBe(200);
      return response.body as AnalyticsMetricsResponse;
    };

    it('fills the Overview from the handoff, once, on the clock analytics knows', async () => {
      expect(await seedOverview(analytics.dataSource, handoff)).toEqual({
        practices: 1,
        leads: 1,
        messages: 1,
        consults: 1,
      });
      // A second run adds nothing.
      expect(await seedOverview(analytics.dataSource, handoff)).toEqual({
        practices: 1,
        leads: 0,
        messages: 0,
        consults: 0,
      });
      const body = await day('2030-04-02');
      expect(body.metrics).toEqual({
        // No offer yet: the consult is worth 0 for now.
        conv_value: { value: 0, change_percent: 0 },
        time_saved: { value: 3, change_percent: 100 },
        leads: { value: 1, change_percent: 100 },
        scheduled_consults: { value: 1, change_percent: 100 },
      });
      expect(body.recent_events).toEqual([
        expect.objectContaining({ contact_id: personId, contact_name: 'Zoe Park', status: 'delivered' }),
      ]);
    });

    it("re-days everything when the practice's own clock arrives, and values the consults with its offer", async () => {
      await analytics.publishPractice(testPracticeSnapshot({ practice_id: practiceId }));
      // Its primary location (Dallas) follows the practice on the topic.
      const practices = analytics.service.app.get(PracticeReadModel);
      await eventually(async () => (await practices.timezone(practiceId)) === 'America/Chicago', 30_000);
      expect((await day('2030-04-01')).metrics.leads.value).toBe(1);
      expect((await day('2030-04-01')).chart_data).toEqual([{ date: '2030-04-01', leads: 1 }]);
      expect((await day('2030-04-02')).metrics.leads.value).toBe(0);

      await publishEvents(brokers, Topics.knowledgeChanges, [
        {
          v: 1,
          event_id: randomUUID(),
          practice_id: practiceId,
          occurred_at: new Date().toISOString(),
          type: 'practice_offer',
          procedures: [],
          promotions: [],
          consultation_fees: [
            {
              modality: 'medspa',
              location_id: null,
              location_name: null,
              fee: 120,
              currency: 'USD',
              is_free: false,
            },
          ],
        } as PracticeOfferV1,
      ]);
      const valued = await eventually(async () => {
        const body = await day('2030-04-01');
        return body.metrics.conv_value.value === 120 ? body : false;
      }, 30_000);
      expect(valued.metrics.scheduled_consults.value).toBe(1);
    });
  });

  it('refuses a call without the identity the gateway adds', async () => {
    const response = await get(null, {
      practice_id: glow.practice.practice_id,
      start_date: '2030-03-09',
      end_date: '2030-03-12',
    });
    expect(response.status).toBe(401);
  });
});
