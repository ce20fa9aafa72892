import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import type { BusinessHours } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { PeopleConfig } from '../config';
import {
  automationLevel,
  EngineLocation,
  EnginePractice,
  PracticeSettings,
  usableChannels,
} from './practice-settings';

interface PracticeRow {
  practice_id: string;
  name: string;
  automation_level: string | null;
  outreach_preferences: unknown;
}

type LocationRow = EngineLocation;

/**
 * A practice's settings from people's read model of `practice.changes` (tables `people.practices` and
 * `people.locations`, kept by the platform's PracticeReadModel). A location without hours of its own inherits
 * the primary location's (docs/product/settings.md#business-hours).
 */
@Injectable()
export class ReadModelPracticeSettings extends PracticeSettings {
  /** No e-mail provider is configured: no mailbox can be connected, the sandbox stands in for one. */
  private readonly sandboxMailbox: boolean;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CONFIG) config: PeopleConfig,
  ) {
    super();
    this.sandboxMailbox = !config.GOOGLE_CLIENT_ID && !config.MICROSOFT_CLIENT_ID;
  }

  async practice(practiceId: string, manager?: EntityManager): Promise<EnginePractice | null> {
    const db = manager ?? this.dataSource;
    // The practice and its locations in one round trip (this is read at every stage of every lead).
    const [row]: (PracticeRow & { locations: LocationRow[] })[] = await db.query(
      `SELECT p."practice_id", p."name", p."automation_level", p."outreach_preferences",
         COALESCE((
           SELECT json_agg(json_build_object(
             'location_id', l."location_id", 'name', l."name", 'timezone', l."timezone",
             'is_primary', l."is_primary", 'is_active', l."is_active", 'business_hours', l."business_hours",
             'phone', l."phone", 'address', l."address"
           ) ORDER BY l."is_primary" DESC, l."name")
           FROM "people"."locations" l WHERE l."practice_id" = p."practice_id"
         ), '[]'::json) AS "locations"
       FROM "people"."practices" p WHERE p."practice_id" = $1`,
      [practiceId],
    );
    if (!row) return null;
    const { locations } = row;
    const primaryHours: BusinessHours | null = locations.find((l) => l.is_primary)?.business_hours ?? null;
    return {
      practice_id: row.practice_id,
      name: row.name,
      automation_level: automationLevel(row.automation_level),
      channels: usableChannels(row.outreach_preferences, await this.prerequisites(db, practiceId)),
      locations: locations.map((l) => ({ ...l, business_hours: l.business_hours ?? primaryHours })),
    };
  }

  /**
   * What the channels need (docs/product/settings.md#channel-availability): the active default number from the
   * read model of practice.changes, and whether an e-mail account of the practice is active.
   */
  private async prerequisites(db: DataSource | EntityManager, practiceId: string) {
    const [number]: { capabilities: { sms?: unknown; voice?: unknown } | null }[] = await db.query(
      `SELECT "capabilities" FROM "people"."virtual_numbers"
       WHERE "practice_id" = $1 AND "is_active" AND "assignment_type" = 'practice_default'
       ORDER BY "phone_number" LIMIT 1`,
      [practiceId],
    );
    const [account]: unknown[] = await db.query(
      `SELECT 1 FROM "people"."email_accounts" WHERE "practice_id" = $1 AND "status" = 'active' LIMIT 1`,
      [practiceId],
    );
    return {
      defaultNumber: number
        ? { sms: number.capabilities?.sms === true, voice: number.capabilities?.voice === true }
        : null,
      activeEmailAccount: account !== undefined,
      sandboxMailbox: this.sandboxMailbox,
    };
  }
}
