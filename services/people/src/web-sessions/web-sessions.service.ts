import { Injectable, Logger } from '@nestjs/common';
import { Inbox } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { calculatedMetrics, TimelineFact } from '../engine/insights-rules';
import { Person } from '../persons/person.entity';
import { LeadActivity, writePageviewEvents } from '../timeline/lead-activity';
import {
  isReturnVisit,
  latestPerPageview,
  PAGEVIEW_EVENT,
  pageviewTimelineRow,
  ReadLeadPageview,
  readLeadPageview,
  WEB_SESSION_TYPES,
} from './pageview-timeline';

/** The inbox name of this consumer: a message id is applied once. */
export const WEB_SESSIONS_CONSUMER = 'people.web-sessions';

/** What a batch did (for tests and logs). */
export interface WebSessionsBatchResult {
  /** Messages applied (new to the inbox, naming a lead of their practice). */
  applied: number;
  /** Messages skipped: unreadable, or naming no lead of their practice. */
  skipped: number;
}

/**
 * Puts a lead's website pageviews (analytics.lead-pageviews) on their timeline as `pageview` events, a fetched
 * batch at a time in one transaction (docs/decisions/0031-web-sessions-on-the-timeline.md): inbox-deduplicated,
 * one event per pageview (a duration update changes the same event, never shortening it), a message naming a
 * person of another practice ignored. The lead's last_activity_at follows the pages viewed, the unseen dot lights
 * only for a return visit, and behavioral_insights.calculated_metrics (sessions, pages, time on site) are
 * recounted; each lead with new pages is announced once per batch, duration updates are not announced.
 */
@Injectable()
export class WebSessionsService {
  private readonly logger = new Logger(WebSessionsService.name);

  constructor(
    private readonly inbox: Inbox,
    private readonly activity: LeadActivity,
  ) {}

  async applyBatch(values: readonly unknown[]): Promise<WebSessionsBatchResult> {
    const read: ReadLeadPageview[] = [];
    for (const value of values) {
      const view = readLeadPageview(value);
      if (view) read.push(view);
    }
    let skipped = values.length - read.length;
    if (skipped > 0) {
      this.logger.warn(`analytics.lead-pageviews: skipped ${skipped} message(s) that are not lead pageviews`);
    }
    if (read.length === 0) return { applied: 0, skipped };
    let applied = 0;
    await this.inbox.onceEach(WEB_SESSIONS_CONSUMER, read, async (manager, fresh) => {
      const result = await this.apply(manager, fresh);
      applied = result.applied;
      skipped += result.skipped;
    });
    return { applied, skipped };
  }

  private async apply(
    manager: EntityManager,
    fresh: ReadLeadPageview[],
  ): Promise<{ applied: number; skipped: number }> {
    // The practice comes from the message: a person of another practice is never touched.
    const pairs = new Map(fresh.map((view) => [`${view.person_id}\u0000${view.practice_id}`, view]));
    const persons = await manager.find(Person, {
      where: [...pairs.values()].map((view) => ({
        person_id: view.person_id,
        practice_id: view.practice_id,
      })),
      order: { person_id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    const personOf = new Map(persons.map((person) => [person.person_id, person]));
    // Matched on the practice too: a batch may name the same person under two practices.
    const forLeads = fresh.filter((view) => personOf.get(view.person_id)?.practice_id === view.practice_id);
    const skipped = fresh.length - forLeads.length;
    if (skipped > 0) {
      // Ids only (no patient data); a new database reading the topic's history skips other databases' leads.
      this.logger.warn(
        `analytics.lead-pageviews: skipped ${skipped} message(s) naming no lead of their practice`,
      );
    }
    const views = latestPerPageview(forLeads);
    if (views.length === 0) return { applied: 0, skipped };

    // The sessions each lead's timeline shows already, before this batch (a return visit is a new one).
    const known: { person_id: string; session_id: string }[] = await manager.query(
      `SELECT DISTINCT "person_id", "session_id" FROM "people"."events"
        WHERE "person_id" = ANY($1::uuid[]) AND "session_id" = ANY($2::text[]) AND "event_type" = ANY($3::text[])`,
      [[...personOf.keys()], [...new Set(views.map((view) => view.session_id))], WEB_SESSION_TYPES],
    );
    const knownSessions = new Set(known.map((row) => `${row.person_id}\u0000${row.session_id}`));

    const written = await writePageviewEvents(manager, views.map(pageviewTimelineRow));

    const touched = new Set<string>();
    const news = new Map<string, { latest: Date; returnVisit: boolean }>();
    for (const event of written) {
      touched.add(event.person_id);
      if (event.previous_person_id) touched.add(event.previous_person_id);
      if (event.previous_person_id === event.person_id) continue; // an update of a page already shown
      const person = personOf.get(event.person_id);
      if (!person) continue;
      const entry = news.get(event.person_id) ?? { latest: event.timestamp, returnVisit: false };
      if (event.timestamp > entry.latest) entry.latest = event.timestamp;
      const sessionKey = `${event.person_id}\u0000${event.session_id}`;
      if (
        isReturnVisit({
          viewedAt: event.timestamp,
          leadCreatedAt: person.created_at,
          sessionAlreadyOnTimeline: knownSessions.has(sessionKey),
        })
      ) {
        entry.returnVisit = true;
      }
      knownSessions.add(sessionKey);
      news.set(event.person_id, entry);
    }

    await this.recountMetrics(manager, [...touched]);
    for (const [personId, entry] of news) {
      const person = personOf.get(personId) as Person;
      if (!person.last_activity_at || person.last_activity_at < entry.latest) {
        person.last_activity_at = entry.latest;
      }
      if (entry.returnVisit) person.is_unseen = true;
      await manager.update(
        Person,
        { person_id: person.person_id },
        { last_activity_at: person.last_activity_at, is_unseen: person.is_unseen },
      );
      await this.activity.announce(manager, person, 'lead_updated');
    }
    return { applied: fresh.length - skipped, skipped };
  }

  /**
   * behavioral_insights.calculated_metrics from the leads' timelines, by the engine's own rule (the next AI
   * analysis writes the same numbers).
   */
  private async recountMetrics(manager: EntityManager, personIds: string[]): Promise<void> {
    if (personIds.length === 0) return;
    const facts: (TimelineFact & { person_id: string })[] = await manager.query(
      `SELECT "person_id", "event_id", "event_type", "timestamp", "session_id", "content_data"
         FROM "people"."events"
        WHERE "person_id" = ANY($1::uuid[]) AND "event_type" IN ($2, 'website_visit')`,
      [personIds, PAGEVIEW_EVENT],
    );
    const metrics = personIds.map((personId) => ({
      person_id: personId,
      metrics: calculatedMetrics(facts.filter((fact) => fact.person_id === personId)),
    }));
    await manager.query(
      `UPDATE "people"."persons" p
          SET "behavioral_insights" = COALESCE(p."behavioral_insights", '{}'::jsonb)
                || jsonb_build_object('calculated_metrics', m."metrics")
         FROM jsonb_to_recordset($1::jsonb) AS m("person_id" uuid, "metrics" jsonb)
        WHERE p."person_id" = m."person_id"`,
      [JSON.stringify(metrics)],
    );
  }
}
