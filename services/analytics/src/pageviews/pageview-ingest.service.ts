import { Injectable, Logger } from '@nestjs/common';
import type { TrafficSource } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { v5 as uuidv5 } from 'uuid';
import { publishLeadPageviews } from './lead-pageviews';
import { isPageview, readPageviewMessage, ReadPageview, ReadTiming } from './pageview-messages';
import { assignSessions, dayIn, SESSION_INACTIVITY_MS, SessionState } from './session-rules';

/** What a batch changed (for tests and logs). */
export interface PageviewBatchResult {
  /** Pageviews kept for the first time (a redelivered one is not counted). */
  inserted: number;
  /** Heartbeats and pageleaves applied. */
  timings: number;
  skipped: number;
}

interface SessionRow {
  session_id: string;
  practice_id: string;
  visitor_id: string;
  client_session_id: string | null;
  source: TrafficSource;
  started_at: Date;
  last_seen_at: Date;
  pageviews: number;
}

/** A practice's pageviews are written by one transaction at a time (this lock, held until it ends). */
export const pageviewLockSql = `SELECT pg_advisory_xact_lock(hashtextextended('analytics.pageviews:' || $1, 0))`;

/**
 * The pageview a heartbeat or pageleave without pageview_id times: the visitor's pageview of the same page (the
 * url without its #fragment) viewed at or before it, preferring one of the same snippet session, then one not
 * left yet, then the latest. $1 practice, $2 visitor, $3 url, $4 the timing's time, $5 the snippet's session id.
 */
export const timingTargetSql = `SELECT "event_id" FROM "analytics"."pageviews"
  WHERE "practice_id" = $1 AND "visitor_id" = $2 AND split_part("url", '#', 1) = split_part($3, '#', 1)
    AND "started_at" <= $4
  ORDER BY ("client_session_id" IS NOT DISTINCT FROM $5::text) DESC, ("left_at" IS NULL) DESC, "started_at" DESC
  LIMIT 1`;

const clampSeconds = (seconds: number) => Math.min(86_400, Math.max(0, Math.round(seconds)));

/**
 * Keeps `tracking.pageviews` in analytics' tables a fetched batch at a time, in one transaction
 * (docs/decisions/0026-pageview-pipeline.md): new pageviews with one multi-row insert (ON CONFLICT DO NOTHING
 * on the envelope event id, so a redelivered batch inserts nothing new), their sessions, the daily rollups
 * counted from the rows actually inserted, and heartbeats and pageleaves as durations (GREATEST, so applying
 * one twice changes nothing). Each practice of the batch is locked for the transaction: a batch delivered to
 * two consumers during a rebalance is applied by one and found done by the other.
 */
@Injectable()
export class PageviewIngestService {
  private readonly logger = new Logger('Pageviews');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async applyBatch(values: readonly unknown[]): Promise<PageviewBatchResult> {
    const pageviews = new Map<string, ReadPageview>();
    const timings: ReadTiming[] = [];
    let skipped = 0;
    for (const value of values) {
      const read = readPageviewMessage(value);
      if (!read) {
        skipped += 1;
        continue;
      }
      if (isPageview(read)) {
        if (!pageviews.has(read.event_id)) pageviews.set(read.event_id, read);
      } else timings.push(read);
    }
    if (skipped > 0)
      this.logger.warn(`tracking.pageviews: skipped ${skipped} message(s) that are not pageviews`);
    if (pageviews.size === 0 && timings.length === 0) return { inserted: 0, timings: 0, skipped };
    const practices = [
      ...new Set([...pageviews.values(), ...timings].map((event) => event.practice_id)),
    ].sort();
    return this.dataSource.transaction(async (manager) => {
      for (const practiceId of practices) {
        await manager.query(pageviewLockSql, [practiceId]);
      }
      const inserted = await this.insertPageviews(manager, [...pageviews.values()]);
      const timed = await this.applyTimings(manager, timings);
      // A lead's new pageviews and longer durations go to their timeline (people), in this transaction.
      await publishLeadPageviews(manager, this.outbox, [...inserted, ...timed.lengthened]);
      return { inserted: inserted.length, timings: timed.applied, skipped };
    });
  }

  /** Inserts the pageviews not kept yet, with their sessions and rollups; returns the new ones' ids. */
  private async insertPageviews(manager: EntityManager, candidates: ReadPageview[]): Promise<string[]> {
    if (candidates.length === 0) return [];
    const known: { event_id: string }[] = await manager.query(
      `SELECT "event_id" FROM "analytics"."pageviews" WHERE "event_id" = ANY($1::uuid[])`,
      [candidates.map((view) => view.event_id)],
    );
    const knownIds = new Set(known.map((row) => row.event_id));
    const fresh = candidates.filter((view) => !knownIds.has(view.event_id));
    if (fresh.length === 0) return [];

    const sessions = await this.openSessions(manager, fresh);
    const { assignments } = assignSessions(sessions, fresh);
    const rows = fresh.map((view) => {
      const assignment = assignments.get(view.event_id);
      if (!assignment) throw new Error(`pageview ${view.event_id} has no session`);
      return {
        event_id: view.event_id,
        practice_id: view.practice_id,
        tracking_event_id: view.tracking_event_id,
        visitor_id: view.visitor_id,
        session_id: assignment.session_id,
        client_session_id: view.client_session_id,
        url: view.url,
        path: view.path,
        title: view.title,
        referrer: view.referrer,
        source: assignment.source,
        utm: view.utm,
        click_ids: view.click_ids,
        country_code: view.geo?.country_code ?? null,
        region: view.geo?.region ?? null,
        city: view.geo?.city ?? null,
        latitude: view.geo?.latitude ?? null,
        longitude: view.geo?.longitude ?? null,
        started_at: view.started_at.toISOString(),
        received_at: view.received_at.toISOString(),
      };
    });
    // One statement for the whole batch; the visitor's person (once a form identified them) comes along.
    const inserted: { event_id: string }[] = await manager.query(
      `INSERT INTO "analytics"."pageviews" (
         "event_id", "practice_id", "tracking_event_id", "visitor_id", "session_id", "client_session_id", "url",
         "path", "title", "referrer", "source", "utm", "click_ids", "country_code", "region", "city", "latitude",
         "longitude", "started_at", "received_at", "last_seen_at", "person_id")
       SELECT r."event_id", r."practice_id", r."tracking_event_id", r."visitor_id", r."session_id",
              r."client_session_id", r."url", r."path", r."title", r."referrer", r."source", r."utm", r."click_ids",
              r."country_code", r."region", r."city", r."latitude", r."longitude", r."started_at", r."received_at",
              r."started_at", vp."person_id"
         FROM jsonb_to_recordset($1::jsonb) AS r(
           "event_id" uuid, "practice_id" uuid, "tracking_event_id" text, "visitor_id" text, "session_id" uuid,
           "client_session_id" text, "url" text, "path" text, "title" text, "referrer" text, "source" text,
           "utm" jsonb, "click_ids" jsonb, "country_code" text, "region" text, "city" text,
           "latitude" double precision, "longitude" double precision, "started_at" timestamptz,
           "received_at" timestamptz)
         LEFT JOIN "analytics"."visitor_people" vp
           ON vp."practice_id" = r."practice_id" AND vp."visitor_id" = r."visitor_id"
       ON CONFLICT ("event_id") DO NOTHING
       RETURNING "event_id"`,
      [JSON.stringify(rows)],
    );
    const insertedIds = new Set(inserted.map((row) => row.event_id));
    const insertedViews = fresh.filter((view) => insertedIds.has(view.event_id));
    const insertedRows = rows.filter((row) => insertedIds.has(row.event_id));

    await this.saveSessions(
      manager,
      sessions.filter((session) => session.touched),
    );
    // Timings that came before their pageview.
    await manager.query(
      `WITH pending AS (
         DELETE FROM "analytics"."page_timings" WHERE "pageview_event_id" = ANY($1::uuid[]) RETURNING *
       )
       UPDATE "analytics"."pageviews" p
          SET "duration_seconds" = LEAST(86400, GREATEST(0, COALESCE(pending."duration_seconds",
                ROUND(EXTRACT(EPOCH FROM pending."last_seen_at" - p."started_at"))::integer))),
              "last_seen_at" = GREATEST(p."last_seen_at", pending."last_seen_at"),
              "left_at" = pending."left_at"
         FROM pending WHERE p."event_id" = pending."pageview_event_id"`,
      [[...insertedIds]],
    );
    await this.addToRollups(
      manager,
      insertedViews.map((view, index) => ({ ...view, source: insertedRows[index].source as TrafficSource })),
      sessions.filter((session) => session.isNew),
    );
    return [...insertedIds];
  }

  /** The sessions of the batch's visitors that its pageviews may join (active within 30 minutes of them). */
  private async openSessions(manager: EntityManager, views: ReadPageview[]): Promise<SessionState[]> {
    const earliest = Math.min(...views.map((view) => view.started_at.getTime()));
    const latest = Math.max(...views.map((view) => view.started_at.getTime()));
    const rows: SessionRow[] = await manager.query(
      `SELECT s."session_id", s."practice_id", s."visitor_id", s."client_session_id", s."source", s."started_at",
              s."last_seen_at", s."pageviews"
         FROM "analytics"."sessions" s
         JOIN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[]) AS v("practice_id", "visitor_id")) v
           ON s."practice_id" = v."practice_id" AND s."visitor_id" = v."visitor_id"
        WHERE s."last_seen_at" >= $3 AND s."started_at" <= $4`,
      [
        views.map((view) => view.practice_id),
        views.map((view) => view.visitor_id),
        new Date(earliest - SESSION_INACTIVITY_MS).toISOString(),
        new Date(latest + SESSION_INACTIVITY_MS).toISOString(),
      ],
    );
    return rows.map((row) => ({ ...row, isNew: false, touched: false }));
  }

  private async saveSessions(manager: EntityManager, sessions: SessionState[]): Promise<void> {
    if (sessions.length === 0) return;
    await manager.query(
      `INSERT INTO "analytics"."sessions" ("session_id", "practice_id", "visitor_id", "client_session_id", "source",
         "started_at", "last_seen_at", "pageviews", "person_id")
       SELECT r.*, vp."person_id"
         FROM jsonb_to_recordset($1::jsonb) AS r("session_id" uuid, "practice_id" uuid, "visitor_id" text,
           "client_session_id" text, "source" text, "started_at" timestamptz, "last_seen_at" timestamptz,
           "pageviews" integer)
         LEFT JOIN "analytics"."visitor_people" vp
           ON vp."practice_id" = r."practice_id" AND vp."visitor_id" = r."visitor_id"
       ON CONFLICT ("session_id") DO UPDATE
         SET "source" = EXCLUDED."source",
             "started_at" = LEAST("analytics"."sessions"."started_at", EXCLUDED."started_at"),
             "last_seen_at" = GREATEST("analytics"."sessions"."last_seen_at", EXCLUDED."last_seen_at"),
             "pageviews" = EXCLUDED."pageviews"`,
      [
        JSON.stringify(
          sessions.map((session) => ({
            session_id: session.session_id,
            practice_id: session.practice_id,
            visitor_id: session.visitor_id,
            client_session_id: session.client_session_id,
            source: session.source,
            started_at: session.started_at.toISOString(),
            last_seen_at: session.last_seen_at.toISOString(),
            pageviews: session.pageviews,
          })),
        ),
      ],
    );
  }

  /**
   * Adds the new pageviews and sessions to the daily rollups (days in the practice's time zone, its primary
   * location's): pageviews per day and source, visitors counted once per day and source (visitor_days),
   * sessions on the day and with the source they started with.
   */
  private async addToRollups(
    manager: EntityManager,
    views: ReadPageview[],
    newSessions: SessionState[],
  ): Promise<void> {
    if (views.length === 0) return;
    const practiceIds = [...new Set(views.map((view) => view.practice_id))];
    const zones: { practice_id: string; timezone: string }[] = await manager.query(
      `SELECT DISTINCT ON ("practice_id") "practice_id", "timezone" FROM "analytics"."locations"
        WHERE "practice_id" = ANY($1::uuid[]) ORDER BY "practice_id", "is_primary" DESC, "location_id"`,
      [practiceIds],
    );
    const zoneOf = new Map(zones.map((row) => [row.practice_id, row.timezone]));
    const counts = new Map<
      string,
      {
        practice_id: string;
        day: string;
        source: string;
        pageviews: number;
        visitors: number;
        sessions: number;
      }
    >();
    const bucket = (practiceId: string, day: string, source: string) => {
      const key = `${practiceId}|${day}|${source}`;
      let entry = counts.get(key);
      if (!entry) {
        entry = { practice_id: practiceId, day, source, pageviews: 0, visitors: 0, sessions: 0 };
        counts.set(key, entry);
      }
      return entry;
    };
    const visitorDays = views.map((view) => ({
      practice_id: view.practice_id,
      day: dayIn(view.started_at, zoneOf.get(view.practice_id)),
      source: view.source,
      visitor_id: view.visitor_id,
    }));
    for (const row of visitorDays) bucket(row.practice_id, row.day, row.source).pageviews += 1;
    for (const session of newSessions) {
      bucket(
        session.practice_id,
        dayIn(session.started_at, zoneOf.get(session.practice_id)),
        session.source,
      ).sessions += 1;
    }
    const newVisitors: { practice_id: string; day: string; source: string }[] = await manager.query(
      `INSERT INTO "analytics"."visitor_days" ("practice_id", "day", "source", "visitor_id")
       SELECT DISTINCT * FROM jsonb_to_recordset($1::jsonb) AS r("practice_id" uuid, "day" date, "source" text,
         "visitor_id" text)
       ON CONFLICT DO NOTHING
       RETURNING "practice_id", to_char("day", 'YYYY-MM-DD') AS "day", "source"`,
      [JSON.stringify(visitorDays)],
    );
    for (const row of newVisitors) bucket(row.practice_id, row.day, row.source).visitors += 1;
    await manager.query(
      `INSERT INTO "analytics"."daily_rollups" ("practice_id", "day", "source", "pageviews", "visitors", "sessions")
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r("practice_id" uuid, "day" date, "source" text,
         "pageviews" integer, "visitors" integer, "sessions" integer)
       ORDER BY 1, 2, 3
       ON CONFLICT ("practice_id", "day", "source") DO UPDATE
         SET "pageviews" = "analytics"."daily_rollups"."pageviews" + EXCLUDED."pageviews",
             "visitors" = "analytics"."daily_rollups"."visitors" + EXCLUDED."visitors",
             "sessions" = "analytics"."daily_rollups"."sessions" + EXCLUDED."sessions"`,
      [JSON.stringify([...counts.values()])],
    );
  }

  /**
   * Applies heartbeats and pageleaves: the pageview's duration becomes the longest reported (or the time since
   * it started), its last activity the latest, a pageleave marks when the visitor left; the session's last
   * activity follows. A timing whose pageview is not kept yet waits in page_timings. A timing without the
   * snippet's pageview_id (older scripts, other clients) times the visitor's pageview it most likely belongs
   * to (`timingTargetSql`). Returns how many timings were applied and the pageviews whose duration or leave
   * time changed.
   */
  private async applyTimings(
    manager: EntityManager,
    timings: ReadTiming[],
  ): Promise<{ applied: number; lengthened: string[] }> {
    if (timings.length === 0) return { applied: 0, lengthened: [] };
    const resolved: { target: string | null; timing: ReadTiming }[] = [];
    for (const timing of timings) {
      if (timing.pageview_id) {
        resolved.push({ target: uuidv5(timing.pageview_id, timing.practice_id), timing });
        continue;
      }
      const [latest]: { event_id: string }[] = await manager.query(timingTargetSql, [
        timing.practice_id,
        timing.visitor_id,
        timing.url,
        timing.at.toISOString(),
        timing.client_session_id,
      ]);
      if (!latest) {
        this.logger.warn(`tracking.pageviews: a ${timing.type} ${timing.event_id} matches no pageview`);
      }
      resolved.push({ target: latest?.event_id ?? null, timing });
    }
    const byTarget = new Map<
      string,
      { practice_id: string; duration: number | null; last_seen_at: Date; left_at: Date | null }
    >();
    for (const { target, timing } of resolved) {
      if (!target) continue;
      const entry = byTarget.get(target) ?? {
        practice_id: timing.practice_id,
        duration: null,
        last_seen_at: timing.at,
        left_at: null,
      };
      if (timing.duration_seconds !== null) {
        entry.duration = Math.max(entry.duration ?? 0, clampSeconds(timing.duration_seconds));
      }
      if (timing.at > entry.last_seen_at) entry.last_seen_at = timing.at;
      if (timing.type === 'pageleave' && (!entry.left_at || timing.at > entry.left_at))
        entry.left_at = timing.at;
      byTarget.set(target, entry);
    }
    if (byTarget.size === 0) return { applied: 0, lengthened: [] };
    const rows = [...byTarget].map(([target, entry]) => ({
      pageview_event_id: target,
      practice_id: entry.practice_id,
      duration_seconds: entry.duration,
      last_seen_at: entry.last_seen_at.toISOString(),
      left_at: entry.left_at?.toISOString() ?? null,
    }));
    // before: the row as it was (the statement's snapshot), to tell whether the duration or leave time changed.
    const updated: { event_id: string; changed: boolean }[] = await manager.query(
      `WITH t AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS t("pageview_event_id" uuid, "practice_id" uuid,
           "duration_seconds" integer, "last_seen_at" timestamptz, "left_at" timestamptz)
       ), views AS (
         UPDATE "analytics"."pageviews" p
            SET "duration_seconds" = GREATEST(p."duration_seconds", LEAST(86400, GREATEST(0, COALESCE(
                  t."duration_seconds", ROUND(EXTRACT(EPOCH FROM t."last_seen_at" - p."started_at"))::integer)))),
                "last_seen_at" = GREATEST(p."last_seen_at", t."last_seen_at"),
                "left_at" = CASE WHEN t."left_at" IS NULL THEN p."left_at"
                                 ELSE GREATEST(p."left_at", t."left_at") END
           FROM t, "analytics"."pageviews" before
          WHERE p."event_id" = t."pageview_event_id" AND p."practice_id" = t."practice_id"
            AND before."event_id" = p."event_id"
          RETURNING p."event_id", p."session_id", p."last_seen_at",
                    (p."duration_seconds" IS DISTINCT FROM before."duration_seconds"
                      OR p."left_at" IS DISTINCT FROM before."left_at") AS "changed"
       ), touched AS (
         UPDATE "analytics"."sessions" s SET "last_seen_at" = GREATEST(s."last_seen_at", m."last_seen_at")
           FROM (SELECT "session_id", max("last_seen_at") AS "last_seen_at" FROM views GROUP BY "session_id") m
          WHERE s."session_id" = m."session_id"
       )
       SELECT "event_id", "changed" FROM views`,
      [JSON.stringify(rows)],
    );
    const done = new Set(updated.map((row) => row.event_id));
    const waiting = rows.filter((row) => !done.has(row.pageview_event_id));
    if (waiting.length > 0) {
      await manager.query(
        `INSERT INTO "analytics"."page_timings" ("pageview_event_id", "practice_id", "duration_seconds",
           "last_seen_at", "left_at")
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS t("pageview_event_id" uuid, "practice_id" uuid,
           "duration_seconds" integer, "last_seen_at" timestamptz, "left_at" timestamptz)
         ON CONFLICT ("pageview_event_id") DO UPDATE
           SET "duration_seconds" = GREATEST("analytics"."page_timings"."duration_seconds",
                 EXCLUDED."duration_seconds"),
               "last_seen_at" = GREATEST("analytics"."page_timings"."last_seen_at", EXCLUDED."last_seen_at"),
               "left_at" = GREATEST("analytics"."page_timings"."left_at", EXCLUDED."left_at")`,
        [JSON.stringify(waiting)],
      );
    }
    return {
      applied: timings.length,
      lengthened: updated.filter((row) => row.changed).map((row) => row.event_id),
    };
  }
}
