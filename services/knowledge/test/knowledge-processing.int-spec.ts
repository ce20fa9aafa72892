import { getQueueToken } from '@nestjs/bullmq';
import {
  KnowledgePageV1,
  KnowledgeUpdatedV1,
  PracticeChangeV1,
  PracticeOnboardedV1,
  Topics,
} from '@pp/contracts';
import { eventually, publishEvents } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { processJobId } from '../src/knowledge/jobs/process-knowledge.job';
import { PageUrlMessages } from '../src/knowledge/page-urls';
import { catalogueId } from '../src/procedures/catalogue/catalogue-ids';
import { KNOWLEDGE_QUEUE } from '../src/queues';
import { Caller, KnowledgeHarness, startKnowledge, testPractice } from './knowledge-harness';

interface SitePage {
  title: string;
  /** '## ' lines are headings, other lines paragraphs. */
  body: string;
}

/** A realistic med-spa website: nav links to every page, headings and paragraphs. */
function medSpaSite(): Record<string, SitePage> {
  return {
    '': {
      title: 'Radiance Med Spa | Botox, Fillers & Facials in Austin',
      body: `## Look refreshed, never overdone
Radiance Med Spa is a nurse-led medical spa in downtown Austin offering injectables, facials and laser treatments.
## New patients
Book a free consultation online or call (512) 555-0199.`,
    },
    services: {
      title: 'Services | Radiance Med Spa',
      body: `## Injectables
Botox and Dysport soften forehead lines and crow's feet; results last three to four months.
## Facials
The HydraFacial cleanses and hydrates in 45 minutes with no downtime.`,
    },
    pricing: {
      title: 'Pricing | Radiance Med Spa',
      body: `## Neurotoxin pricing
Botox is $13 per unit and Dysport $4.50 per unit.
## Filler pricing
Lip filler starts at $700 per syringe.`,
    },
    contact: {
      title: 'Contact | Radiance Med Spa',
      body: `## Hours
Monday to Saturday 9 am to 6 pm.
## Parking
Free validated parking in the Congress Avenue garage next door; bring your ticket to the front desk.`,
    },
    faq: {
      title: 'FAQ | Radiance Med Spa',
      body: `## Does Botox hurt?
Most patients feel a small pinch.
## What is your cancellation policy?
Please give us 24 hours notice.`,
    },
    'blog/summer-skin': {
      title: 'Five tips for summer skin | Radiance Med Spa',
      body: `## Wear sunscreen daily
Reapply SPF 30 every two hours outdoors.`,
    },
  };
}

/**
 * Websites on loopback (node:http), one per test under its own path prefix, so tests change their own site
 * without touching another's. A page can be held back to watch a run while it is going.
 */
class Sites {
  readonly sites = new Map<string, Record<string, SitePage>>();
  readonly requests: string[] = [];
  private readonly held = new Map<string, Promise<void>>();
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  origin = '';
  hostPort = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${port}`;
    this.hostPort = `127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A new site under /<slug>/; its home page address is returned. */
  add(slug: string, pages = medSpaSite()): string {
    this.sites.set(slug, pages);
    return `${this.origin}/${slug}/`;
  }

  url(slug: string, path: string): string {
    return `${this.origin}/${slug}/${path}`;
  }

  /** Holds the page's answer until the returned function is called. */
  hold(slug: string, path: string): () => void {
    let release!: () => void;
    this.held.set(`/${slug}/${path}`, new Promise<void>((resolve) => (release = resolve)));
    return () => release();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    this.requests.push(path);
    await this.held.get(path);
    const [, slug, ...rest] = path.split('/');
    const pages = this.sites.get(slug);
    const page = pages?.[rest.join('/')];
    if (!pages || !page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>Not found</h1></body></html>');
      return;
    }
    const nav = Object.keys(pages)
      .map((key) => `<li><a href="/${slug}/${key}">${pages[key].title.split(' | ')[0]}</a></li>`)
      .join('');
    const main = page.body
      .trim()
      .split('\n')
      .map((line) => (line.startsWith('## ') ? `<h2>${line.slice(3)}</h2>` : `<p>${line}</p>`))
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><head><title>${page.title}</title></head><body>
       <header><nav><ul>${nav}</ul></nav></header>
       <main><article><h1>${page.title.split(' | ')[0]}</h1>${main}</article></main>
       <footer><p>© Radiance Med Spa</p></footer></body></html>`,
    );
  }
}

describe('knowledge processing: crawling a practice website into pages and chunks', () => {
  const sites = new Sites();
  let h: KnowledgeHarness;
  let queue: Queue;

  beforeAll(async () => {
    await sites.start();
    h = await startKnowledge('knowledge_processing', { CRAWL_ALLOWED_HOSTS: sites.hostPort });
    queue = h.service.app.get(getQueueToken(KNOWLEDGE_QUEUE));
  }, 60_000);

  afterAll(async () => {
    await h?.stop();
    await sites.stop();
  });

  /** A practice whose website is a fresh site under /<slug>/, known to knowledge from practice.changes. */
  async function practiceWithSite(slug: string, website?: string | null) {
    const home = sites.add(slug);
    const practice = testPractice({ website_url: website === undefined ? home : website });
    await h.publishPractice(practice);
    return { id: practice.practice_id, staff: h.caller([practice.practice_id]) };
  }

  const call = async (caller: Caller, method: 'get' | 'post', path: string, body?: object) => {
    const request = h
      .http()
      [method](path)
      .set(await caller.headers());
    return body === undefined ? request : request.send(body);
  };
  const status = async (caller: Caller, id: string) =>
    (await call(caller, 'get', `/api/v1/practices/${id}/knowledge/status`)).body;
  const list = async (caller: Caller, id: string) =>
    (await call(caller, 'get', `/api/v1/practices/${id}/knowledge`)).body as {
      entries: {
        source_url: string;
        page_title: string;
        chunk_ids: string[];
        chunk_count: number;
        status: string;
        error: string | null;
      }[];
      total_entries: number;
      total_chunks: number;
    };
  const settled = (caller: Caller, id: string) =>
    eventually(async () => {
      const current = await status(caller, id);
      return current.status !== 'processing' && current;
    }, 60_000);
  const entry = <T extends { source_url: string }>(entries: T[], url: string) =>
    entries.find((item) => item.source_url === url);

  it('reads the pages of a practice created from a public demo and offers the procedures the demo found, once', async () => {
    const practice = testPractice({ website_url: sites.add('from-demo') });
    await h.publishPractice(practice);
    const id = practice.practice_id;
    const staff = h.caller([id]);
    const pages = [
      sites.url('from-demo', ''),
      sites.url('from-demo', 'services'),
      sites.url('from-demo', 'pricing'),
    ];
    const onboarded: PracticeOnboardedV1 = {
      v: 1,
      event_id: randomUUID(),
      practice_id: id,
      occurred_at: new Date().toISOString(),
      type: 'practice_onboarded',
      demo_session_id: randomUUID(),
      website_url: sites.url('from-demo', ''),
      page_urls: pages,
      procedure_keys: ['botox', 'hydrafacial', 'no-such-procedure'],
    };
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.practiceChanges, [onboarded]);

    // Settings → Practice Knowledge lists the demo's pages, read; nothing else of the site.
    const done = await eventually(async () => {
      const current = await list(staff, id);
      return current.entries.length === pages.length &&
        current.entries.every((page) => page.status === 'ready')
        ? current
        : undefined;
    }, 60_000);
    expect(done.entries.map((page) => page.source_url).sort()).toEqual([...pages].sort());
    expect(await settled(staff, id)).toMatchObject({ status: 'ready', scope: 'urls' });
    const summary = (await call(staff, 'get', `/api/v1/procedures/${id}/summary`)).body as {
      procedure_id: string;
    }[];
    expect(summary.map((item) => item.procedure_id).sort()).toEqual(
      [catalogueId('procedure', 'botox'), catalogueId('procedure', 'hydrafacial')].sort(),
    );

    // The same event again (a redelivery) starts no second run.
    const [{ run_id: runId }]: { run_id: string }[] = await h.dataSource.query(
      `SELECT "run_id" FROM "knowledge"."knowledge_processing" WHERE "practice_id" = $1`,
      [id],
    );
    // A change of the same practice after it (same key, same partition): once it is applied, so was the redelivery.
    const [primary] = practice.locations;
    const marker: PracticeChangeV1 = {
      v: 1,
      event_id: randomUUID(),
      practice_id: id,
      occurred_at: new Date().toISOString(),
      type: 'location_updated',
      location: {
        ...primary,
        name: 'Marker Clinic',
        practice_id: id,
        address: '2100 McKinney Ave, Dallas, TX 75201',
        phone: '',
        is_active: true,
        business_hours: null,
      },
    };
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.practiceChanges, [onboarded, marker]);
    await eventually(async () => {
      const [row]: { name: string }[] = await h.dataSource.query(
        `SELECT "name" FROM "knowledge"."locations" WHERE "location_id" = $1`,
        [primary.location_id],
      );
      return row?.name === 'Marker Clinic';
    }, 30_000);
    const [{ run_id: after }]: { run_id: string }[] = await h.dataSource.query(
      `SELECT "run_id" FROM "knowledge"."knowledge_processing" WHERE "practice_id" = $1`,
      [id],
    );
    expect(after).toBe(runId);
  });

  it('processes the whole website: processing, then ready with every page chunked, progress recorded and announced', async () => {
    const { id, staff } = await practiceWithSite('full');
    const release = sites.hold('full', 'pricing');
    const started = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ practice_id: id, status: 'processing', scope: 'all' });

    // While the crawl waits for the pricing page: processing, and a second request does not start another crawl.
    await eventually(async () => sites.requests.includes('/full/pricing'), 30_000);
    expect((await status(staff, id)).status).toBe('processing');
    const second = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {});
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      detail: 'Your knowledge is already being processed. Please wait until it finishes.',
    });
    release();

    const done = await settled(staff, id);
    expect(done).toMatchObject({ status: 'ready', error: null, pages_processed: 6, pages_failed: 0 });
    expect(done.pages_found).toBeGreaterThanOrEqual(6);
    const { entries, total_entries, total_chunks } = await list(staff, id);
    expect(total_entries).toBe(6);
    expect(entries.every((item) => item.status === 'ready' && item.chunk_count > 0)).toBe(true);
    expect(total_chunks).toBe(entries.reduce((sum, item) => sum + item.chunk_count, 0));
    expect(entry(entries, sites.url('full', 'pricing'))).toMatchObject({
      page_title: 'Pricing | Radiance Med Spa',
    });
    const [parking]: { content: string }[] = await h.dataSource.query(
      `SELECT "content" FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1 AND "heading" = 'Parking'`,
      [id],
    );
    expect(parking.content).toContain('Free validated parking in the Congress Avenue garage');

    // The job reported its progress too.
    const [{ run_id }] = await h.dataSource.query(
      `SELECT "run_id" FROM "knowledge"."knowledge_processing" WHERE "practice_id" = $1`,
      [id],
    );
    const job = await queue.getJob(processJobId(id, run_id));
    expect(job?.progress).toMatchObject({ processed: 6, failed: 0 });

    const [updated, cleared, ...pages] = (await h.outbox(id)) as unknown as KnowledgeUpdatedV1[];
    expect(updated).toEqual(
      expect.objectContaining({
        type: 'knowledge_updated',
        practice_id: id,
        urls: [],
        total_entries: 6,
        total_chunks,
      }),
    );
    // A whole-site run gives people's copy the whole site again: cleared, then every page with its passages.
    expect(cleared).toMatchObject({ type: 'knowledge_cleared' });
    const pageEvents = pages as unknown as KnowledgePageV1[];
    expect(pageEvents.map((page) => page.type)).toEqual(Array(6).fill('knowledge_page'));
    expect(pageEvents.reduce((sum, page) => sum + page.chunks.length, 0)).toBe(total_chunks);
  });

  it('on a full reprocess removes pages gone from the site, rechunks changed ones and keeps unchanged chunks', async () => {
    const { id, staff } = await practiceWithSite('reprocess');
    await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {});
    await settled(staff, id);
    const before = await list(staff, id);

    const site = sites.sites.get('reprocess')!;
    delete site['blog/summer-skin'];
    site.faq = {
      ...site.faq,
      body: `${site.faq.body}\n## Can I exercise after Botox?\nWait 24 hours before a workout.`,
    };
    const again = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {});
    expect(again.status).toBe(202);
    expect((await settled(staff, id)).status).toBe('ready');

    const after = await list(staff, id);
    expect(after.total_entries).toBe(5);
    expect(entry(after.entries, sites.url('reprocess', 'blog/summer-skin'))).toBeUndefined();
    const pricingBefore = entry(before.entries, sites.url('reprocess', 'pricing'))!;
    expect(entry(after.entries, sites.url('reprocess', 'pricing'))!.chunk_ids).toEqual(
      pricingBefore.chunk_ids,
    );
    const faqBefore = entry(before.entries, sites.url('reprocess', 'faq'))!;
    const faqAfter = entry(after.entries, sites.url('reprocess', 'faq'))!;
    expect(faqAfter.chunk_count).toBe(faqBefore.chunk_count + 1);
    expect(faqAfter.chunk_ids.some((chunkId) => faqBefore.chunk_ids.includes(chunkId))).toBe(false);
    expect((await h.outbox(id)).filter((event) => event.type === 'knowledge_updated').length).toBe(2);
  });

  it('removes nothing when a full crawl is cut short by its page budget (it did not see the whole site)', async () => {
    // 230 treatment pages, more than the 200 a run reads, and a gift-card page listed last in the navigation.
    const pages: Record<string, SitePage> = { '': medSpaSite()[''] };
    for (let n = 1; n <= 230; n++) {
      pages[`treatments/${n}`] = {
        title: `Treatment ${n} | Radiance Med Spa`,
        body: `## Treatment ${n}\nA nurse-led treatment with no downtime; book a consultation to learn more.`,
      };
    }
    pages['zz-gift-cards'] = {
      title: 'Gift Cards | Radiance Med Spa',
      body: '## Gift cards\nGift cards of any amount, valid for a year at both studios.',
    };
    const home = sites.add('budget', pages);
    const practice = testPractice({ website_url: home });
    await h.publishPractice(practice);
    const [id, staff] = [practice.practice_id, h.caller([practice.practice_id])];
    const giftCards = sites.url('budget', 'zz-gift-cards');
    await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, { urls: [giftCards] });
    expect((await settled(staff, id)).status).toBe('ready');

    await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {});
    expect(await settled(staff, id)).toMatchObject({ status: 'ready', pages_processed: 200 });
    const after = await list(staff, id);
    expect(entry(after.entries, giftCards)).toMatchObject({ status: 'ready' });
    expect(after.total_entries).toBe(201);
  });

  it('processes only the chosen pages, marked pending while it runs', async () => {
    const { id, staff } = await practiceWithSite('chosen');
    const pricing = sites.url('chosen', 'pricing');
    const release = sites.hold('chosen', 'pricing');
    const started = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, {
      urls: [`${pricing}#neurotoxins`],
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'processing', scope: 'urls' });
    const pending = await list(staff, id);
    expect(pending.entries).toEqual([
      expect.objectContaining({ source_url: pricing, status: 'pending', chunk_ids: [], page_title: null }),
    ]);
    release();
    expect((await settled(staff, id)).status).toBe('ready');
    const { entries } = await list(staff, id);
    expect(entries).toEqual([
      expect.objectContaining({ source_url: pricing, status: 'ready', chunk_count: 2 }),
    ]);
    expect(sites.requests.filter((path) => path.startsWith('/chosen/'))).toEqual(['/chosen/pricing']);
    expect(await h.outbox(id)).toEqual([
      expect.objectContaining({
        type: 'knowledge_updated',
        urls: [pricing],
        total_entries: 1,
        total_chunks: 2,
      }),
      expect.objectContaining({ type: 'knowledge_page', source_url: pricing, chunks: expect.any(Array) }),
    ]);
  });

  it('marks a page that cannot be read as failed with the reason, and the run failed', async () => {
    const { id, staff } = await practiceWithSite('missing');
    const gone = sites.url('missing', 'old-offers');
    await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, { urls: [gone] });
    const done = await settled(staff, id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/could not read any page/);
    const { entries } = await list(staff, id);
    expect(entries).toEqual([
      expect.objectContaining({ source_url: gone, status: 'failed', chunk_count: 0 }),
    ]);
    expect(entries[0].error).toBeTruthy();
  });

  describe('refusals', () => {
    it('asks for a website first when the practice has none', async () => {
      const { id, staff } = await practiceWithSite('no-website', null);
      for (const body of [{}, { urls: [sites.url('no-website', 'pricing')] }]) {
        const response = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, body);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: PageUrlMessages.noWebsite });
      }
      expect((await status(staff, id)).status).toBe('ready');
    });

    it.each([
      ['another site', { urls: ['https://elsewhere.example/pricing'] }, 'is not a page of your website'],
      ['ftp', { urls: ['ftp://127.0.0.1/pricing'] }, 'is not a web address'],
      ['a relative address', { urls: ['pricing'] }, 'is not a web address'],
      ['an empty list', { urls: [] }, 'urls must list at least one page'],
      ['a text for urls', { urls: 'https://x.example' }, 'urls must be a list of page addresses'],
      ['null urls', { urls: null }, 'urls must be a list of page addresses'],
      ['a number in urls', { urls: [42] }, 'Each URL must be text'],
      [
        '101 pages',
        { urls: Array.from({ length: 101 }, (_, i) => `https://x.example/${i}`) },
        'At most 100 pages at once',
      ],
      ['an unknown field', { everything: true }, 'property everything should not exist'],
    ])('refuses %s with 422 and starts nothing', async (_label, body, detail) => {
      const { id, staff } = await practiceWithSite(`refuse-${Math.random().toString(36).slice(2, 8)}`);
      const response = await call(staff, 'post', `/api/v1/practices/${id}/knowledge/processing`, body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toContain(detail);
      expect(await status(staff, id)).toMatchObject({ status: 'ready', last_updated: null });
      expect((await list(staff, id)).total_entries).toBe(0);
    });
  });
});
