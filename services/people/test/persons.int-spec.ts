import { LEAD_STAGES, LeadListResponse, LeadStatsResponse, PersonDto, TimelineEventDto } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { Person } from '../src/persons/person.entity';
import { Caller, PeopleHarness, startPeople } from './people-harness';

describe('people API: lists, stats, a lead, its timeline and seen state', () => {
  let h: PeopleHarness;
  let staff: Caller;
  let outsider: Caller;
  const practice = randomUUID();
  const otherPractice = randomUUID();

  beforeAll(async () => {
    h = await startPeople('persons');
    staff = h.caller([practice], 'Avery Stone');
    outsider = h.caller([otherPractice], 'Riley Outsider');
  });

  afterAll(async () => {
    await h?.stop();
  });

  /** A GET as the given caller. */
  const get = async (caller: Caller, path: string, query: Record<string, string | number> = {}) =>
    h
      .http()
      .get(path)
      .query(query)
      .set(await caller.headers());

  /** A fresh practice of its own, so counts and pages are exactly the test's leads. */
  const freshPractice = () => {
    const id = randomUUID();
    return { id, caller: h.caller([id], 'Avery Stone') };
  };

  /** The list order straight from the database: created_at DESC, person_id DESC. */
  const dbOrder = async (practiceId: string): Promise<string[]> =>
    (
      await h.dataSource.query(
        `SELECT "person_id" FROM "people"."persons" WHERE "practice_id" = $1
          ORDER BY "created_at" DESC, "person_id" DESC`,
        [practiceId],
      )
    ).map((row: { person_id: string }) => row.person_id);

  const ids = (items: PersonDto[]) => items.map((item) => item.person_id);

  describe('GET /api/v1/people/', () => {
    it('returns the newest leads first, 50 by default, with no way up from the top', async () => {
      const { id, caller } = freshPractice();
      await h.leads.many(id, 55);
      const response = await get(caller, '/api/v1/people/', { practice_id: id });
      expect(response.status).toBe(200);
      const page = response.body as LeadListResponse;
      expect(page.items).toHaveLength(50);
      expect(ids(page.items)).toEqual((await dbOrder(id)).slice(0, 50));
      expect(page.prev_cursor).toBeNull();
      expect(typeof page.next_cursor).toBe('string');
      expect(page.items[0]).not.toHaveProperty('search_text');
    });

    it('pages down and back up without gaps or repeats while new leads keep arriving', async () => {
      const { id, caller } = freshPractice();
      await h.leads.many(id, 47);
      const original = await dbOrder(id);
      const list = (query: Record<string, string>) =>
        get(caller, '/api/v1/people/', { practice_id: id, limit: 10, ...query }).then((r) => {
          expect(r.status).toBe(200);
          return r.body as LeadListResponse;
        });

      // Down: a new lead arrives between every page load.
      const pages: LeadListResponse[] = [await list({})];
      while (pages[pages.length - 1].next_cursor) {
        await h.leads.person(id);
        pages.push(await list({ after: pages[pages.length - 1].next_cursor! }));
      }
      expect(pages).toHaveLength(5);
      expect(pages.flatMap((page) => ids(page.items))).toEqual(original);
      expect(pages[4].items).toHaveLength(7);
      expect(pages.slice(1).every((page) => page.prev_cursor !== null)).toBe(true);

      // Back up from the last page: the same pages again, then the leads that arrived meanwhile.
      const everyLead = await dbOrder(id);
      const arrived = everyLead.slice(0, everyLead.length - original.length);
      expect(arrived).toHaveLength(4);
      let page = pages[4];
      const seenGoingUp: string[] = ids(page.items);
      for (let index = 3; index >= 0; index--) {
        page = await list({ before: page.prev_cursor! });
        expect(ids(page.items)).toEqual(ids(pages[index].items));
        seenGoingUp.unshift(...ids(page.items));
      }
      expect(page.prev_cursor).not.toBeNull();
      page = await list({ before: page.prev_cursor! });
      expect(ids(page.items)).toEqual(arrived);
      expect(page.prev_cursor).toBeNull();
      seenGoingUp.unshift(...ids(page.items));
      expect(seenGoingUp).toEqual(everyLead);
      expect(new Set(seenGoingUp).size).toBe(seenGoingUp.length);
    });

    it('never splits or repeats leads created in the same millisecond or microseconds apart', async () => {
      const { id, caller } = freshPractice();
      const same = new Date('2025-03-01T10:00:00.123Z');
      for (let i = 0; i < 9; i++) await h.leads.person(id, { created_at: same });
      const close = await Promise.all([0, 1, 2, 3, 4, 5].map(() => h.leads.person(id)));
      for (const [index, lead] of close.entries()) {
        await h.dataSource.query(`UPDATE "people"."persons" SET "created_at" = $1 WHERE "person_id" = $2`, [
          `2025-03-01 10:00:00.12300${index + 1}+00`,
          lead.person_id,
        ]);
      }
      const collected: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await get(caller, '/api/v1/people/', {
          practice_id: id,
          limit: 4,
          ...(cursor ? { after: cursor } : {}),
        });
        collected.push(...ids(response.body.items));
        cursor = response.body.next_cursor;
      } while (cursor);
      expect(collected).toEqual(await dbOrder(id));
      expect(collected).toHaveLength(15);
    });

    it('filters by sidebar filter id or stage name, and by pending review', async () => {
      const { id, caller } = freshPractice();
      const escalated = await h.leads.many(id, 3, { stage: 'Escalated' });
      const scheduled = await h.leads.many(id, 2, { stage: 'Scheduled' });
      const review = await h.leads.many(id, 2, { stage: 'Lead', pending_review_type: 'approval' });
      const reviewEscalated = await h.leads.person(id, {
        stage: 'Escalated',
        pending_review_type: 'escalate',
      });
      const list = async (query: Record<string, string>) => {
        const response = await get(caller, '/api/v1/people/', { practice_id: id, ...query });
        expect(response.status).toBe(200);
        return new Set(ids(response.body.items));
      };
      const set = (people: Person[]) => new Set(people.map((person) => person.person_id));

      expect(await list({ stage: 'escalated' })).toEqual(set([...escalated, reviewEscalated]));
      expect(await list({ stage: 'Escalated' })).toEqual(set([...escalated, reviewEscalated]));
      expect(await list({ stage: 'consultations' })).toEqual(set(scheduled));
      expect(await list({ stage: 'Scheduled' })).toEqual(set(scheduled));
      expect(await list({ stage: 'closed' })).toEqual(new Set());
      expect(await list({ stage: 'review' })).toEqual(set([...review, reviewEscalated]));
      expect(await list({ pending_review: 'true' })).toEqual(set([...review, reviewEscalated]));
      expect(await list({ stage: 'escalated', pending_review: 'true' })).toEqual(set([reviewEscalated]));
      expect((await list({ stage: 'all' })).size).toBe(8);
      expect((await list({})).size).toBe(8);
    });

    it('pages through a filtered list with the filter kept on every page', async () => {
      const { id, caller } = freshPractice();
      await h.leads.many(id, 7, { stage: 'Attempting Contact' });
      await h.leads.many(id, 5, { stage: 'Lead' });
      const first = await get(caller, '/api/v1/people/', { practice_id: id, stage: 'attempting', limit: 4 });
      const second = await get(caller, '/api/v1/people/', {
        practice_id: id,
        stage: 'attempting',
        limit: 4,
        after: first.body.next_cursor,
      });
      const all = [...first.body.items, ...second.body.items] as PersonDto[];
      expect(all).toHaveLength(7);
      expect(all.every((person) => person.stage === 'Attempting Contact')).toBe(true);
      expect(second.body.next_cursor).toBeNull();
    });

    it('starts a page at a deep-linked lead, with the newer leads one cursor away', async () => {
      const { id, caller } = freshPractice();
      await h.leads.many(id, 12);
      const order = await dbOrder(id);
      const anchored = await get(caller, '/api/v1/people/', {
        practice_id: id,
        anchor_id: order[5],
        limit: 4,
      });
      expect(anchored.status).toBe(200);
      expect(ids(anchored.body.items)).toEqual(order.slice(5, 9));
      expect(anchored.body.prev_cursor).not.toBeNull();
      const above = await get(caller, '/api/v1/people/', {
        practice_id: id,
        before: anchored.body.prev_cursor,
        limit: 4,
      });
      expect(ids(above.body.items)).toEqual(order.slice(1, 5));
      const below = await get(caller, '/api/v1/people/', {
        practice_id: id,
        after: anchored.body.next_cursor,
        limit: 4,
      });
      expect(ids(below.body.items)).toEqual(order.slice(9, 12));

      const newest = await get(caller, '/api/v1/people/', { practice_id: id, anchor_id: order[0] });
      expect(ids(newest.body.items)).toEqual(order);
      expect(newest.body.prev_cursor).toBeNull();
      expect(newest.body.next_cursor).toBeNull();
    });

    it('answers 404 for an anchor outside the practice or the filter', async () => {
      const { id, caller } = freshPractice();
      const lead = await h.leads.person(id, { stage: 'Lead' });
      const foreign = await h.leads.person(otherPractice);
      const queries: Record<string, string>[] = [
        { anchor_id: foreign.person_id },
        { anchor_id: lead.person_id, stage: 'escalated' },
        { anchor_id: lead.person_id, stage: 'review' },
        { anchor_id: 'not-a-uuid' },
        { anchor_id: randomUUID() },
      ];
      for (const query of queries) {
        const response = await get(caller, '/api/v1/people/', { practice_id: id, ...query });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Person not found' });
      }
    });

    it('rejects bad parameters with 422 and a clear detail', async () => {
      const cases: [Record<string, string | number>, string | RegExp][] = [
        [{ stage: 'Nope' }, /^Unknown stage 'Nope'/],
        [{ pending_review: 'maybe' }, 'pending_review must be true or false'],
        [{ after: 'garbage' }, 'Invalid cursor'],
        [{ before: Buffer.from('["x","y"]').toString('base64url') }, 'Invalid cursor'],
        [{ after: 'abc', before: 'def' }, 'Use only one of after, before and anchor_id'],
        [{ limit: 0 }, 'limit must be a whole number from 1 to 200'],
        [{ limit: 201 }, 'limit must be a whole number from 1 to 200'],
        [{ limit: 'ten' }, 'limit must be a whole number from 1 to 200'],
        [{ sort: 'name' }, /sort/],
      ];
      for (const [query, detail] of cases) {
        const response = await get(staff, '/api/v1/people/', { practice_id: practice, ...query });
        expect({ query, status: response.status }).toEqual({ query, status: 422 });
        expect(response.body.detail).toMatch(detail);
      }
      const missing = await get(staff, '/api/v1/people/');
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual({ detail: 'practice_id is required' });
    });

    it("answers 404 for a practice that is not the caller's, and never shows its leads", async () => {
      await h.leads.person(otherPractice);
      const response = await get(staff, '/api/v1/people/', { practice_id: otherPractice });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Practice not found' });
      const mine = await get(staff, '/api/v1/people/', { practice_id: practice });
      expect((mine.body.items as PersonDto[]).every((item) => item.practice_id === practice)).toBe(true);
    });
  });

  describe('GET /api/v1/people/stats', () => {
    it('counts every stage (zero included) and the leads needing review', async () => {
      const { id, caller } = freshPractice();
      await h.leads.many(id, 3, { stage: 'Lead' });
      await h.leads.many(id, 2, { stage: 'Escalated', pending_review_type: 'escalate' });
      await h.leads.person(id, { stage: 'Scheduled', pending_review_type: 'approval' });
      const response = await get(caller, '/api/v1/people/stats', { practice_id: id });
      expect(response.status).toBe(200);
      const stats = response.body as LeadStatsResponse;
      expect(stats.total).toBe(6);
      expect(stats.needs_review).toBe(3);
      expect(Object.keys(stats.by_stage).sort()).toEqual([...LEAD_STAGES].sort());
      expect(stats.by_stage).toMatchObject({ Lead: 3, Escalated: 2, Scheduled: 1, 'Closed - Lost': 0 });
    });

    it('stays consistent after a stage is changed', async () => {
      const { id, caller } = freshPractice();
      const [lead] = await h.leads.many(id, 2, { stage: 'Lead' });
      const patch = await h
        .http()
        .patch(`/api/v1/people/${lead.person_id}`)
        .set(await caller.headers())
        .send({ stage: 'Booked Procedure' });
      expect(patch.status).toBe(200);
      const stats = (await get(caller, '/api/v1/people/stats', { practice_id: id }))
        .body as LeadStatsResponse;
      expect(stats.total).toBe(2);
      expect(stats.by_stage).toMatchObject({ Lead: 1, 'Booked Procedure': 1 });
      const list = await get(caller, '/api/v1/people/', { practice_id: id, stage: 'procedures' });
      expect(ids(list.body.items)).toEqual([lead.person_id]);
    });

    it('keeps the counts equal to the leads through bulk inserts, moves, review changes and deletes', async () => {
      const { id, caller } = freshPractice();
      const actual = async () => {
        const rows: { stage: string; total: number; review: number }[] = await h.dataSource.query(
          `SELECT "stage", count(*)::int AS "total", count(*) FILTER (WHERE "pending_review_type" IS NOT NULL)::int AS "review"
             FROM "people"."persons" WHERE "practice_id" = $1 GROUP BY "stage"`,
          [id],
        );
        const by_stage = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0]));
        for (const row of rows) by_stage[row.stage] = row.total;
        const sum = (key: 'total' | 'review') => rows.reduce((acc, row) => acc + row[key], 0);
        return { total: sum('total'), needs_review: sum('review'), by_stage };
      };
      const stats = async () => (await get(caller, '/api/v1/people/stats', { practice_id: id })).body;

      // one statement inserting many rows (as the seed and imports do)
      await h.dataSource.query(
        `INSERT INTO "people"."persons" ("practice_id", "stage", "pending_review_type")
         SELECT $1, (ARRAY['Lead', 'Escalated', 'Scheduled'])[1 + g % 3], CASE WHEN g % 4 = 0 THEN 'approval' END
           FROM generate_series(1, 40) AS g`,
        [id],
      );
      expect(await stats()).toEqual(await actual());
      await h.dataSource.query(
        `UPDATE "people"."persons" SET "stage" = 'Closed - Lost', "pending_review_type" = NULL
          WHERE "practice_id" = $1 AND "stage" = 'Escalated'`,
        [id],
      );
      await h.dataSource.query(
        `UPDATE "people"."persons" SET "pending_review_type" = 'escalate' WHERE "practice_id" = $1 AND "stage" = 'Lead'`,
        [id],
      );
      await h.dataSource.query(
        `UPDATE "people"."persons" SET "last_activity_at" = now() WHERE "practice_id" = $1`,
        [id],
      );
      await h.dataSource.query(
        `DELETE FROM "people"."persons" WHERE "practice_id" = $1 AND "stage" = 'Scheduled'`,
        [id],
      );
      const after = await actual();
      expect(after.by_stage['Closed - Lost']).toBeGreaterThan(0);
      expect(await stats()).toEqual(after);
    });

    it('lets two sessions add leads to one practice at once, the counts still exact', async () => {
      const { id, caller } = freshPractice();
      // Two sessions whose counts go to different slots (backend pid modulo 16): open a few, keep two that differ.
      const runners = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const runner = h.dataSource.createQueryRunner();
          await runner.connect();
          const [{ pid }] = await runner.query(`SELECT pg_backend_pid() AS "pid"`);
          return { runner, slot: pid % 16 };
        }),
      );
      try {
        const first = runners[0];
        const second = runners.find((r) => r.slot !== first.slot);
        if (!second) throw new Error('six sessions, one slot: cannot happen with distinct pids');
        const addLead = (runner: typeof first.runner, stage: string) =>
          runner.query(`INSERT INTO "people"."persons" ("practice_id", "stage") VALUES ($1, $2)`, [
            id,
            stage,
          ]);
        await first.runner.startTransaction();
        await addLead(first.runner, 'Lead');
        // With one count row per practice and stage the second insert waited for the first commit.
        await second.runner.startTransaction();
        await second.runner.query(`SET LOCAL lock_timeout = '2s'`);
        await addLead(second.runner, 'Lead');
        await addLead(second.runner, 'Contacted');
        await second.runner.commitTransaction();
        await first.runner.commitTransaction();
      } finally {
        await Promise.all(runners.map(({ runner }) => runner.release()));
      }
      const stats = (await get(caller, '/api/v1/people/stats', { practice_id: id }))
        .body as LeadStatsResponse;
      expect(stats.total).toBe(3);
      expect(stats.by_stage).toMatchObject({ Lead: 2, Contacted: 1 });
    });

    it("answers 404 for another practice's stats", async () => {
      const response = await get(staff, '/api/v1/people/stats', { practice_id: otherPractice });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Practice not found' });
    });
  });

  describe('GET and PATCH /api/v1/people/{id}', () => {
    const patch = async (caller: Caller, personId: string, body: object) =>
      h
        .http()
        .patch(`/api/v1/people/${personId}`)
        .set(await caller.headers())
        .send(body);

    it('returns the person with ISO timestamps and JSON fields as stored', async () => {
      const insights = { lead_intelligence: { lead_score: 82 } };
      const lead = await h.leads.person(practice, { behavioral_insights: insights, is_unseen: true });
      const response = await get(staff, `/api/v1/people/${lead.person_id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        person_id: lead.person_id,
        practice_id: practice,
        first_name: lead.first_name,
        primary_phone: lead.primary_phone,
        stage: 'Lead',
        is_unseen: true,
        behavioral_insights: insights,
        current_outreach_state: { control_mode: 'ai' },
      });
      expect(response.body.created_at).toBe(lead.created_at.toISOString());
      expect(response.body).not.toHaveProperty('search_text');
    });

    it('saves each changed field, normalised, with one person_field_updated event and broadcast each', async () => {
      const lead = await h.leads.person(practice, {
        first_name: 'Sofia',
        last_name: 'Marquez',
        primary_phone: '+12145550100',
        primary_email: 'sofia@mail.example',
      });
      const response = await patch(staff, lead.person_id, {
        first_name: 'Sofía',
        last_name: 'Marquez',
        primary_phone: '(469) 555-0199',
        primary_email: 'Sofia.M@Mail.Example',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Sofía',
        last_name: 'Marquez',
        primary_phone: '+14695550199',
        primary_email: 'sofia.m@mail.example',
      });

      const events = (await get(staff, `/api/v1/people/${lead.person_id}/events`)).body as TimelineEventDto[];
      const updates = events.filter((event) => event.event_type === 'person_field_updated');
      expect(
        updates
          .map((event) => event.content_data)
          .sort((a, b) => String(a.field).localeCompare(String(b.field))),
      ).toEqual([
        { field: 'first_name', old_value: 'Sofia', new_value: 'Sofía' },
        { field: 'primary_email', old_value: 'sofia@mail.example', new_value: 'sofia.m@mail.example' },
        { field: 'primary_phone', old_value: '+12145550100', new_value: '+14695550199' },
      ]);
      for (const event of updates) {
        expect(event.event_metadata).toEqual({ source: 'human_action', performed_by_name: 'Avery Stone' });
      }

      const outbox = await h.outbox(lead.person_id);
      const broadcasts = outbox.filter((row) => row.type === 'lead_updated');
      expect(broadcasts).toHaveLength(3);
      expect(broadcasts[2].payload).toMatchObject({
        practice_id: practice,
        person_data: {
          first_name: 'Sofía',
          primary_phone: '+14695550199',
          primary_email: 'sofia.m@mail.example',
        },
        timeline_event: { event_type: 'person_field_updated' },
      });

      const reread = await get(staff, `/api/v1/people/${lead.person_id}`);
      expect(reread.body.primary_phone).toBe('+14695550199');
    });

    it('writes nothing when the normalised values are unchanged, and still answers with the person', async () => {
      const lead = await h.leads.person(practice, { primary_phone: '+12145550111', stage: 'Scheduled' });
      const response = await patch(staff, lead.person_id, {
        first_name: `${lead.first_name} `,
        primary_phone: '214.555.0111',
        primary_email: lead.primary_email!.toUpperCase(),
        stage: 'Scheduled',
      });
      expect(response.status).toBe(200);
      expect(response.body.person_id).toBe(lead.person_id);
      expect(await h.outbox(lead.person_id)).toEqual([]);
      expect((await get(staff, `/api/v1/people/${lead.person_id}/events`)).body).toEqual([]);
      expect((await patch(staff, lead.person_id, {})).status).toBe(200);
      expect(await h.outbox(lead.person_id)).toEqual([]);
    });

    it("clears a phone or an email with '' or null", async () => {
      const lead = await h.leads.person(practice);
      const response = await patch(staff, lead.person_id, { primary_phone: '', primary_email: null });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ primary_phone: null, primary_email: null });
    });

    it('applies the lead field rules with their messages and changes nothing on failure', async () => {
      const lead = await h.leads.person(practice);
      const cases: [object, string | RegExp][] = [
        [{ first_name: '   ' }, 'First name is required'],
        [{ first_name: null }, 'First name is required'],
        [{ last_name: '' }, 'Last name is required'],
        [{ primary_phone: '214-555-01' }, 'Please enter a valid 10-digit phone number'],
        [{ primary_phone: 2145550100 }, 'Please enter a valid 10-digit phone number'],
        [{ primary_email: 'sofia@clinic' }, 'Please enter a valid email address'],
        [{ stage: '' }, 'Stage is required'],
        [{ stage: 'Won' }, /^stage must be one of: Lead, Attempting Contact/],
        [{ first_name: 'Ana', primary_email: 'bad' }, 'Please enter a valid email address'],
        [{ nickname: 'Sof' }, /nickname/],
      ];
      for (const [body, detail] of cases) {
        const response = await patch(staff, lead.person_id, body);
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
        expect(response.body.detail).toMatch(detail);
      }
      const unchanged = await get(staff, `/api/v1/people/${lead.person_id}`);
      expect(unchanged.body.first_name).toBe(lead.first_name);
      expect(await h.outbox(lead.person_id)).toEqual([]);
    });
  });

  describe('GET /api/v1/people/{id}/events', () => {
    it('returns the newest events first, pending_review included, up to the limit', async () => {
      const lead = await h.leads.person(practice);
      const base = Date.now() - 60_000;
      const types = ['website_visit', 'form_submission', 'sms_sent', 'pending_review', 'sms_received'];
      for (const [index, event_type] of types.entries()) {
        await h.leads.event(lead, {
          event_type,
          timestamp: new Date(base + index * 1000),
          content_data: { message: `step ${index}` },
        });
      }
      const all = await get(staff, `/api/v1/people/${lead.person_id}/events`);
      expect(all.status).toBe(200);
      expect((all.body as TimelineEventDto[]).map((event) => event.event_type)).toEqual([...types].reverse());
      expect(all.body[0]).toEqual({
        event_id: expect.any(String),
        person_id: lead.person_id,
        event_type: 'sms_received',
        timestamp: new Date(base + 4000).toISOString(),
        session_id: null,
        source_identifier: null,
        content_data: { message: 'step 4' },
        event_metadata: {},
      });
      const two = await get(staff, `/api/v1/people/${lead.person_id}/events`, { limit: 2 });
      expect((two.body as TimelineEventDto[]).map((event) => event.event_type)).toEqual([
        'sms_received',
        'pending_review',
      ]);
    });

    it('rejects a limit outside 1..500', async () => {
      const lead = await h.leads.person(practice);
      for (const limit of [0, 501, 'x']) {
        const response = await get(staff, `/api/v1/people/${lead.person_id}/events`, { limit });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: 'limit must be a whole number from 1 to 500' });
      }
    });
  });

  describe('POST /api/v1/people/{id}/seen', () => {
    it('clears the unseen dot once and announces it once', async () => {
      const lead = await h.leads.person(practice, { is_unseen: true, last_seen_at: null });
      const first = await h
        .http()
        .post(`/api/v1/people/${lead.person_id}/seen`)
        .set(await staff.headers());
      expect(first.status).toBe(200);
      expect(first.body.is_unseen).toBe(false);
      expect(first.body.last_seen_at).not.toBeNull();
      const announced = await h.outbox(lead.person_id);
      expect(announced.map((row) => row.type)).toEqual(['lead_updated']);
      expect(announced[0].payload).toMatchObject({ person_data: { is_unseen: false } });

      const again = await h
        .http()
        .post(`/api/v1/people/${lead.person_id}/seen`)
        .set(await staff.headers());
      expect(again.status).toBe(200);
      expect(again.body.last_seen_at).toBe(first.body.last_seen_at);
      expect(await h.outbox(lead.person_id)).toHaveLength(1);
      expect((await get(staff, `/api/v1/people/${lead.person_id}`)).body.is_unseen).toBe(false);
    });
  });

  it("answers 404 'Person not found' for another practice's lead or a malformed id on every route", async () => {
    const foreign = await h.leads.person(otherPractice, { is_unseen: true });
    await h.leads.event(foreign, { event_type: 'sms_received' });
    const headers = await staff.headers();
    for (const personId of [foreign.person_id, 'not-a-uuid', randomUUID()]) {
      const responses = await Promise.all([
        h.http().get(`/api/v1/people/${personId}`).set(headers),
        h.http().patch(`/api/v1/people/${personId}`).set(headers).send({ stage: 'Escalated' }),
        h.http().get(`/api/v1/people/${personId}/events`).set(headers),
        h.http().post(`/api/v1/people/${personId}/seen`).set(headers),
      ]);
      for (const response of responses) {
        expect({ personId, status: response.status, body: response.body }).toEqual({
          personId,
          status: 404,
          body: { detail: 'Person not found' },
        });
      }
    }
    const untouched = await get(outsider, `/api/v1/people/${foreign.person_id}`);
    expect(untouched.body).toMatchObject({ stage: 'Lead', is_unseen: true });
    expect(await h.outbox(foreign.person_id)).toEqual([]);
  });

  it('answers 401 without the identity the gateway adds', async () => {
    const response = await h.http().get('/api/v1/people/').query({ practice_id: practice });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated' });
  });
});
