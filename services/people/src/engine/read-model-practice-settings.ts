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
  locations: EngineLocation[];
  /** The active default number's capabilities, null without one. */
  default_number: { sms?: unknown; voice?: unknown } | null;
  active_email_account: boolean;
}

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
    // The practice, its locations and what its channels need (docs/product/settings.md#channel-availability: the
    // active default number, an active e-mail account) in one round trip: this is read at every stage of every
    // lead.
    const [row]: PracticeRow[] = await db.query(
      `SELECT p."practice_id", p."name", p."automation_level", p."outreach_preferences",
         COALESCE((
           SELECT json_agg(json_build_object(
             'location_id', l."location_id", 'name', l."name", 'timezone', l."timezone",
             'is_primary', l."is_primary", 'is_active', l."is_active", 'business_hours', l."business_hours",
             'phone', l."phone", 'address', l."address"
           ) ORDER BY l."is_primary" DESC, l."name")
           FROM "people"."locations" l WHERE l."practice_id" = p."practice_id"
         ), '[]'::json) AS "locations",
         (SELECT n."capabilities" FROM "people"."virtual_numbers" n
          WHERE n."practice_id" = p."practice_id" AND n."is_active" AND n."assignment_type" = 'practice_default'
          ORDER BY n."phone_number" LIMIT 1) AS "default_number",
         EXISTS (SELECT 1 FROM "people"."email_accounts" a
                 WHERE a."practice_id" = p."practice_id" AND a."status" = 'active') AS "active_email_account"
       FROM "people"."practices" p WHERE p."practice_id" = $1`,
      [practiceId],
    );
    if (!row) return null;
    const { locations } = row;
    const primaryHours: BusinessHours | null = locations.find((l) => l.is_primary)?.business_hours ?? null;
    const number = row.default_number;
    return {
      practice_id: row.practice_id,
      name: row.name,
      automation_level: automationLevel(row.automation_level),
      channels: usableChannels(row.outreach_preferences, {
        // No default number and one whose capabilities are unknown (null) both leave texts and calls off.
        defaultNumber: number ? { sms: number.sms === true, voice: number.voice === true } : null,
        activeEmailAccount: row.active_email_account,
        sandboxMailbox: this.sandboxMailbox,
      }),
      locations: locations.map((l) => ({ ...l, business_hours: l.business_hours ?? primaryHours })),
    };
  }
}
