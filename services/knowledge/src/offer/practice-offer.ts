import type {
  KnowledgeClearedV1,
  KnowledgePageV1,
  OfferedConsultationFee,
  OfferedProcedure,
  OfferedPromotion,
  PracticeOfferV1,
} from '@pp/contracts';
import { promotionStatus, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { loadPromotions } from '../promotions/promotion-store';

const K = '"knowledge"';

/** The practice's locations as the read model knows them: id → name. */
export type LocationNames = ReadonlyMap<string, string>;

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * What the practice offers now, whole (docs/product/ai-engine.md#what-the-ai-may-quote): offered procedures with
 * their current prices per place, promotions that are current or scheduled (not archived, not expired), and the
 * current consultation fee policies. Read in the caller's transaction, so it is what that transaction wrote.
 */
export async function loadPracticeOffer(
  manager: EntityManager,
  practiceId: string,
  locations: LocationNames,
  timeZone: string,
  now = new Date(),
): Promise<Pick<PracticeOfferV1, 'procedures' | 'promotions' | 'consultation_fees'>> {
  const rows: {
    procedure_id: string;
    name: string;
    parent_name: string | null;
    location_id: string | null;
    price_min: string | null;
    price_max: string | null;
    unit: string | null;
    currency: string | null;
  }[] = await manager.query(
    `SELECT p."procedure_id", p."name", parent."name" AS "parent_name", o."location_id",
            pr."price_min", pr."price_max", pr."unit", pr."currency"
       FROM ${K}."practice_procedures" o
       JOIN ${K}."procedures" p ON p."procedure_id" = o."procedure_id"
       LEFT JOIN ${K}."procedures" parent ON parent."procedure_id" = p."parent_id"
       LEFT JOIN ${K}."procedure_prices" pr ON pr."practice_id" = o."practice_id"
         AND pr."procedure_id" = o."procedure_id" AND pr."location_id" IS NOT DISTINCT FROM o."location_id"
         AND pr."effective_end" IS NULL
      WHERE o."practice_id" = $1 AND o."is_offered"
      ORDER BY p."name", o."location_id" NULLS FIRST`,
    [practiceId],
  );
  const procedures = new Map<string, OfferedProcedure>();
  for (const row of rows) {
    const procedure = procedures.get(row.procedure_id) ?? {
      procedure_id: row.procedure_id,
      name: row.name,
      parent_name: row.parent_name,
      prices: [],
    };
    procedures.set(row.procedure_id, procedure);
    if (row.price_min === null && row.price_max === null) continue;
    procedure.prices.push({
      location_id: row.location_id,
      location_name: row.location_id ? (locations.get(row.location_id) ?? null) : null,
      price_min: toNumber(row.price_min),
      price_max: toNumber(row.price_max),
      unit: row.unit && row.unit !== 'None' ? row.unit : null,
      currency: row.currency ?? 'USD',
    });
  }

  const procedureNames = new Map<string, string>(
    (
      (await manager.query(
        `SELECT p."procedure_id", p."name" FROM ${K}."procedures" p
          WHERE p."practice_id" IS NULL OR p."practice_id" = $1`,
        [practiceId],
      )) as { procedure_id: string; name: string }[]
    ).map((row) => [row.procedure_id, row.name]),
  );
  const promotions: OfferedPromotion[] = (await loadPromotions(manager, practiceId))
    .filter((row) => !row.archived && promotionStatus(row, now, timeZone) !== 'expired')
    .map((row) => ({
      promotion_id: row.promotion_id,
      name: row.name,
      type: row.type,
      amount: toNumber(row.amount),
      location_id: row.location_id,
      location_name: row.location_id ? (locations.get(row.location_id) ?? null) : null,
      procedure_names:
        row.is_all_procedures || row.selected_procedures.length === 0
          ? []
          : row.selected_procedures.flatMap((id) => procedureNames.get(id) ?? []),
      start: row.start,
      end: row.end,
    }));

  const fees: {
    modality: 'medspa' | 'surgery';
    location_id: string | null;
    fee: string | null;
    currency: string;
    is_free: boolean;
  }[] = await manager.query(
    `SELECT "modality", "location_id", "fee", "currency", "is_free" FROM ${K}."consultation_fee_policies"
      WHERE "practice_id" = $1 AND "effective_end" IS NULL ORDER BY "modality", "location_id" NULLS FIRST`,
    [practiceId],
  );
  const consultationFees: OfferedConsultationFee[] = fees.map((row) => ({
    modality: row.modality,
    location_id: row.location_id,
    location_name: row.location_id ? (locations.get(row.location_id) ?? null) : null,
    fee: toNumber(row.fee),
    currency: row.currency,
    is_free: row.is_free,
  }));

  return { procedures: [...procedures.values()], promotions, consultation_fees: consultationFees };
}

/** Publishes the practice's whole offer on knowledge.changes, through the outbox, in the caller's transaction. */
export async function publishPracticeOffer(
  manager: EntityManager,
  outbox: Outbox,
  practiceId: string,
  locations: LocationNames,
  timeZone: string,
): Promise<void> {
  const offer = await loadPracticeOffer(manager, practiceId, locations, timeZone);
  await outbox.add<PracticeOfferV1>(manager, Topics.knowledgeChanges, {
    type: 'practice_offer',
    practice_id: practiceId,
    ...offer,
  });
}

/**
 * Publishes the passages of website pages (docs/product/ai-engine.md#what-the-ai-may-quote): one `knowledge_page`
 * per url with its current chunks (none when the page is gone), or, for `'all'`, `knowledge_cleared` then every
 * page of the practice. In the caller's transaction, so the copy in people follows what was committed.
 */
export async function publishKnowledgePages(
  manager: EntityManager,
  outbox: Outbox,
  practiceId: string,
  urls: readonly string[] | 'all',
): Promise<void> {
  if (urls === 'all') {
    await outbox.add<KnowledgeClearedV1>(manager, Topics.knowledgeChanges, {
      type: 'knowledge_cleared',
      practice_id: practiceId,
    });
  }
  const chunks: { source_url: string; page_title: string | null; chunk_id: string; content: string }[] =
    await manager.query(
      `SELECT pg."source_url", pg."page_title", c."chunk_id", c."content"
         FROM ${K}."knowledge_pages" pg
         JOIN ${K}."knowledge_chunks" c ON c."page_id" = pg."page_id"
        WHERE pg."practice_id" = $1 AND ($2::text[] IS NULL OR pg."source_url" = ANY($2::text[]))
        ORDER BY pg."source_url", c."position"`,
      [practiceId, urls === 'all' ? null : urls],
    );
  const pages = new Map<string, { title: string | null; chunks: { chunk_id: string; content: string }[] }>();
  if (urls !== 'all') for (const url of urls) pages.set(url, { title: null, chunks: [] });
  for (const row of chunks) {
    const page = pages.get(row.source_url) ?? { title: row.page_title, chunks: [] };
    page.title = row.page_title;
    page.chunks.push({ chunk_id: row.chunk_id, content: row.content });
    pages.set(row.source_url, page);
  }
  for (const [url, page] of pages) {
    await outbox.add<KnowledgePageV1>(manager, Topics.knowledgeChanges, {
      type: 'knowledge_page',
      practice_id: practiceId,
      source_url: url,
      page_title: page.title,
      chunks: page.chunks,
    });
  }
}
