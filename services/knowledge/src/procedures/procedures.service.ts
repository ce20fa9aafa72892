import { Injectable } from '@nestjs/common';
import { createProcedureMatcher, extractProcedurePrices } from '@pp/ai';
import type {
  Currency,
  Pricing,
  PricingHistoryEntry,
  PricingUnit,
  ProcedureSearchResult,
  ProcedureSummaryItem,
  ProceduresChangedV1,
  SeedFromExtractedResponse,
} from '@pp/contracts';
import {
  parentProblem,
  ProcedureApiMessages,
  promotionAppliesTo,
  promotionStatus,
  Topics,
} from '@pp/contracts';
import { assertPracticeAccess, Identity, Outbox, PracticeReadModel } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { loadPromotions } from '../promotions/promotion-store';
import { CreateOfferingDto } from './dto/create-offering.dto';
import { UpdateOfferingDto } from './dto/update-offering.dto';
import { catalogueId } from './catalogue/catalogue-ids';
import { lockPractice, offer, PriceEdit, setPrice, stopOffering } from './offering-writer';
import { OfferAnnouncer } from '../offer/offer-announcer';
import { ProcedureException } from './procedure.exception';

const K = '"knowledge"';
/** What the history calls the all-locations rows. */
export const ALL_LOCATIONS_NAME = 'All locations';

interface ProcedureRow {
  procedure_id: string;
  practice_id: string | null;
  name: string;
  category_id: string | null;
  category_name: string | null;
  parent_id: string | null;
  parent_name: string | null;
  synonyms: string[];
}

const PROCEDURE_COLUMNS = `p."procedure_id", p."practice_id", p."name", p."category_id", c."name" AS "category_name",
  p."parent_id", parent."name" AS "parent_name", p."synonyms"`;
const PROCEDURE_FROM = `${K}."procedures" p
  LEFT JOIN ${K}."procedure_categories" c ON c."category_id" = p."category_id"
  LEFT JOIN ${K}."procedures" parent ON parent."procedure_id" = p."parent_id"`;
/** The catalogue and the practice's own procedures ($1: the practice). */
const VISIBLE = `(p."practice_id" IS NULL OR p."practice_id" = $1)`;

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** Procedures, offerings and prices of a practice (docs/product/settings.md#procedure-pricing). */
@Injectable()
export class ProceduresService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly practices: PracticeReadModel,
    private readonly announcer: OfferAnnouncer,
  ) {}

  /** The procedures the practice offers somewhere, with their offerings per place. */
  async summary(identity: Identity, practiceId: string): Promise<ProcedureSummaryItem[]> {
    const practice = assertPracticeAccess(identity, practiceId);
    return this.summaryItems(this.dataSource.manager, practice);
  }

  /** Procedures (catalogue and the practice's own) by name, parent name or synonym. */
  async search(
    identity: Identity,
    practiceId: string,
    q: string | undefined,
  ): Promise<ProcedureSearchResult[]> {
    const practice = assertPracticeAccess(identity, practiceId);
    const text = (q ?? '').trim();
    if (!text) return [];
    const like = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const rows: ProcedureRow[] = await this.dataSource.query(
      `SELECT ${PROCEDURE_COLUMNS} FROM ${PROCEDURE_FROM}
       WHERE ${VISIBLE} AND (p."name" ILIKE $2 OR parent."name" ILIKE $2
         OR EXISTS (SELECT 1 FROM unnest(p."synonyms") s WHERE s ILIKE $2))
       ORDER BY (lower(p."name") = lower($3)) DESC, (p."name" ILIKE $4) DESC, p."name"
       LIMIT 20`,
      [practice, like, text, `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
    );
    return rows.map((row) => ({
      procedure_id: row.procedure_id,
      name: row.name,
      parent_name: row.parent_name,
    }));
  }

  /** Every pricing row of a procedure (or of one place), newest first. */
  async history(
    identity: Identity,
    practiceId: string,
    procedureId: string,
    locationId: string | undefined,
  ): Promise<PricingHistoryEntry[]> {
    const practice = assertPracticeAccess(identity, practiceId);
    await this.requireProcedure(this.dataSource.manager, practice, procedureId);
    if (locationId !== undefined) await this.requireLocation(practice, locationId);
    const rows: {
      location_id: string | null;
      price_min: string | null;
      price_max: string | null;
      unit: PricingUnit;
      currency: Currency;
      effective_start: Date;
      effective_end: Date | null;
    }[] = await this.dataSource.query(
      `SELECT "location_id", "price_min", "price_max", "unit", "currency", "effective_start", "effective_end"
       FROM ${K}."procedure_prices"
       WHERE "practice_id" = $1 AND "procedure_id" = $2 AND ($3::uuid IS NULL OR "location_id" = $3::uuid)
       ORDER BY "effective_start" DESC, "effective_end" DESC NULLS FIRST`,
      [practice, procedureId, locationId ?? null],
    );
    const names = await this.locationNames(practice);
    return rows.map((row) => ({
      location_id: row.location_id,
      location_name: row.location_id
        ? (names.get(row.location_id) ?? 'Removed location')
        : ALL_LOCATIONS_NAME,
      price_min: toNumber(row.price_min),
      price_max: toNumber(row.price_max),
      unit: row.unit,
      currency: row.currency,
      effective_start: row.effective_start.toISOString(),
      effective_end: row.effective_end?.toISOString() ?? null,
    }));
  }

  /**
   * Add Pricing: an existing procedure, or a name (an existing one in any case, else a new procedure of the
   * practice with an optional parent), offered at a place with an optional price.
   */
  async create(
    identity: Identity,
    practiceId: string,
    dto: CreateOfferingDto,
  ): Promise<ProcedureSummaryItem> {
    const practice = assertPracticeAccess(identity, practiceId);
    const locationId = dto.location_id ?? null;
    if (locationId) await this.requireLocation(practice, locationId);
    if (!dto.procedure_id && !dto.procedure_name)
      throw ProcedureException.invalid(ProcedureApiMessages.procedureRequired);
    return this.write(practice, async (manager) => {
      let procedure = dto.procedure_id
        ? await this.requireProcedure(manager, practice, dto.procedure_id)
        : await this.procedureNamed(manager, practice, dto.procedure_name as string);
      if (dto.parent_id) {
        const parent = await this.visibleProcedure(manager, practice, dto.parent_id);
        if (!parent) throw ProcedureException.parentNotFound();
        const family: { procedure_id: string; parent_id: string | null }[] = await manager.query(
          `SELECT "procedure_id", "parent_id" FROM ${K}."procedures" p WHERE ${VISIBLE}`,
          [practice],
        );
        const problem = parentProblem(procedure?.procedure_id ?? null, parent.procedure_id, family);
        if (problem) {
          throw ProcedureException.invalid(
            problem === 'self'
              ? ProcedureApiMessages.parentIsSelf
              : problem === 'parent_is_child'
                ? ProcedureApiMessages.parentIsChild
                : ProcedureApiMessages.parentHasChildren,
          );
        }
        if (procedure && procedure.practice_id === practice && procedure.parent_id !== parent.procedure_id) {
          await manager.query(
            `UPDATE ${K}."procedures" SET "parent_id" = $2, "category_id" = COALESCE("category_id", $3) WHERE "procedure_id" = $1`,
            [procedure.procedure_id, parent.procedure_id, parent.category_id],
          );
        }
        if (!procedure)
          procedure = await this.createOwnProcedure(manager, practice, dto.procedure_name as string, parent);
      }
      procedure ??= await this.createOwnProcedure(manager, practice, dto.procedure_name as string, null);
      const price = priceEdit(dto);
      if (dto.is_offered === false) {
        await stopOffering(manager, practice, procedure.procedure_id, locationId, true);
      } else {
        await offer(manager, practice, procedure.procedure_id, locationId, price);
      }
      return [procedure.procedure_id];
    });
  }

  /**
   * Stops offering at a place (ending its price unless told not to), or offers it there and applies a price
   * edit: the console's Remove and its inline edit (docs/product/settings.md#procedure-pricing).
   */
  async updateOffering(
    identity: Identity,
    practiceId: string,
    dto: UpdateOfferingDto,
  ): Promise<ProcedureSummaryItem> {
    const practice = assertPracticeAccess(identity, practiceId);
    const locationId = dto.location_id ?? null;
    if (locationId) await this.requireLocation(practice, locationId);
    return this.write(practice, async (manager) => {
      await this.requireProcedure(manager, practice, dto.procedure_id);
      if (dto.is_offered) {
        await offer(manager, practice, dto.procedure_id, locationId, priceEdit(dto));
      } else {
        await stopOffering(
          manager,
          practice,
          dto.procedure_id,
          locationId,
          dto.end_pricing_when_disabled !== false,
        );
      }
      return [dto.procedure_id];
    });
  }

  /**
   * 'Reset from Extracted Data': reads the practice's knowledge chunks, finds procedures (catalogue and its
   * own, by name or synonym) and the prices written beside them. A procedure the practice does not offer yet
   * is offered at all locations; a found price is set where the procedure is offered (all locations, or each
   * offered location), ending a different current price (history kept). Nothing is removed.
   */
  async seedFromExtracted(identity: Identity, practiceId: string): Promise<SeedFromExtractedResponse> {
    const practice = assertPracticeAccess(identity, practiceId);
    const chunks = await this.chunks(practice);
    const procedures: ProcedureRow[] = await this.dataSource.query(
      `SELECT ${PROCEDURE_COLUMNS} FROM ${PROCEDURE_FROM} WHERE ${VISIBLE}`,
      [practice],
    );
    const byId = new Map(procedures.map((row) => [row.procedure_id, row]));
    const match = createProcedureMatcher(
      procedures.map((row) => ({ key: row.procedure_id, terms: [row.name, ...row.synonyms] })),
    );
    const found = new Map<string, Pricing | null>();
    for (const chunk of chunks) {
      for (const [id, price] of extractProcedurePrices(chunk, match)) {
        if (!found.has(id) || (found.get(id) === null && price)) found.set(id, price);
      }
    }
    let offeringsCreated = 0;
    let pricesSet = 0;
    if (found.size > 0) {
      await this.write(practice, async (manager) => {
        for (const [procedureId, price] of found) {
          const places: { location_id: string | null }[] = await manager.query(
            `SELECT "location_id" FROM ${K}."practice_procedures"
             WHERE "practice_id" = $1 AND "procedure_id" = $2 AND "is_offered"`,
            [practice, procedureId],
          );
          if (places.length === 0) {
            await offer(manager, practice, procedureId, null, undefined);
            offeringsCreated++;
            places.push({ location_id: null });
          }
          if (!price) continue;
          for (const place of places) {
            if (await setPrice(manager, practice, procedureId, place.location_id, price)) pricesSet++;
          }
        }
        return [...found.keys()];
      });
    }
    return {
      chunks_scanned: chunks.length,
      procedures_found: found.size,
      offerings_created: offeringsCreated,
      prices_set: pricesSet,
      procedures: [...found].map(([id, pricing]) => ({
        procedure_id: id,
        procedure_name: byId.get(id)?.name ?? '',
        pricing,
      })),
    };
  }

  /**
   * Offers at all locations the catalogue procedures (by key) a practice does not offer yet: sign-up from a demo
   * offers the procedures the demo found on the website. Unknown keys are left out. Returns how many were offered.
   */
  async offerCatalogue(practiceId: string, keys: readonly string[]): Promise<number> {
    const ids = [...new Set(keys)].map((key) => catalogueId('procedure', key));
    if (ids.length === 0) return 0;
    let offered = 0;
    await this.write(practiceId, async (manager) => {
      const fresh: { procedure_id: string }[] = await manager.query(
        `SELECT p."procedure_id" FROM ${K}."procedures" p
         WHERE p."procedure_id" = ANY($2::uuid[]) AND p."practice_id" IS NULL
           AND NOT EXISTS (SELECT 1 FROM ${K}."practice_procedures" o
             WHERE o."practice_id" = $1 AND o."procedure_id" = p."procedure_id" AND o."is_offered")`,
        [practiceId, ids],
      );
      for (const { procedure_id } of fresh) await offer(manager, practiceId, procedure_id, null, undefined);
      offered = fresh.length;
      return fresh.map((row) => row.procedure_id);
    });
    return offered;
  }

  /** The practice's knowledge chunks (the website pages it processed), page by page. */
  private async chunks(practiceId: string): Promise<string[]> {
    const rows: { content: string }[] = await this.dataSource.query(
      `SELECT "content" FROM ${K}."knowledge_chunks" WHERE "practice_id" = $1 ORDER BY "page_id", "position"`,
      [practiceId],
    );
    return rows.map((row) => row.content ?? '');
  }

  /**
   * Runs a change of the practice's offerings in one transaction (serialised per practice), announces
   * `procedures_changed` through the outbox in it, and answers the first procedure's summary item.
   */
  private async write(
    practiceId: string,
    change: (manager: EntityManager) => Promise<string[]>,
  ): Promise<ProcedureSummaryItem> {
    return this.dataSource.transaction(async (manager) => {
      await lockPractice(manager, practiceId);
      const procedureIds = await change(manager);
      await this.outbox.add<ProceduresChangedV1>(manager, Topics.knowledgeChanges, {
        type: 'procedures_changed',
        practice_id: practiceId,
        procedure_ids: procedureIds,
      });
      await this.announcer.offerChanged(manager, practiceId);
      const [item] = await this.summaryItems(manager, practiceId, procedureIds.slice(0, 1), true);
      return item;
    });
  }

  async summaryItems(
    manager: EntityManager,
    practiceId: string,
    only?: string[],
    includeUnoffered = false,
  ): Promise<ProcedureSummaryItem[]> {
    const procedures: (ProcedureRow & { history_count: number })[] = await manager.query(
      `SELECT ${PROCEDURE_COLUMNS},
         (SELECT count(*)::int FROM ${K}."procedure_prices" pr
          WHERE pr."practice_id" = $1 AND pr."procedure_id" = p."procedure_id") AS "history_count"
       FROM ${PROCEDURE_FROM}
       WHERE ${VISIBLE} AND ($2::uuid[] IS NULL OR p."procedure_id" = ANY($2::uuid[]))
         AND ($3 OR EXISTS (SELECT 1 FROM ${K}."practice_procedures" o
           WHERE o."practice_id" = $1 AND o."procedure_id" = p."procedure_id" AND o."is_offered"))
       ORDER BY c."position" NULLS LAST, COALESCE(parent."position", p."position"), p."parent_id" NULLS FIRST, p."name"`,
      [practiceId, only ?? null, includeUnoffered],
    );
    if (procedures.length === 0) return [];
    const ids = procedures.map((row) => row.procedure_id);
    const offerings: {
      procedure_id: string;
      location_id: string | null;
      is_offered: boolean;
      practice_procedure_id: string;
    }[] = await manager.query(
      `SELECT "procedure_id", "location_id", "is_offered", "practice_procedure_id" FROM ${K}."practice_procedures"
         WHERE "practice_id" = $1 AND "procedure_id" = ANY($2::uuid[])`,
      [practiceId, ids],
    );
    const prices: {
      procedure_id: string;
      location_id: string | null;
      price_min: string | null;
      price_max: string | null;
      unit: PricingUnit;
      currency: Currency;
    }[] = await manager.query(
      `SELECT "procedure_id", "location_id", "price_min", "price_max", "unit", "currency" FROM ${K}."procedure_prices"
         WHERE "practice_id" = $1 AND "procedure_id" = ANY($2::uuid[]) AND "effective_end" IS NULL`,
      [practiceId, ids],
    );
    const locations = await this.practices.locations(practiceId);
    const timeZone = await this.practices.timezone(practiceId);
    const now = new Date();
    const current = (await loadPromotions(manager, practiceId)).filter(
      (promotion) => promotionStatus(promotion, now, timeZone) === 'current',
    );
    const place = (id: string, location: string | null) => `${id}:${location ?? ''}`;
    const offeringAt = new Map(offerings.map((row) => [place(row.procedure_id, row.location_id), row]));
    const priceAt = new Map(
      prices.map((row) => [
        place(row.procedure_id, row.location_id),
        {
          min: toNumber(row.price_min),
          max: toNumber(row.price_max),
          unit: row.unit,
          currency: row.currency,
        },
      ]),
    );
    return procedures.map((row) => {
      const all = offeringAt.get(place(row.procedure_id, null));
      return {
        procedure_id: row.procedure_id,
        procedure_name: row.name,
        category_id: row.category_id,
        category_name: row.category_name,
        parent_id: row.parent_id,
        parent_name: row.parent_name,
        history_count: row.history_count,
        has_promotion: current.some((promotion) => promotionAppliesTo(promotion, row.procedure_id)),
        offerings: {
          all_locations: {
            offered: all?.is_offered ?? false,
            pricing: priceAt.get(place(row.procedure_id, null)) ?? null,
            practice_procedure_id: all?.practice_procedure_id ?? null,
          },
          locations: Object.fromEntries(
            locations.map((location) => [
              location.location_id,
              {
                offered: offeringAt.get(place(row.procedure_id, location.location_id))?.is_offered ?? false,
                pricing: priceAt.get(place(row.procedure_id, location.location_id)) ?? null,
                location_name: location.name,
              },
            ]),
          ),
        },
      };
    });
  }

  private async visibleProcedure(
    manager: EntityManager,
    practiceId: string,
    procedureId: string,
  ): Promise<ProcedureRow | null> {
    const [row]: ProcedureRow[] = await manager.query(
      `SELECT ${PROCEDURE_COLUMNS} FROM ${PROCEDURE_FROM} WHERE ${VISIBLE} AND p."procedure_id" = $2`,
      [practiceId, procedureId],
    );
    return row ?? null;
  }

  /** A procedure of the catalogue or of the practice; another practice's is not found. */
  async requireProcedure(
    manager: EntityManager,
    practiceId: string,
    procedureId: string,
  ): Promise<ProcedureRow> {
    const row = await this.visibleProcedure(manager, practiceId, procedureId);
    if (!row) throw ProcedureException.procedureNotFound();
    return row;
  }

  private async requireLocation(practiceId: string, locationId: string): Promise<void> {
    if (!(await this.practices.location(practiceId, locationId))) throw ProcedureException.locationNotFound();
  }

  private async locationNames(practiceId: string): Promise<Map<string, string>> {
    return new Map(
      (await this.practices.locations(practiceId)).map((location) => [location.location_id, location.name]),
    );
  }

  /** The visible procedure with this name in any case (the practice's own first), or null. */
  private async procedureNamed(
    manager: EntityManager,
    practiceId: string,
    name: string,
  ): Promise<ProcedureRow | null> {
    const [row]: ProcedureRow[] = await manager.query(
      `SELECT ${PROCEDURE_COLUMNS} FROM ${PROCEDURE_FROM}
       WHERE ${VISIBLE} AND lower(p."name") = lower($2) ORDER BY p."practice_id" NULLS LAST LIMIT 1`,
      [practiceId, name],
    );
    return row ?? null;
  }

  private async createOwnProcedure(
    manager: EntityManager,
    practiceId: string,
    name: string,
    parent: ProcedureRow | null,
  ): Promise<ProcedureRow> {
    const [row]: { procedure_id: string }[] = await manager.query(
      `INSERT INTO ${K}."procedures" ("procedure_id", "practice_id", "name", "category_id", "parent_id", "position")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 10000) RETURNING "procedure_id"`,
      [practiceId, name, parent?.category_id ?? null, parent?.procedure_id ?? null],
    );
    return (await this.visibleProcedure(manager, practiceId, row.procedure_id)) as ProcedureRow;
  }
}

/** The price edit a request carries, or undefined when it names no price field. */
function priceEdit(dto: {
  price_min?: number | null;
  price_max?: number | null;
  unit?: PricingUnit;
  currency?: Currency;
}): PriceEdit | undefined {
  if (
    dto.price_min === undefined &&
    dto.price_max === undefined &&
    dto.unit === undefined &&
    dto.currency === undefined
  ) {
    return undefined;
  }
  return { min: dto.price_min, max: dto.price_max, unit: dto.unit, currency: dto.currency };
}
