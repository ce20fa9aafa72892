import { Injectable } from '@nestjs/common';
import type { Promotion, PromotionsChangedV1 } from '@pp/contracts';
import {
  calendarDayIn,
  ProcedureApiMessages,
  PROMOTION_STATUSES,
  promotionStatus,
  Topics,
} from '@pp/contracts';
import { assertPracticeAccess, Identity, Outbox, PracticeReadModel } from '@pp/platform';
import { OfferAnnouncer } from '../offer/offer-announcer';
import { DataSource, EntityManager } from 'typeorm';
import { ProcedureException, ProcedureExceptionCode } from '../procedures/procedure.exception';
import { SavePromotionDto } from './dto/save-promotion.dto';
import { checkPromotion } from './promotion-rules';
import { loadPromotions, toPromotion } from './promotion-store';

/**
 * Promotions (docs/product/settings.md#promotions). Start and end are calendar days in the practice's time
 * zone (its primary location's); the status follows from them (`promotionStatus`). Ending early archives a
 * current promotion: its end becomes today and it is expired from then on. A scheduled or expired one cannot
 * be ended early (409): the console offers end-early only for current ones, and an edit moves a scheduled one.
 */
@Injectable()
export class PromotionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly practices: PracticeReadModel,
    private readonly announcer: OfferAnnouncer,
  ) {}

  async list(identity: Identity, practiceId: string, status: string | undefined): Promise<Promotion[]> {
    const practice = assertPracticeAccess(identity, practiceId);
    if (status !== undefined && !(PROMOTION_STATUSES as readonly string[]).includes(status)) {
      throw ProcedureException.invalid(ProcedureApiMessages.promotionStatusInvalid);
    }
    const promotions = await this.view(this.dataSource.manager, practice);
    return status ? promotions.filter((promotion) => promotion.status === status) : promotions;
  }

  async save(identity: Identity, practiceId: string, dto: SavePromotionDto): Promise<Promotion> {
    const practice = assertPracticeAccess(identity, practiceId);
    const checked = checkPromotion(dto);
    if ('problem' in checked) throw ProcedureException.invalid(checked.problem);
    const locationId = dto.location_id ?? null;
    if (locationId && !(await this.practices.location(practice, locationId)))
      throw ProcedureException.locationNotFound();
    return this.dataSource.transaction(async (manager) => {
      if (checked.selected_procedures.length > 0) {
        const [{ known }]: { known: number }[] = await manager.query(
          `SELECT count(DISTINCT p."procedure_id")::int AS "known" FROM "knowledge"."procedures" p
           JOIN "knowledge"."practice_procedures" o ON o."procedure_id" = p."procedure_id" AND o."practice_id" = $1
           WHERE (p."practice_id" IS NULL OR p."practice_id" = $1) AND p."procedure_id" = ANY($2::uuid[])`,
          [practice, checked.selected_procedures],
        );
        if (known !== checked.selected_procedures.length) throw ProcedureException.procedureNotFound();
      }
      const values = [
        checked.name,
        checked.type,
        checked.amount,
        locationId,
        checked.selected_procedures,
        checked.is_all_procedures,
        checked.start,
        checked.end,
      ];
      let promotionId = dto.promotion_id ?? null;
      if (promotionId) {
        const [existing] = await loadPromotions(manager, practice, promotionId);
        if (!existing) throw ProcedureException.promotionNotFound();
        if (existing.archived) {
          throw new ProcedureException(
            ProcedureExceptionCode.PromotionEnded,
            ProcedureApiMessages.promotionEnded,
          );
        }
        // TypeORM answers an UPDATE with [rows, affected count].
        const [updated]: [unknown[], number] = await manager.query(
          `UPDATE "knowledge"."promotions" SET "name" = $3, "type" = $4, "amount" = $5, "location_id" = $6,
             "selected_procedures" = $7::uuid[], "is_all_procedures" = $8, "start_date" = $9, "end_date" = $10,
             "updated_at" = now()
           WHERE "promotion_id" = $1 AND "practice_id" = $2 RETURNING "promotion_id"`,
          [promotionId, practice, ...values],
        );
        if (updated.length === 0) throw ProcedureException.promotionNotFound();
      } else {
        const [row]: { promotion_id: string }[] = await manager.query(
          `INSERT INTO "knowledge"."promotions" ("practice_id", "name", "type", "amount", "location_id",
             "selected_procedures", "is_all_procedures", "start_date", "end_date")
           VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9) RETURNING "promotion_id"`,
          [practice, ...values],
        );
        promotionId = row.promotion_id;
      }
      return this.announce(manager, practice, promotionId);
    });
  }

  /** Ends a current promotion early (archives it). */
  async end(identity: Identity, practiceId: string, promotionId: string): Promise<Promotion> {
    const practice = assertPracticeAccess(identity, practiceId);
    const timeZone = await this.practices.timezone(practice);
    return this.dataSource.transaction(async (manager) => {
      const [row] = await loadPromotions(manager, practice, promotionId);
      if (!row) throw ProcedureException.promotionNotFound();
      const now = new Date();
      if (promotionStatus(row, now, timeZone) !== 'current') {
        throw new ProcedureException(
          ProcedureExceptionCode.PromotionNotCurrent,
          ProcedureApiMessages.promotionNotCurrent,
        );
      }
      await manager.query(
        `UPDATE "knowledge"."promotions" SET "archived_at" = now(), "end_date" = $3, "updated_at" = now()
         WHERE "promotion_id" = $1 AND "practice_id" = $2`,
        [promotionId, practice, calendarDayIn(now, timeZone)],
      );
      return this.announce(manager, practice, promotionId);
    });
  }

  private async announce(
    manager: EntityManager,
    practiceId: string,
    promotionId: string,
  ): Promise<Promotion> {
    await this.outbox.add<PromotionsChangedV1>(manager, Topics.knowledgeChanges, {
      type: 'promotions_changed',
      practice_id: practiceId,
      promotion_id: promotionId,
    });
    await this.announcer.offerChanged(manager, practiceId);
    const [promotion] = await this.view(manager, practiceId, promotionId);
    return promotion;
  }

  private async view(manager: EntityManager, practiceId: string, promotionId?: string): Promise<Promotion[]> {
    const rows = await loadPromotions(manager, practiceId, promotionId);
    const timeZone = await this.practices.timezone(practiceId);
    const locations = new Map(
      (await this.practices.locations(practiceId)).map((location) => [location.location_id, location.name]),
    );
    const procedureIds = [...new Set(rows.flatMap((row) => row.selected_procedures))];
    const names = new Map<string, string>(
      procedureIds.length === 0
        ? []
        : (
            (await manager.query(
              `SELECT "procedure_id", "name" FROM "knowledge"."procedures" WHERE "procedure_id" = ANY($1::uuid[])`,
              [procedureIds],
            )) as { procedure_id: string; name: string }[]
          ).map((row) => [row.procedure_id, row.name]),
    );
    const now = new Date();
    return rows.map((row) =>
      toPromotion(
        row,
        now,
        timeZone,
        (id) => locations.get(id) ?? null,
        (id) => names.get(id),
      ),
    );
  }
}
