import { KnowledgeUpdatedV1 } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import {
  GLOW_AESTHETICS_PAGES,
  LAKEVIEW_PLASTIC_SURGERY_PAGES,
  NORTHSIDE_DENTAL_PAGES,
} from '../src/knowledge/knowledge-demo-pages';
import { seedKnowledge, seedPracticePages } from '../src/knowledge/knowledge.seed';
import { Caller, KnowledgeHarness, startKnowledge } from './knowledge-harness';

const GLOW_SITE = 'https://www.glowaesthetics.example';

describe('knowledge API: the list, deletes, status, retrieval and who may call them', () => {
  let h: KnowledgeHarness;

  beforeAll(async () => {
    h = await startKnowledge('knowledge_api');
  });

  afterAll(async () => {
    await h?.stop();
  });

  /** A practice of its own with the Glow Aesthetics pages, and its staff member. */
  async function glowPractice(): Promise<{ id: string; staff: Caller }> {
    const id = randomUUID();
    await seedPracticePages(h.dataSource, id, GLOW_SITE, GLOW_AESTHETICS_PAGES);
    return { id, staff: h.caller([id]) };
  }

  const call = async (caller: Caller, method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const request = h
      .http()
      [method](path)
      .set(await caller.headers());
    return body === undefined ? request : request.send(body);
  };

  const url = (path: string) => new URL(path, GLOW_SITE).href;

  describe('GET /api/v1/practices/{id}/knowledge', () => {
    it('lists one entry per page with its chunk ids in page order, and the totals', async () => {
      const { id, staff } = await glowPractice();
      const response = await call(staff, 'get', `/api/v1/practices/${id}/knowledge`);
      expect(response.status).toBe(200);
      const { entries, total_entries, total_chunks } = response.body;
      expect(total_entries).toBe(GLOW_AESTHETICS_PAGES.length);
      expect(entries.map((entry: { source_url: string }) => entry.source_url)).toEqual(
        GLOW_AESTHETICS_PAGES.map((page) => url(page.path)).sort(),
      );
      const rows: { chunk_id: string; source_url: string }[] = await h.dataSource.query(
        `SELECT "chunk_id", "source_url" FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1
          ORDER BY "source_url", "position"`,
        [id],
      );
      expect(total_chunks).toBe(rows.length);
      const pricing = entries.find((entry: { source_url: string }) => entry.source_url === url('/pricing'));
      expect(pricing).toMatchObject({
        page_title: 'Pricing | Glow Aesthetics',
        chunk_count: pricing.chunk_ids.length,
        status: 'ready',
        error: null,
      });
      expect(pricing.chunk_ids).toEqual(
        rows.filter((row) => row.source_url === url('/pricing')).map((row) => row.chunk_id),
      );
      // Last updated 9 days ago: the console shows it 'Stale'.
      expect(Date.now() - Date.parse(pricing.last_updated)).toBeGreaterThan(7 * 24 * 3_600_000);
    });

    it('answers an empty list for a practice with no pages yet', async () => {
      const id = randomUUID();
      const response = await call(h.caller([id]), 'get', `/api/v1/practices/${id}/knowledge`);
      expect(response.body).toEqual({ entries: [], total_entries: 0, total_chunks: 0 });
    });
  });

  describe('GET /api/v1/practices/{id}/knowledge/status', () => {
    it("is 'ready' with no date for a practice never processed", async () => {
      const id = randomUUID();
      const response = await call(h.caller([id]), 'get', `/api/v1/practices/${id}/knowledge/status`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ practice_id: id, status: 'ready', last_updated: null });
    });
  });

  describe('DELETE /api/v1/practices/{id}/knowledge', () => {
    const counts = async (id: string) =>
      (
        await h.dataSource.query(
          `SELECT (SELECT count(*)::int FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1) AS pages,
                  (SELECT count(*)::int FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1) AS chunks`,
          [id],
        )
      )[0] as { pages: number; chunks: number };

    it('deletes the given pages with their chunks and announces it on knowledge.changes', async () => {
      const { id, staff } = await glowPractice();
      const before = await counts(id);
      const [{ chunks }] = await h.dataSource.query(
        `SELECT count(*)::int AS chunks FROM "knowledge"."knowledge_chunks"
          WHERE "practice_id" = $1 AND "source_url" = ANY($2)`,
        [id, [url('/pricing'), url('/faq')]],
      );
      const response = await call(staff, 'delete', `/api/v1/practices/${id}/knowledge`, {
        urls: [url('/pricing'), url('/faq'), url('/not-a-page')],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ deleted_entries: 2, deleted_chunks: chunks });
      expect(await counts(id)).toEqual({ pages: before.pages - 2, chunks: before.chunks - chunks });
      const [event, ...pages] = (await h.outbox(id)) as unknown as KnowledgeUpdatedV1[];
      // people's copy learns each deleted page is gone
      expect(pages.map((page) => page.type)).toEqual(['knowledge_page', 'knowledge_page']);
      expect(event).toMatchObject({
        type: 'knowledge_updated',
        practice_id: id,
        total_entries: before.pages - 2,
        total_chunks: before.chunks - chunks,
      });
      expect([...event.urls].sort()).toEqual([url('/faq'), url('/pricing')]);
    });

    it('deletes everything with delete_all', async () => {
      const { id, staff } = await glowPractice();
      const before = await counts(id);
      const response = await call(staff, 'delete', `/api/v1/practices/${id}/knowledge`, { delete_all: true });
      expect(response.body).toEqual({ deleted_entries: before.pages, deleted_chunks: before.chunks });
      expect(await counts(id)).toEqual({ pages: 0, chunks: 0 });
      expect(await h.outbox(id)).toEqual([
        expect.objectContaining({ type: 'knowledge_updated', urls: [], total_entries: 0, total_chunks: 0 }),
        expect.objectContaining({ type: 'knowledge_cleared', practice_id: id }),
      ]);
    });

    it('deletes chunks by id, and a page left without chunks with them', async () => {
      const { id, staff } = await glowPractice();
      const list = (await call(staff, 'get', `/api/v1/practices/${id}/knowledge`)).body;
      const pricing = list.entries.find(
        (entry: { source_url: string }) => entry.source_url === url('/pricing'),
      );
      const contact = list.entries.find(
        (entry: { source_url: string }) => entry.source_url === url('/contact'),
      );
      const ids = [...pricing.chunk_ids, contact.chunk_ids[0]];
      const response = await call(staff, 'delete', `/api/v1/practices/${id}/knowledge?ids=${ids.join(',')}`);
      expect(response.body).toEqual({ deleted_entries: 1, deleted_chunks: ids.length });
      const after = (await call(staff, 'get', `/api/v1/practices/${id}/knowledge`)).body;
      expect(after.total_entries).toBe(list.total_entries - 1);
      const contactAfter = after.entries.find(
        (entry: { source_url: string }) => entry.source_url === url('/contact'),
      );
      expect(contactAfter.chunk_ids).toEqual(contact.chunk_ids.slice(1));
    });

    it("leaves another practice's chunk ids alone and does not count them", async () => {
      const mine = await glowPractice();
      const theirs = await glowPractice();
      const theirList = (await call(theirs.staff, 'get', `/api/v1/practices/${theirs.id}/knowledge`)).body;
      const theirIds: string[] = theirList.entries.flatMap(
        (entry: { chunk_ids: string[] }) => entry.chunk_ids,
      );
      const response = await call(
        mine.staff,
        'delete',
        `/api/v1/practices/${mine.id}/knowledge?ids=${theirIds.slice(0, 5).join(',')}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ deleted_entries: 0, deleted_chunks: 0 });
      expect((await call(theirs.staff, 'get', `/api/v1/practices/${theirs.id}/knowledge`)).body).toEqual(
        theirList,
      );
      expect(await h.outbox(mine.id)).toEqual([]);
    });

    it.each([
      ['no body and no ids', undefined, '', 'Say what to delete'],
      ['an empty body', {}, '', 'Say what to delete'],
      [
        'two things at once',
        { delete_all: true, urls: ['https://www.glowaesthetics.example/'] },
        '',
        'Say what to delete',
      ],
      ['body and ids', { delete_all: true }, `?ids=${randomUUID()}`, 'Say what to delete'],
      ['delete_all false', { delete_all: false }, '', 'delete_all must be true'],
      ['delete_all as text', { delete_all: 'yes' }, '', 'delete_all must be true'],
      ['delete_all null', { delete_all: null }, '', 'delete_all must be true'],
      [
        'urls not a list',
        { urls: 'https://www.glowaesthetics.example/' },
        '',
        'urls must be a list of page addresses',
      ],
      ['an empty urls list', { urls: [] }, '', 'urls must list at least one page'],
      [
        'an unknown field',
        { delete_all: true, everything: true },
        '',
        'property everything should not exist',
      ],
      ['a malformed id', undefined, '?ids=abc', 'ids must be comma-separated chunk ids'],
      ['an unknown query field', undefined, `?ids=${randomUUID()}&all=1`, 'property all should not exist'],
    ])('refuses %s with 422 and deletes nothing', async (_label, body, query, detail) => {
      const { id, staff } = await glowPractice();
      const before = await counts(id);
      const response = await call(staff, 'delete', `/api/v1/practices/${id}/knowledge${query}`, body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toContain(detail);
      expect(await counts(id)).toEqual(before);
    });
  });

  describe("another practice's knowledge", () => {
    it('is a 404 Practice not found on every route, its data untouched', async () => {
      const theirs = await glowPractice();
      const outsider = h.caller([randomUUID()]);
      const before = (await call(theirs.staff, 'get', `/api/v1/practices/${theirs.id}/knowledge`)).body;
      const base = `/api/v1/practices/${theirs.id}/knowledge`;
      const probes: [string, 'get' | 'post' | 'delete', string, object?][] = [
        ['list', 'get', base],
        ['status', 'get', `${base}/status`],
        ['process all', 'post', `${base}/processing`, {}],
        ['process pages', 'post', `${base}/processing`, { urls: [url('/pricing')] }],
        ['delete all', 'delete', base, { delete_all: true }],
        ['delete pages', 'delete', base, { urls: [url('/pricing')] }],
        ['delete ids', 'delete', `${base}?ids=${before.entries[0].chunk_ids[0]}`],
        ['search', 'post', `${base}/search`, { query: 'botox price' }],
      ];
      for (const [label, method, path, body] of probes) {
        const response = await call(outsider, method, path, body);
        expect([label, response.status, response.body]).toEqual([
          label,
          404,
          { detail: 'Practice not found' },
        ]);
      }
      for (const bad of ['not-a-uuid', randomUUID()]) {
        const response = await call(outsider, 'get', `/api/v1/practices/${bad}/knowledge`);
        expect(response.status).toBe(404);
      }
      expect((await call(theirs.staff, 'get', `/api/v1/practices/${theirs.id}/knowledge`)).body).toEqual(
        before,
      );
      expect((await call(theirs.staff, 'get', `${base}/status`)).body.status).toBe('ready');
      expect(await h.outbox(theirs.id)).toEqual([]);
    });

    it('needs the gateway identity (401 without it)', async () => {
      const response = await h.http().get(`/api/v1/practices/${randomUUID()}/knowledge`);
      expect(response.status).toBe(401);
    });
  });

  describe('POST /api/v1/practices/{id}/knowledge/search', () => {
    let practiceId: string;
    let staff: Caller;

    beforeAll(async () => {
      // The practice's own pages, and two other practices' (noise that must never come back).
      ({ id: practiceId, staff } = await glowPractice());
      await seedPracticePages(
        h.dataSource,
        randomUUID(),
        'https://www.northsidedental.example',
        NORTHSIDE_DENTAL_PAGES,
      );
      await seedPracticePages(
        h.dataSource,
        randomUUID(),
        'https://www.lakeviewplasticsurgery.example',
        LAKEVIEW_PLASTIC_SURGERY_PAGES,
      );
    });

    const search = async (query: string, limit?: number) => {
      const response = await call(staff, 'post', `/api/v1/practices/${practiceId}/knowledge/search`, {
        query,
        ...(limit === undefined ? {} : { limit }),
      });
      expect(response.status).toBe(200);
      return response.body.results as {
        chunk_id: string;
        source_url: string;
        page_title: string;
        content: string;
        score: number;
      }[];
    };

    it.each([
      ['Is there parking near your office?', /free parking for patients in the garage/i],
      ['where do I park', /free parking for patients in the garage/i],
      ['how much is botox', /Botox is \$14 per unit/],
      ['What does Dysport cost?', /Dysport is \$5 per unit/],
      ['How much are lip fillers?', /lip filler start at \$650/],
      ['What are your hours on Saturday?', /Saturday 9:00 am to 3:00 pm/],
      ['Are you open on Sundays?', /closed Sunday/],
      ['Do you take insurance?', /not covered by insurance/],
      ['Can I pay monthly? Do you offer financing?', /CareCredit/],
      ['What happens if I cancel my appointment?', /24 hours' notice to cancel/],
      ['Does botox hurt?', /quick pinch/],
      ['how long do fillers last', /Lip filler usually lasts 6 to 12 months/],
      ['What is the address of the Plano location?', /5800 Legacy Dr/],
      ['laser hair removal price for underarms', /Underarms \$99 per session/],
      ['Who founded Glow Aesthetics?', /founded in 2016 by Dr\. Alicia Moreno/],
    ])('answers "%s" with the right passage first', async (question, expected) => {
      const [first] = await search(question);
      expect(first?.content).toMatch(expected);
    });

    it('answers only from the practice, best first, scored between 0 and 1, 5 by default', async () => {
      const results = await search('price parking hours insurance botox filler');
      expect(results).toHaveLength(5);
      for (const result of results) {
        expect(result.source_url.startsWith(GLOW_SITE)).toBe(true);
        expect(result.score).toBeGreaterThan(0);
        expect(result.score).toBeLessThan(1);
        expect(result.page_title).toMatch(/Glow Aesthetics/);
      }
      const scores = results.map((result) => result.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(await search('price', 20)).toHaveLength(
        Math.min(20, (await search('price pricing cost starting', 20)).length),
      );
    });

    it('answers no results for a question with nothing to search for', async () => {
      expect(await search('What is it?')).toEqual([]);
      expect(await search('xylophone zebra quantum')).toEqual([]);
    });

    it.each([
      [{}, 'query is required'],
      [{ query: '   ' }, 'query is required'],
      [{ query: 42 }, 'query is required'],
      [{ query: 'x'.repeat(1001) }, 'query is 1000 characters at most'],
      [{ query: 'botox', limit: 0 }, 'limit must be a whole number from 1 to 20'],
      [{ query: 'botox', limit: 21 }, 'limit must be a whole number from 1 to 20'],
      [{ query: 'botox', limit: 2.5 }, 'limit must be a whole number from 1 to 20'],
      [{ query: 'botox', limit: '5' }, 'limit must be a whole number from 1 to 20'],
      [{ query: 'botox', limit: null }, 'limit must be a whole number from 1 to 20'],
      [{ query: 'botox', rerank: true }, 'property rerank should not exist'],
    ])('refuses %j with 422', async (body, detail) => {
      const response = await call(staff, 'post', `/api/v1/practices/${practiceId}/knowledge/search`, body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail });
    });
  });

  describe('the demo seed', () => {
    it('gives each demo practice its pages, some stale, and changes nothing when run again', async () => {
      const first = await seedKnowledge(h.dataSource);
      expect(first).toMatch(/written/);
      const snapshot = async () =>
        h.dataSource.query(
          `SELECT p."practice_id", p."source_url", p."last_updated", p."content_hash", c."chunk_id", c."content"
             FROM "knowledge"."knowledge_pages" p JOIN "knowledge"."knowledge_chunks" c USING ("page_id")
            ORDER BY c."chunk_id"`,
        );
      const before = await snapshot();
      expect(await seedKnowledge(h.dataSource)).toMatch(/0 written/);
      expect(await snapshot()).toEqual(before);
      const perPractice: { practice_id: string; pages: number; stale: number }[] = await h.dataSource.query(
        `SELECT "practice_id", count(*)::int AS pages,
                count(*) FILTER (WHERE "last_updated" < now() - interval '7 days')::int AS stale
           FROM "knowledge"."knowledge_pages" WHERE "source_url" LIKE 'https://www.%.example/%'
            AND "practice_id" IN ('5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01', '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a02',
                                  '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a03')
          GROUP BY "practice_id"`,
      );
      expect(perPractice).toHaveLength(3);
      for (const row of perPractice) {
        expect(row.pages).toBeGreaterThanOrEqual(6);
        expect(row.stale).toBeGreaterThan(0);
        expect(row.stale).toBeLessThan(row.pages);
      }
    });
  });
});
