import { Injectable } from '@nestjs/common';
import { RealtimeLeadEvent, RealtimePageview, RealtimePageviewsResponse, TrafficSource } from '@pp/contracts';
import {
  assertPracticeAccess,
  DomainErrorKind,
  DomainErrorKinds,
  DomainException,
  Identity,
} from '@pp/platform';
import { DataSource } from 'typeorm';
import { RECENT_LEAD_EVENTS } from './lead-links.service';

/** The window of `GET /realtime/pageviews` when `seconds` is absent, and its bounds. */
export const REALTIME_WINDOW = { default: 1800, min: 1, max: 86_400 } as const;
/** The most pageviews one answer carries (newest first). */
export const REALTIME_MAX_PAGEVIEWS = 1000;
/**
 * A pageview is still open (duration null) while its last sign of life (the view, a heartbeat) is this recent
 * and no pageleave came after it: the snippet sends heartbeats more often than this.
 */
export const OPEN_PAGEVIEW_MS = 2 * 60 * 1000;

export const RealtimeMessages = {
  seconds: `seconds must be a whole number from ${REALTIME_WINDOW.min} to ${REALTIME_WINDOW.max.toLocaleString('en-US')}`,
} as const;

enum RealtimeExceptionCode {
  Invalid = 'REALTIME_INVALID',
}
const kinds: DomainErrorKinds<RealtimeExceptionCode> = {
  [RealtimeExceptionCode.Invalid]: DomainErrorKind.Invalid,
};

export class RealtimeException extends DomainException<RealtimeExceptionCode> {
  constructor(detail: string) {
    super(RealtimeExceptionCode.Invalid, detail, kinds[RealtimeExceptionCode.Invalid]);
  }
}

/** `seconds` as the query carries it: absent is the default, else a whole number in the bounds (422). */
export function windowSeconds(value: unknown): number {
  if (value === undefined || value === '') return REALTIME_WINDOW.default;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text)) throw new RealtimeException(RealtimeMessages.seconds);
  const seconds = Number(text);
  if (seconds < REALTIME_WINDOW.min || seconds > REALTIME_WINDOW.max) {
    throw new RealtimeException(RealtimeMessages.seconds);
  }
  return seconds;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A country's English name from its ISO code (the code when unknown). */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

interface PageviewRow {
  url: string;
  title: string | null;
  source: TrafficSource;
  visitor_id: string;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  country_code: string | null;
  duration_seconds: number | null;
  open: boolean;
  person_id: string | null;
  first_name: string | null;
  last_name: string | null;
  started_at: Date;
}

/** The Realtime Activity calls (docs/product/analytics.md#live-activity). */
@Injectable()
export class RealtimeService {
  constructor(private readonly dataSource: DataSource) {}

  async pageviews(
    identity: Identity,
    practiceId: string | undefined,
    secondsQuery: unknown,
  ): Promise<RealtimePageviewsResponse> {
    const practice = assertPracticeAccess(identity, practiceId);
    const seconds = windowSeconds(secondsQuery);
    const now = Date.now();
    const since = new Date(now - seconds * 1000).toISOString();
    const rows: PageviewRow[] = await this.dataSource.query(
      `SELECT p."url", p."title", p."source", p."visitor_id", p."latitude", p."longitude", p."city",
              p."country_code", p."duration_seconds", p."person_id", lp."first_name", lp."last_name",
              p."started_at",
              ((p."left_at" IS NULL OR p."left_at" < p."last_seen_at") AND p."last_seen_at" >= $3) AS "open"
         FROM "analytics"."pageviews" p
         LEFT JOIN "analytics"."lead_people" lp ON lp."person_id" = p."person_id"
        WHERE p."practice_id" = $1 AND p."started_at" >= $2
        ORDER BY p."started_at" DESC, p."event_id"
        LIMIT $4`,
      [practice, since, new Date(now - OPEN_PAGEVIEW_MS).toISOString(), REALTIME_MAX_PAGEVIEWS],
    );
    const [average]: { seconds: string | null }[] = await this.dataSource.query(
      `SELECT avg(EXTRACT(EPOCH FROM s."last_seen_at" - s."started_at")) AS "seconds"
         FROM "analytics"."sessions" s
        WHERE s."practice_id" = $1 AND s."last_seen_at" >= $2`,
      [practice, since],
    );
    const pageviews = rows.map((row): RealtimePageview => {
      const name = [row.first_name, row.last_name].filter((part) => part && part.trim()).join(' ');
      return {
        url: row.url,
        title: row.title,
        source: row.source,
        visitor_id: row.visitor_id,
        latitude: row.latitude,
        longitude: row.longitude,
        city: row.city,
        country: countryName(row.country_code),
        duration_seconds: row.open ? null : (row.duration_seconds ?? 0),
        is_lead: row.person_id !== null,
        person_id: row.person_id,
        person_name: row.person_id ? name || null : null,
        timestamp: new Date(row.started_at).toISOString(),
      };
    });
    return {
      pageviews,
      avg_session_duration_seconds: average?.seconds ? Math.round(Number(average.seconds)) : 0,
    };
  }

  async leadEvents(identity: Identity, practiceId: string | undefined): Promise<RealtimeLeadEvent[]> {
    const practice = assertPracticeAccess(identity, practiceId);
    const rows: { message: RealtimeLeadEvent }[] = await this.dataSource.query(
      `SELECT "message" FROM "analytics"."recent_lead_events" WHERE "practice_id" = $1
        ORDER BY "timestamp" DESC, "received_at" DESC LIMIT $2`,
      [practice, RECENT_LEAD_EVENTS],
    );
    return rows.map((row) => row.message);
  }
}
