import { Injectable } from '@nestjs/common';
import type { BusinessHours } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import {
  automationLevel,
  EngineLocation,
  EnginePractice,
  enabledChannels,
  PracticeSettings,
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
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async practice(practiceId: string, manager?: EntityManager): Promise<EnginePractice | null> {
    const db = manager ?? this.dataSource;
    const [row]: PracticeRow[] = await db.query(
      `SELECT "practice_id", "name", "automation_level", "outreach_preferences"
       FROM "people"."practices" WHERE "practice_id" = $1`,
      [practiceId],
    );
    if (!row) return null;
    const locations: LocationRow[] = await db.query(
      `SELECT "location_id", "name", "timezone", "is_primary", "is_active", "business_hours", "phone", "address"
       FROM "people"."locations" WHERE "practice_id" = $1 ORDER BY "is_primary" DESC, "name"`,
      [practiceId],
    );
    const primaryHours: BusinessHours | null = locations.find((l) => l.is_primary)?.business_hours ?? null;
    return {
      practice_id: row.practice_id,
      name: row.name,
      automation_level: automationLevel(row.automation_level),
      channels: enabledChannels(row.outreach_preferences),
      locations: locations.map((l) => ({ ...l, business_hours: l.business_hours ?? primaryHours })),
    };
  }
}
