import { LeadPageviewV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { EntityManager } from 'typeorm';

/** A pageview row of a visitor linked to a lead, as `analytics.lead-pageviews` carries it. */
export interface LinkedPageviewRow {
  event_id: string;
  practice_id: string;
  person_id: string;
  visitor_id: string;
  session_id: string;
  client_session_id: string | null;
  url: string;
  title: string | null;
  referrer: string | null;
  started_at: Date | string;
  duration_seconds: number | null;
  left_at: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The message of a linked pageview (pure): the whole pageview as it is now, its session the website script's
 * (what the lead's form_submission carries), else analytics' own.
 */
export function leadPageviewMessage(
  row: LinkedPageviewRow,
): Omit<LeadPageviewV1, 'v' | 'event_id' | 'occurred_at'> {
  return {
    type: 'lead_pageview',
    practice_id: row.practice_id,
    person_id: row.person_id,
    pageview_id: row.event_id,
    visitor_id: row.visitor_id,
    session_id: row.client_session_id?.trim() ? row.client_session_id : row.session_id,
    url: row.url,
    title: row.title,
    referrer: row.referrer,
    viewed_at: iso(row.started_at),
    duration_seconds: row.duration_seconds === null ? null : Math.max(0, Math.round(row.duration_seconds)),
    left_at: row.left_at === null ? null : iso(row.left_at),
  };
}

/**
 * Puts the given pageviews that belong to a lead on `analytics.lead-pageviews`, through the outbox in the
 * caller's transaction (so a link, a new pageview or a longer duration and its message commit together).
 * Pageviews of visitors no form identified are left out. Returns how many were published.
 */
export async function publishLeadPageviews(
  manager: EntityManager,
  outbox: Outbox,
  pageviewIds: readonly string[],
): Promise<number> {
  if (pageviewIds.length === 0) return 0;
  const rows: LinkedPageviewRow[] = await manager.query(
    `SELECT "event_id", "practice_id", "person_id", "visitor_id", "session_id", "client_session_id", "url",
            "title", "referrer", "started_at", "duration_seconds", "left_at"
       FROM "analytics"."pageviews"
      WHERE "event_id" = ANY($1::uuid[]) AND "person_id" IS NOT NULL
      ORDER BY "started_at", "event_id"`,
    [[...new Set(pageviewIds)]],
  );
  for (const row of rows) {
    await outbox.add<LeadPageviewV1>(manager, Topics.analyticsLeadPageviews, leadPageviewMessage(row));
  }
  return rows.length;
}
