import { Injectable } from '@nestjs/common';
import type { AnalyticsEventDirection, AnalyticsMetricsResponse, MetricValue } from '@pp/contracts';
import { assertPracticeAccess, Identity, PracticeReadModel } from '@pp/platform';
import { DataSource } from 'typeorm';
import { ensureZone, storedZone } from './overview-facts';
import { OverviewException, OverviewExceptionCode } from './overview.exception';
import {
  changePercent,
  checkOverviewPeriod,
  localDayBounds,
  procedureDistribution,
  ProcedureTally,
  RECENT_EVENTS_LIMIT,
} from './overview-rules';

interface Totals {
  leads: number;
  consults: number;
  value: number;
  minutes: number;
}

const metric = (current: number, previous: number): MetricValue => ({
  value: current,
  change_percent: changePercent(current, previous),
});

/** The Overview (docs/product/analytics.md#overview), read from the daily rollups and the read models. */
@Injectable()
export class OverviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly practices: PracticeReadModel,
  ) {}

  async metrics(
    identity: Identity,
    practiceIdText: unknown,
    startDate: unknown,
    endDate: unknown,
  ): Promise<AnalyticsMetricsResponse> {
    // Another practice's id is not found before anything else is looked at.
    const practiceId = assertPracticeAccess(
      identity,
      typeof practiceIdText === 'string' ? practiceIdText : null,
    );
    const period = checkOverviewPeriod(startDate, endDate);
    if ('problem' in period) throw new OverviewException(OverviewExceptionCode.InvalidRange, period.problem);
    const zone = await this.practices.timezone(practiceId);
    // The stored days follow the practice's clock (a zone change re-days them once, here or on the next event).
    const stored = await storedZone(this.dataSource.manager, practiceId);
    if (stored !== null && stored !== zone) {
      await this.dataSource.transaction((manager) => ensureZone(manager, practiceId, zone));
    }
    const from = localDayBounds(period.start, zone).from;
    const to = localDayBounds(period.end, zone).to;

    const [current, previous, chart, tallies, events] = await Promise.all([
      this.totals(practiceId, period.start, period.end),
      this.totals(practiceId, period.previous.start, period.previous.end),
      this.dataSource.query(
        `SELECT to_char(d."day", 'YYYY-MM-DD') AS "date", COALESCE(r."leads", 0)::int AS "leads"
           FROM generate_series($2::date, $3::date, interval '1 day') AS d("day")
           LEFT JOIN "analytics"."overview_daily" r ON r."practice_id" = $1 AND r."day" = d."day"::date
          ORDER BY d."day"`,
        [practiceId, period.start, period.end],
      ) as Promise<{ date: string; leads: number }[]>,
      this.dataSource.query(
        `SELECT p."name" AS "procedure_name", count(*)::int AS "lead_count",
                COALESCE(sum(l."lead_score"), 0)::float AS "score_sum", count(l."lead_score")::int AS "scored"
           FROM "analytics"."overview_leads" l
           CROSS JOIN LATERAL (SELECT DISTINCT unnest(l."procedures") AS "name") AS p
          WHERE l."practice_id" = $1 AND l."day" BETWEEN $2::date AND $3::date
          GROUP BY p."name"`,
        [practiceId, period.start, period.end],
      ) as Promise<ProcedureTally[]>,
      this.dataSource.query(
        `SELECT c."event_id", c."type", c."direction", c."person_id" AS "contact_id", l."name" AS "contact_name",
                c."occurred_at", c."status"
           FROM "analytics"."overview_communications" c
           LEFT JOIN "analytics"."overview_leads" l ON l."person_id" = c."person_id" AND l."practice_id" = $1
          WHERE c."practice_id" = $1 AND c."occurred_at" >= $2 AND c."occurred_at" < $3
          ORDER BY c."occurred_at" DESC, c."event_id" DESC
          LIMIT ${RECENT_EVENTS_LIMIT}`,
        [practiceId, from, to],
      ) as Promise<
        {
          event_id: string;
          type: string;
          direction: AnalyticsEventDirection;
          contact_id: string | null;
          contact_name: string | null;
          occurred_at: Date;
          status: string | null;
        }[]
      >,
    ]);

    return {
      metrics: {
        conv_value: metric(current.value, previous.value),
        time_saved: metric(current.minutes, previous.minutes),
        leads: metric(current.leads, previous.leads),
        scheduled_consults: metric(current.consults, previous.consults),
      },
      procedure_distribution: procedureDistribution(tallies),
      total_unique_procedures: tallies.length,
      chart_data: chart,
      recent_events: events.map((event) => ({
        event_id: event.event_id,
        type: event.type,
        direction: event.direction,
        contact_id: event.contact_id,
        contact_name: event.contact_name,
        timestamp: new Date(event.occurred_at).toISOString(),
        status: event.status,
      })),
    };
  }

  private async totals(practiceId: string, start: string, end: string): Promise<Totals> {
    const [row]: { leads: number; consults: number; value: string; minutes: number }[] =
      await this.dataSource.query(
        `SELECT COALESCE(sum("leads"), 0)::int AS "leads", COALESCE(sum("consults"), 0)::int AS "consults",
                COALESCE(sum("value"), 0)::text AS "value", COALESCE(sum("minutes_saved"), 0)::int AS "minutes"
           FROM "analytics"."overview_daily"
          WHERE "practice_id" = $1 AND "day" BETWEEN $2::date AND $3::date`,
        [practiceId, start, end],
      );
    return { leads: row.leads, consults: row.consults, value: Number(row.value), minutes: row.minutes };
  }
}
