import { Injectable } from '@nestjs/common';
import type {
  ConsultationFees,
  ConsultationFeesChangedV1,
  ConsultationModality,
  Currency,
} from '@pp/contracts';
import { CONSULTATION_MODALITIES, DEFAULT_CURRENCY, ProcedureApiMessages, Topics } from '@pp/contracts';
import { assertPracticeAccess, Identity, Outbox, PracticeReadModel } from '@pp/platform';
import { OfferAnnouncer } from '../offer/offer-announcer';
import { DataSource, EntityManager } from 'typeorm';
import { lockPractice, WRITTEN_AT } from '../procedures/offering-writer';
import { ProcedureException } from '../procedures/procedure.exception';
import { SetConsultationFeeDto } from './dto/set-fee.dto';

const T = '"knowledge"."consultation_fee_policies"';

/**
 * Consultation fees per modality (docs/product/settings.md#consultation-fees): one policy for all
 * locations or one per location, never both. A change ends the current policy and starts a new one (history
 * kept); archiving a modality ends all its policies.
 */
@Injectable()
export class FeesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly practices: PracticeReadModel,
    private readonly announcer: OfferAnnouncer,
  ) {}

  async get(identity: Identity, practiceId: string): Promise<ConsultationFees> {
    return this.current(this.dataSource.manager, assertPracticeAccess(identity, practiceId));
  }

  async set(identity: Identity, practiceId: string, dto: SetConsultationFeeDto): Promise<ConsultationFees> {
    const practice = assertPracticeAccess(identity, practiceId);
    const locationId = dto.location_id ?? null;
    if (locationId && !(await this.practices.location(practice, locationId)))
      throw ProcedureException.locationNotFound();
    const isFree = dto.is_free === true;
    const fee = isFree ? null : (dto.fee ?? null);
    if (!isFree && fee === null) throw ProcedureException.invalid(ProcedureApiMessages.feeRequired);
    const currency = dto.currency ?? DEFAULT_CURRENCY;
    return this.change(practice, dto.modality, async (manager) => {
      const [same]: unknown[] = await manager.query(
        `SELECT 1 FROM ${T} WHERE "practice_id" = $1 AND "modality" = $2 AND "effective_end" IS NULL
           AND "location_id" IS NOT DISTINCT FROM $3::uuid AND "fee" IS NOT DISTINCT FROM $4::numeric
           AND "currency" = $5 AND "is_free" = $6`,
        [practice, dto.modality, locationId, fee, currency, isFree],
      );
      if (same) return;
      // All locations replaces every per-location policy; a location replaces the all-locations one and its own.
      await manager.query(
        `UPDATE ${T} SET "effective_end" = ${WRITTEN_AT}
         WHERE "practice_id" = $1 AND "modality" = $2 AND "effective_end" IS NULL
           AND ($3::uuid IS NULL OR "location_id" IS NULL OR "location_id" = $3::uuid)`,
        [practice, dto.modality, locationId],
      );
      await manager.query(
        `INSERT INTO ${T} ("practice_id", "modality", "location_id", "fee", "currency", "is_free", "effective_start")
         VALUES ($1, $2, $3, $4, $5, $6, ${WRITTEN_AT})`,
        [practice, dto.modality, locationId, fee, currency, isFree],
      );
    });
  }

  /** 'Stop Offering': ends every active policy of the modality. */
  async archive(identity: Identity, practiceId: string, modality: string): Promise<ConsultationFees> {
    const practice = assertPracticeAccess(identity, practiceId);
    if (!(CONSULTATION_MODALITIES as readonly string[]).includes(modality)) {
      throw ProcedureException.invalid(ProcedureApiMessages.modalityInvalid);
    }
    return this.change(practice, modality as ConsultationModality, async (manager) => {
      await manager.query(
        `UPDATE ${T} SET "effective_end" = ${WRITTEN_AT} WHERE "practice_id" = $1 AND "modality" = $2 AND "effective_end" IS NULL`,
        [practice, modality],
      );
    });
  }

  private async change(
    practiceId: string,
    modality: ConsultationModality,
    write: (manager: EntityManager) => Promise<void>,
  ): Promise<ConsultationFees> {
    return this.dataSource.transaction(async (manager) => {
      await lockPractice(manager, practiceId);
      await write(manager);
      await this.outbox.add<ConsultationFeesChangedV1>(manager, Topics.knowledgeChanges, {
        type: 'consultation_fees_changed',
        practice_id: practiceId,
        modality,
      });
      await this.announcer.offerChanged(manager, practiceId);
      return this.current(manager, practiceId);
    });
  }

  private async current(manager: EntityManager, practiceId: string): Promise<ConsultationFees> {
    const rows: {
      policy_id: string;
      modality: ConsultationModality;
      location_id: string | null;
      fee: string | null;
      currency: Currency;
      is_free: boolean;
    }[] = await manager.query(
      `SELECT "policy_id", "modality", "location_id", "fee", "currency", "is_free" FROM ${T}
       WHERE "practice_id" = $1 AND "effective_end" IS NULL ORDER BY "modality", "location_id" NULLS FIRST`,
      [practiceId],
    );
    const fees: ConsultationFees = {};
    for (const row of rows) {
      const entry = (fees[row.modality] ??= { all_locations: null, locations: {} });
      const value = {
        fee: row.fee === null ? null : Number(row.fee),
        currency: row.currency,
        is_free: row.is_free,
      };
      if (row.location_id === null) entry.all_locations = { policy_id: row.policy_id, ...value };
      else entry.locations[row.location_id] = value;
    }
    return fees;
  }
}
