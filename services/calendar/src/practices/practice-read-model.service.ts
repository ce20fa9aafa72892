import { Injectable } from '@nestjs/common';
import { Inbox } from '@pp/platform';
import { DataSource } from 'typeorm';
import { isApplicablePracticeChange } from '@pp/contracts';
import { KnownLocation } from './practice-read-model.entity';

/** The inbox name of this consumer: an event id is applied once. */
export const PRACTICE_CHANGES_CONSUMER = 'calendar.practice-changes';

/**
 * The practices and locations the calendar knows from `practice.changes`. Snapshots are applied as upserts in
 * the order Kafka delivers them: a practice's events share its partition, so that order is the order of the
 * changes, whichever gateway instance (and clock) wrote them. The inbox skips an event applied before, and a
 * snapshot the gateway's seed republishes is the current state. `changed_at` is kept for operators only.
 */
@Injectable()
export class PracticeReadModel {
  constructor(
    private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
  ) {}

  /** Applies one event; false when skipped (not applicable, or already applied). */
  async apply(event: unknown): Promise<boolean> {
    if (!isApplicablePracticeChange(event)) return false;
    return this.inbox.once(PRACTICE_CHANGES_CONSUMER, event, async (manager) => {
      const at = event.occurred_at;
      if (event.type === 'practice_updated') {
        await manager.query(
          `INSERT INTO "calendar"."practices" ("practice_id", "name", "changed_at") VALUES ($1, $2, $3)
           ON CONFLICT ("practice_id") DO UPDATE SET "name" = EXCLUDED."name", "changed_at" = EXCLUDED."changed_at"`,
          [event.practice_id, event.practice.name, at],
        );
      } else if (event.type === 'location_deleted') {
        await manager.query(
          `DELETE FROM "calendar"."locations" WHERE "location_id" = $1 AND "practice_id" = $2`,
          [event.location_id, event.practice_id],
        );
      } else {
        const { location } = event;
        await manager.query(
          `INSERT INTO "calendar"."locations" ("location_id", "practice_id", "name", "timezone", "is_active", "changed_at")
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT ("location_id") DO UPDATE SET "name" = EXCLUDED."name", "timezone" = EXCLUDED."timezone",
             "is_active" = EXCLUDED."is_active", "changed_at" = EXCLUDED."changed_at"
           WHERE "locations"."practice_id" = EXCLUDED."practice_id"`,
          [location.location_id, event.practice_id, location.name, location.timezone, location.is_active, at],
        );
      }
    });
  }

  /** The location, when it exists and belongs to the practice; null otherwise. */
  async locationOf(practiceId: string, locationId: string): Promise<KnownLocation | null> {
    return this.dataSource
      .getRepository(KnownLocation)
      .findOneBy({ location_id: locationId, practice_id: practiceId });
  }
}
