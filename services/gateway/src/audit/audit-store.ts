import { AuditEntry, auditOutcome } from '@pp/contracts';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { AuditRecord } from './audit-entry';
import { AuditCursor, AuditFilters } from './audit-filters';

/**
 * Every statement on `gateway.audit_log` (docs/decisions/0041-audit-log.md): the writer's insert, the Security
 * page's reads, the retention setting and the purge. Nothing else queries the table; the database itself refuses
 * an UPDATE, a TRUNCATE or the DELETE of an entry within its retention.
 */

/** Writes a batch in one statement. */
export async function insertAuditRecords(pool: Pool, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const column = <K extends keyof AuditRecord>(key: K) => records.map((record) => record[key]);
  await pool.query(
    `INSERT INTO "gateway"."audit_log"
       ("practice_id", "occurred_at", "user_id", "user_email", "action", "resource_type", "resource_id", "lead_id",
        "status", "client_ip", "user_agent", "correlation_id")
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[],
                          $8::uuid[], $9::smallint[], $10::text[], $11::text[], $12::text[])`,
    [
      column('practice_id'),
      column('occurred_at'),
      column('user_id'),
      column('user_email'),
      column('action'),
      column('resource_type'),
      column('resource_id'),
      column('lead_id'),
      column('status'),
      column('client_ip'),
      column('user_agent'),
      column('correlation_id'),
    ],
  );
}

interface AuditRow extends Omit<AuditEntry, 'outcome' | 'occurred_at'> {
  occurred_at: Date;
  /** occurred_at to the microsecond, for the cursor. */
  cursor_at: string;
}

/** One page of a practice's entries, newest first, and where the next one starts. */
export async function loadAuditPage(
  dataSource: DataSource,
  practiceId: string,
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; next: AuditCursor | null }> {
  const rows: AuditRow[] = await dataSource.query(
    `SELECT "audit_id"::text AS "audit_id", "occurred_at",
            to_char("occurred_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursor_at",
            "user_id", "user_email", "action", "resource_type", "resource_id", "lead_id", "status", "client_ip",
            "user_agent"
     FROM "gateway"."audit_log"
     WHERE "practice_id" = $1
       AND ($2::uuid IS NULL OR "user_id" = $2::uuid)
       AND ($3::text IS NULL OR "user_email" = $3::text)
       AND ($4::uuid IS NULL OR "lead_id" = $4::uuid)
       AND ($5::text IS NULL OR "action" = $5::text)
       AND ($6::timestamptz IS NULL OR "occurred_at" >= $6::timestamptz)
       AND ($7::timestamptz IS NULL OR "occurred_at" < $7::timestamptz)
       AND ($8::timestamptz IS NULL OR ("occurred_at", "audit_id") < ($8::timestamptz, $9::bigint))
     ORDER BY "audit_log"."occurred_at" DESC, "audit_log"."audit_id" DESC
     LIMIT $10`,
    [
      practiceId,
      filters.userId,
      filters.userEmail,
      filters.leadId,
      filters.action,
      filters.from,
      filters.to,
      filters.after?.at ?? null,
      filters.after?.id ?? null,
      filters.limit + 1,
    ],
  );
  const page = rows.slice(0, filters.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toAuditEntry),
    next: rows.length > filters.limit && last ? { at: last.cursor_at, id: last.audit_id } : null,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    audit_id: row.audit_id,
    occurred_at: row.occurred_at.toISOString(),
    user_id: row.user_id,
    user_email: row.user_email,
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    lead_id: row.lead_id,
    status: row.status,
    outcome: auditOutcome(row.status),
    client_ip: row.client_ip,
    user_agent: row.user_agent,
  };
}

/** The practice's retention in years; null when there is no such practice. */
export async function loadRetention(dataSource: DataSource, practiceId: string): Promise<number | null> {
  const rows: { years: number }[] = await dataSource.query(
    `SELECT "audit_retention_years" AS "years" FROM "gateway"."practices" WHERE "practice_id" = $1`,
    [practiceId],
  );
  return rows[0]?.years ?? null;
}

/** Sets the retention; false when there is no such practice. */
export async function saveRetention(
  dataSource: DataSource,
  practiceId: string,
  years: number,
): Promise<boolean> {
  const [, updated] = (await dataSource.query(
    `UPDATE "gateway"."practices" SET "audit_retention_years" = $2 WHERE "practice_id" = $1`,
    [practiceId, years],
  )) as [unknown[], number];
  return updated > 0;
}

const PURGE_BATCH = 5_000;

/**
 * Removes the entries past their practice's retention, a batch at a time (short transactions; the trigger
 * checks each row against the same rule). Answers how many were removed.
 */
export async function purgeExpired(dataSource: DataSource): Promise<number> {
  const practices: { practice_id: string; years: number }[] = await dataSource.query(
    `SELECT "practice_id", "audit_retention_years" AS "years" FROM "gateway"."practices"`,
  );
  let removed = 0;
  for (const { practice_id, years } of practices) {
    for (;;) {
      const [, count] = (await dataSource.query(
        `DELETE FROM "gateway"."audit_log" WHERE "audit_id" IN (
           SELECT "audit_id" FROM "gateway"."audit_log"
           WHERE "practice_id" = $1 AND "occurred_at" < now() - make_interval(years => $2)
           LIMIT $3)`,
        [practice_id, years, PURGE_BATCH],
      )) as [unknown[], number];
      removed += count;
      if (count < PURGE_BATCH) break;
    }
  }
  return removed;
}
