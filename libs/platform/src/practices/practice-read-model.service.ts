import { Inject, Injectable } from '@nestjs/common';
import { BusinessHours, isApplicablePracticeChange, PracticeChangeV1 } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { Inbox } from '../database/inbox.service';
import { DATABASE_SCHEMA } from '../database/tokens';
import { LookupCache } from './lookup-cache';
import { KnownLocation, KnownPractice } from './practice-read-model.entity';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A practice's time zone when it has no location yet (the spec's default for a new location). */
export const DEFAULT_PRACTICE_TIMEZONE = 'America/New_York';

/**
 * How long a site key's practice (or its absence) is kept in memory: the tracking ingress looks it up on every
 * request. This instance forgets it at once when it applies a practice change; a change another instance applied
 * (they share the consumer group) is seen within this time.
 */
export const SITE_KEY_CACHE_TTL_MS = 5_000;
const SITE_KEY_CACHE_MAX = 10_000;

/** A virtual number as the read model keeps it (practiceReadModelNumbersSql). */
export interface KnownVirtualNumber {
  phone_number: string;
  practice_id: string;
  is_active: boolean;
  assignment_type: string;
  capabilities: { voice?: boolean; sms?: boolean };
}

/**
 * The practices and locations a service knows from `practice.changes` (the gateway owns them), in the service's
 * own schema (tables `practices` and `locations`). Snapshots are applied as upserts in the order Kafka delivers
 * them: a practice's events share its partition, so that order is the order of the changes, whichever gateway
 * instance (and clock) wrote them. The inbox skips an event applied before, and a snapshot the gateway's seed
 * republishes is the current state. `changed_at` is kept for operators only.
 */
@Injectable()
export class PracticeReadModel {
  /** The inbox name of this consumer: an event id is applied once. */
  private readonly consumer: string;
  /** Whether the schema keeps virtual numbers (has the table of practiceReadModelNumbersSql); asked once. */
  private keepsNumbers?: Promise<boolean>;
  /** bySiteKey's answers (see SITE_KEY_CACHE_TTL_MS). */
  private readonly siteKeys = new LookupCache<KnownPractice | null>(
    SITE_KEY_CACHE_TTL_MS,
    SITE_KEY_CACHE_MAX,
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
    @Inject(DATABASE_SCHEMA) private readonly schema: string,
  ) {
    this.consumer = `${schema}.practice-changes`;
  }

  /** Applies one event; false when skipped (not applicable, or already applied). */
  async apply(event: unknown): Promise<boolean> {
    if (!isApplicablePracticeChange(event)) return false;
    const applied = await this.applyOnce(event);
    // Committed: a new, changed or moved site key is answered from the table from now on.
    if (applied && event.type === 'practice_updated') this.siteKeys.clear();
    return applied;
  }

  private applyOnce(event: PracticeChangeV1): Promise<boolean> {
    return this.inbox.once(this.consumer, event, async (manager) => {
      const at = event.occurred_at;
      if (event.type === 'practice_updated') {
        const { practice } = event;
        const siteKey = typeof practice.site_key === 'string' && practice.site_key ? practice.site_key : null;
        // A site key belongs to one practice: the gateway's latest snapshot wins over a row that still names it
        // (so that a unique-index conflict can never block the topic).
        if (siteKey) {
          await manager.query(
            `UPDATE "${this.schema}"."practices" SET "site_key" = NULL
             WHERE "site_key" = $1 AND "practice_id" <> $2`,
            [siteKey, event.practice_id],
          );
        }
        await manager.query(
          `INSERT INTO "${this.schema}"."practices"
             ("practice_id", "name", "website_url", "automation_level", "outreach_preferences", "site_key",
              "changed_at")
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
           ON CONFLICT ("practice_id") DO UPDATE SET "name" = EXCLUDED."name",
             "website_url" = EXCLUDED."website_url",
             "automation_level" = COALESCE(EXCLUDED."automation_level", "practices"."automation_level"),
             "outreach_preferences" = EXCLUDED."outreach_preferences",
             "site_key" = COALESCE(EXCLUDED."site_key", "practices"."site_key"),
             "changed_at" = EXCLUDED."changed_at"`,
          [
            event.practice_id,
            practice.name,
            practice.website_url ?? null,
            typeof practice.automation_level === 'string' ? practice.automation_level : null,
            JSON.stringify(isObject(practice.outreach_preferences) ? practice.outreach_preferences : {}),
            siteKey,
            at,
          ],
        );
        if (Array.isArray(practice.virtual_numbers) && (await this.hasNumbersTable())) {
          await this.replaceNumbers(manager, event.practice_id, practice.virtual_numbers);
        }
      } else if (event.type === 'location_deleted') {
        await manager.query(
          `DELETE FROM "${this.schema}"."locations" WHERE "location_id" = $1 AND "practice_id" = $2`,
          [event.location_id, event.practice_id],
        );
      } else {
        const { location } = event;
        await manager.query(
          `INSERT INTO "${this.schema}"."locations"
             ("location_id", "practice_id", "name", "address", "phone", "timezone", "is_primary", "is_active",
              "business_hours", "changed_at")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
           ON CONFLICT ("location_id") DO UPDATE SET "name" = EXCLUDED."name", "address" = EXCLUDED."address",
             "phone" = EXCLUDED."phone", "timezone" = EXCLUDED."timezone",
             "is_primary" = EXCLUDED."is_primary", "is_active" = EXCLUDED."is_active",
             "business_hours" = EXCLUDED."business_hours", "changed_at" = EXCLUDED."changed_at"
           WHERE "locations"."practice_id" = EXCLUDED."practice_id"`,
          [
            location.location_id,
            event.practice_id,
            location.name,
            typeof location.address === 'string' ? location.address : null,
            typeof location.phone === 'string' ? location.phone : null,
            location.timezone,
            location.is_primary === true,
            location.is_active,
            isObject(location.business_hours) ? JSON.stringify(location.business_hours) : null,
            at,
          ],
        );
      }
    });
  }

  private hasNumbersTable(): Promise<boolean> {
    this.keepsNumbers ??= this.dataSource
      .query(`SELECT to_regclass($1) IS NOT NULL AS "exists"`, [`"${this.schema}"."virtual_numbers"`])
      .then((rows: { exists: boolean }[]) => rows[0]?.exists === true);
    return this.keepsNumbers;
  }

  /** The snapshot's numbers replace the practice's; a number another practice held moves to this one. */
  private async replaceNumbers(
    manager: EntityManager,
    practiceId: string,
    numbers: unknown[],
  ): Promise<void> {
    await manager.query(`DELETE FROM "${this.schema}"."virtual_numbers" WHERE "practice_id" = $1`, [
      practiceId,
    ]);
    for (const number of numbers) {
      if (!isObject(number) || typeof number.phone_number !== 'string' || !number.phone_number) continue;
      const capabilities = isObject(number.capabilities) ? number.capabilities : {};
      await manager.query(
        `INSERT INTO "${this.schema}"."virtual_numbers"
           ("phone_number", "practice_id", "is_active", "assignment_type", "capabilities")
         VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT ("phone_number") DO UPDATE SET "practice_id" = EXCLUDED."practice_id",
           "is_active" = EXCLUDED."is_active", "assignment_type" = EXCLUDED."assignment_type",
           "capabilities" = EXCLUDED."capabilities"`,
        [
          number.phone_number,
          practiceId,
          number.is_active !== false,
          typeof number.assignment_type === 'string' ? number.assignment_type : 'practice_default',
          JSON.stringify({ voice: capabilities.voice === true, sms: capabilities.sms === true }),
        ],
      );
    }
  }

  /** The practice that owns an active virtual number (E.164); null when none does. */
  async numberOwner(phoneNumber: string): Promise<KnownVirtualNumber | null> {
    const [row]: KnownVirtualNumber[] = await this.dataSource.query(
      `SELECT * FROM "${this.schema}"."virtual_numbers" WHERE "phone_number" = $1 AND "is_active"`,
      [phoneNumber],
    );
    return row ?? null;
  }

  /**
   * The number the practice texts from: its active default number with SMS (docs/product/settings.md#virtual-number),
   * else any active number with SMS; null when it has none.
   */
  async smsNumber(practiceId: string): Promise<string | null> {
    const [row]: KnownVirtualNumber[] = await this.dataSource.query(
      `SELECT * FROM "${this.schema}"."virtual_numbers"
       WHERE "practice_id" = $1 AND "is_active" AND ("capabilities"->>'sms')::boolean
       ORDER BY ("assignment_type" = 'practice_default') DESC, "phone_number" LIMIT 1`,
      [practiceId],
    );
    return row?.phone_number ?? null;
  }

  /**
   * The number the practice calls from: its active default number with voice, else any active number with voice;
   * null when it has none.
   */
  async voiceNumber(practiceId: string): Promise<string | null> {
    const [row]: KnownVirtualNumber[] = await this.dataSource.query(
      `SELECT * FROM "${this.schema}"."virtual_numbers"
       WHERE "practice_id" = $1 AND "is_active" AND ("capabilities"->>'voice')::boolean
       ORDER BY ("assignment_type" = 'practice_default') DESC, "phone_number" LIMIT 1`,
      [practiceId],
    );
    return row?.phone_number ?? null;
  }

  /**
   * The practice with its automation level, outreach preferences and site key; null when unknown. Inside a
   * transaction pass its manager, so the read does not take a second pool connection.
   */
  async practice(practiceId: string, manager?: EntityManager): Promise<KnownPractice | null> {
    return (manager ?? this.dataSource.manager).findOneBy(KnownPractice, { practice_id: practiceId });
  }

  /**
   * The practice whose website tracking snippet sends this public site key; null when none does. Answered from
   * memory for up to SITE_KEY_CACHE_TTL_MS (the ingress asks on every request); the result is shared, so
   * callers must not change it.
   */
  async bySiteKey(siteKey: string): Promise<KnownPractice | null> {
    if (!siteKey) return null;
    return this.siteKeys.get(siteKey, (key) =>
      this.dataSource.getRepository(KnownPractice).findOneBy({ site_key: key }),
    );
  }

  /** The practice's locations, primary first, then by name (manager: as for practice()). */
  async locations(practiceId: string, manager?: EntityManager): Promise<KnownLocation[]> {
    return (manager ?? this.dataSource.manager).find(KnownLocation, {
      where: { practice_id: practiceId },
      order: { is_primary: 'DESC', name: 'ASC' },
    });
  }

  /** The location, when it exists and belongs to the practice; null otherwise. */
  async location(practiceId: string, locationId: string): Promise<KnownLocation | null> {
    return this.dataSource
      .getRepository(KnownLocation)
      .findOneBy({ location_id: locationId, practice_id: practiceId });
  }

  /**
   * The opening hours that apply at a location: its own, else (null: inherited) the primary location's; null
   * when neither has any, or the location is not the practice's.
   */
  async businessHours(practiceId: string, locationId: string): Promise<BusinessHours | null> {
    const locations = await this.locations(practiceId);
    const location = locations.find((candidate) => candidate.location_id === locationId);
    if (!location) return null;
    return (
      location.business_hours ?? locations.find((candidate) => candidate.is_primary)?.business_hours ?? null
    );
  }

  /** The practice's time zone: its primary location's (else the first location's, else the default). */
  async timezone(practiceId: string): Promise<string> {
    const [first] = await this.locations(practiceId);
    return first?.timezone ?? DEFAULT_PRACTICE_TIMEZONE;
  }
}
