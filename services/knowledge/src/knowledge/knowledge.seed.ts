import { DemoTenants } from '@pp/contracts';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { chunkPage } from '@pp/ai';
import {
  DemoPage,
  demoPageText,
  GLOW_AESTHETICS_PAGES,
  LAKEVIEW_PLASTIC_SURGERY_PAGES,
  NORTHSIDE_DENTAL_PAGES,
} from './knowledge-demo-pages';
import { contentHash } from './knowledge-store';

const DAY_MS = 24 * 3_600_000;

/** The demo practices' websites (as the gateway seeds them) and their pages. */
const DEMO_SITES = [
  {
    practiceId: DemoTenants.glowAestheticsId,
    site: 'https://www.glowaesthetics.example',
    pages: GLOW_AESTHETICS_PAGES,
  },
  {
    practiceId: DemoTenants.northsideDentalId,
    site: 'https://www.northsidedental.example',
    pages: NORTHSIDE_DENTAL_PAGES,
  },
  {
    practiceId: DemoTenants.lakeviewPlasticSurgeryId,
    site: 'https://www.lakeviewplasticsurgery.example',
    pages: LAKEVIEW_PLASTIC_SURGERY_PAGES,
  },
];

/** A stable id from a name, so a re-run writes the same rows. */
function stableId(name: string): string {
  const hex = createHash('sha256').update(`knowledge-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes a practice's pages and their chunks as a crawl would have (status ready, last_updated `age_days`
 * before `now`). A page already there with the same content is left exactly as it is; returns how many pages
 * were written.
 */
export async function seedPracticePages(
  dataSource: DataSource,
  practiceId: string,
  site: string,
  pages: readonly DemoPage[],
  now = new Date(),
): Promise<number> {
  let written = 0;
  for (const page of pages) {
    const url = new URL(page.path, site).href;
    const text = demoPageText(page);
    const hash = contentHash(text);
    written += await dataSource.transaction(async (manager) => {
      const [existing]: { content_hash: string }[] = await manager.query(
        `SELECT "content_hash" FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1 AND "source_url" = $2
          FOR UPDATE`,
        [practiceId, url],
      );
      if (existing?.content_hash === hash) return 0;
      const pageId = stableId(`${practiceId}:${url}`);
      await manager.query(
        `DELETE FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1 AND "source_url" = $2`,
        [practiceId, url],
      );
      await manager.query(
        `INSERT INTO "knowledge"."knowledge_pages"
           ("page_id", "practice_id", "source_url", "page_title", "content_hash", "status", "last_updated")
         VALUES ($1, $2, $3, $4, $5, 'ready', $6)`,
        [pageId, practiceId, url, text.title, hash, new Date(now.getTime() - page.age_days * DAY_MS)],
      );
      for (const chunk of chunkPage(text)) {
        await manager.query(
          `INSERT INTO "knowledge"."knowledge_chunks"
             ("chunk_id", "practice_id", "page_id", "source_url", "position", "page_title", "heading", "content")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            stableId(`${pageId}:${chunk.position}`),
            practiceId,
            pageId,
            url,
            chunk.position,
            text.title,
            chunk.heading,
            chunk.content,
          ],
        );
      }
      return 1;
    });
  }
  return written;
}

/**
 * The demo seed: each demo practice's website pages (home, services, pricing, about, contact with hours
 * and parking, FAQ...), some of them more than 7 days old so the console shows them 'Stale'. Idempotent.
 */
export async function seedKnowledge(dataSource: DataSource, now = new Date()): Promise<string> {
  let written = 0;
  let total = 0;
  for (const { practiceId, site, pages } of DEMO_SITES) {
    written += await seedPracticePages(dataSource, practiceId, site, pages, now);
    total += pages.length;
  }
  return `knowledge pages: ${written} written, ${total - written} already there`;
}
