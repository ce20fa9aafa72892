import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web sessions on the lead's timeline (docs/decisions/0031-web-sessions-on-the-timeline.md): the pageviews already
 * linked to a lead before `analytics.lead-pageviews` existed go out once, through the outbox, as the code publishes
 * them (`src/pageviews/lead-pageviews.ts`), so people's timelines get them too. Applying one twice changes nothing
 * in people.
 */
export class LeadPageviewsBackfill1764900000000 implements MigrationInterface {
  name = 'LeadPageviewsBackfill1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "analytics"."outbox" ("event_id", "topic", "key", "payload", "headers")
       SELECT m."event_id", 'analytics.lead-pageviews', m."practice_id"::text,
              jsonb_build_object(
                'v', 1, 'event_id', m."event_id", 'practice_id', m."practice_id",
                'occurred_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'type', 'lead_pageview', 'person_id', m."person_id", 'pageview_id', m."pageview_id",
                'visitor_id', m."visitor_id", 'session_id', m."session_id", 'url', m."url", 'title', m."title",
                'referrer', m."referrer",
                'viewed_at', to_char(m."started_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'duration_seconds', m."duration_seconds",
                'left_at', to_char(m."left_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              jsonb_build_object('event_id', m."event_id", 'event_type', 'lead_pageview')
         FROM (SELECT gen_random_uuid() AS "event_id", p."practice_id", p."person_id", p."event_id" AS "pageview_id",
                      p."visitor_id", COALESCE(NULLIF(btrim(p."client_session_id"), ''), p."session_id"::text)
                        AS "session_id",
                      p."url", p."title", p."referrer", p."started_at", p."duration_seconds", p."left_at"
                 FROM "analytics"."pageviews" p
                WHERE p."person_id" IS NOT NULL
                ORDER BY p."started_at", p."event_id") m`,
    );
  }

  async down(): Promise<void> {
    // The messages may be published already: nothing to take back.
  }
}
