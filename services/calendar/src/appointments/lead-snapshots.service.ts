import { Injectable } from '@nestjs/common';
import type { LeadEventV1 } from '@pp/contracts';
import { DataSource } from 'typeorm';
import { phoneKey } from '../sync/sync-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Keeps the person_* columns of a lead's appointments, and the practice's lead directory (`lead_contacts`, how the
 * GoHighLevel sync recognises a booking made there by one of our leads), current from people.lead-events (every
 * change of a lead is announced there with its name, email and phone). Setting the values an event carries is
 * idempotent and a practice's events arrive in order (its partition), so a replay converges on the latest; no
 * inbox is needed. The enrichment columns (avatar, age, title...) stay as booked: the events do not carry them.
 */
@Injectable()
export class LeadSnapshots {
  constructor(private readonly dataSource: DataSource) {}

  /** Applies one event; the number of appointments changed (0 for other events or leads without any). */
  async apply(event: unknown): Promise<number> {
    const candidate = event as Partial<LeadEventV1> | null;
    if (
      !candidate ||
      (candidate.type !== 'lead_updated' &&
        candidate.type !== 'lead_created' &&
        candidate.type !== 'event_appended') ||
      typeof candidate.practice_id !== 'string' ||
      typeof candidate.person_id !== 'string' ||
      !UUID.test(candidate.practice_id) ||
      !UUID.test(candidate.person_id) ||
      typeof candidate.person_data !== 'object' ||
      candidate.person_data === null
    ) {
      return 0;
    }
    const data = candidate.person_data;
    const first = text(data.first_name);
    const last = text(data.last_name);
    const name = [first, last].filter(Boolean).join(' ').trim() || null;
    const email = text(data.primary_email);
    const phone = text(data.primary_phone);
    // The practice comes from the event: another practice's appointments and directory rows are never touched.
    const [, changed] = (await this.dataSource.query(
      `WITH "directory" AS (
         INSERT INTO "calendar"."lead_contacts" AS "known"
           ("person_id", "practice_id", "first_name", "last_name", "email", "phone", "phone_key", "updated_at")
         VALUES ($2, $1, $3, $4, lower($6), $7, $8, now())
         ON CONFLICT ("person_id") DO UPDATE SET "first_name" = EXCLUDED."first_name",
           "last_name" = EXCLUDED."last_name", "email" = EXCLUDED."email", "phone" = EXCLUDED."phone",
           "phone_key" = EXCLUDED."phone_key", "updated_at" = now()
         WHERE "known"."practice_id" = EXCLUDED."practice_id"
       )
       UPDATE "calendar"."appointments"
       SET "person_first_name" = $3, "person_last_name" = $4, "person_name" = $5, "person_email" = $6,
           "person_phone" = $7
       WHERE "practice_id" = $1 AND "person_id" = $2
         AND ("person_first_name", "person_last_name", "person_name", "person_email", "person_phone")
             IS DISTINCT FROM ($3, $4, $5, $6, $7)`,
      [candidate.practice_id, candidate.person_id, first, last, name, email, phone, phoneKey(phone)],
    )) as [unknown, number];
    return changed;
  }
}
