import { Injectable } from '@nestjs/common';
import { LEAD_STAGES, LeadListResponse, LeadStatsResponse } from '@pp/contracts';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { Person } from '../person.entity';
import { PersonException } from '../person.exception';
import { personColumnsSql, toPersonDto } from '../person-dto';
import { ListPeopleQuery } from '../dto/list-people.query';
import { ListKey } from './list-cursor';
import {
  assemblePage,
  LeadFilter,
  nearEdge,
  resolveLeadFilter,
  resolvePageStart,
  ScanDirection,
} from './list-rules';

type PersonRow = Person & { cursor_at: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** created_at exactly as stored (microseconds, UTC), for cursors. */
const CURSOR_AT = `to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const KEY = `(p."created_at", p."person_id")`;

/**
 * Lead lists and stage counts (docs/product/leads.md#calls: `GET /people/`, `/people/stats`). Pages are keyset pages over
 * (created_at DESC, person_id DESC): every page is a range scan of one of the persons indexes (all leads, per
 * stage, or pending review), however deep, and leads created meanwhile land above every cursor, so paging
 * never skips or repeats a lead.
 */
@Injectable()
export class LeadListService {
  constructor(private readonly dataSource: DataSource) {}

  async list(identity: Identity, query: ListPeopleQuery): Promise<LeadListResponse> {
    const practiceId = assertPracticeAccess(identity, query.practice_id);
    const filter = resolveLeadFilter(query.stage, query.pending_review);
    const start = resolvePageStart(query.after, query.before, query.anchor_id);
    const limit = query.limit;
    const where = new Where(practiceId, filter);

    let direction: ScanDirection = 'older';
    let requestKey: ListKey | null = null;
    let bound = '';
    if (start.kind === 'after' || start.kind === 'before') {
      direction = start.kind === 'after' ? 'older' : 'newer';
      requestKey = start.key;
      bound = `${KEY} ${direction === 'older' ? '<' : '>'} ${where.key(start.key)}`;
    } else if (start.kind === 'anchor') {
      requestKey = await this.anchorKey(start.personId, practiceId, filter);
      bound = `${KEY} <= ${where.key(requestKey)}`;
    }
    const order = direction === 'older' ? 'DESC' : 'ASC';
    const rows: PersonRow[] = await this.dataSource.query(
      `SELECT ${personColumnsSql('p')}, ${CURSOR_AT} AS "cursor_at" FROM "people"."persons" p
        WHERE ${where.sql(bound)} ORDER BY p."created_at" ${order}, p."person_id" ${order} LIMIT ${where.param(limit + 1)}`,
      where.params,
    );
    const keyed = rows.map((row) => ({ row, key: { createdAt: row.cursor_at, personId: row.person_id } }));

    // The way back: a top page has nothing newer by definition; otherwise one probe past the near edge.
    const edge = start.kind === 'top' ? null : nearEdge(keyed, requestKey);
    const beyond = edge && (await this.exists(practiceId, filter, direction === 'older' ? '>' : '<', edge));
    const page = assemblePage(direction, keyed, limit, beyond ? edge : null);
    return { ...page, items: page.items.map(({ row }) => toPersonDto(row)) };
  }

  /**
   * Counts per stage (every stage, zero included) and of leads waiting for review. The lead_counts rows are
   * kept by triggers in the same transaction as every lead change (migrations LeadCounts and LeadCountSlots), so
   * this sums at most nine stages of 16 slots however many leads the practice has.
   */
  async stats(identity: Identity, practiceId: string): Promise<LeadStatsResponse> {
    assertPracticeAccess(identity, practiceId);
    const rows: { stage: string; total: number; review: number }[] = await this.dataSource.query(
      `SELECT "stage", sum("total")::int AS "total", sum("review")::int AS "review"
         FROM "people"."lead_counts" WHERE "practice_id" = $1 GROUP BY "stage"`,
      [practiceId],
    );
    const by_stage: Record<string, number> = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0]));
    let total = 0;
    let needs_review = 0;
    for (const row of rows) {
      by_stage[row.stage] = row.total;
      total += row.total;
      needs_review += row.review;
    }
    return { total, needs_review, by_stage };
  }

  /** The list key of a deep-linked lead; it must be in the practice and match the list's filter. */
  private async anchorKey(personId: string, practiceId: string, filter: LeadFilter): Promise<ListKey> {
    const notFound = PersonException.notFound();
    if (!UUID.test(personId)) throw notFound;
    const where = new Where(practiceId, filter);
    const [row]: { cursor_at: string }[] = await this.dataSource.query(
      `SELECT ${CURSOR_AT} AS "cursor_at" FROM "people"."persons" p
        WHERE ${where.sql(`p."person_id" = ${where.param(personId)}`)}`,
      where.params,
    );
    if (!row) throw notFound;
    return { createdAt: row.cursor_at, personId: personId.toLowerCase() };
  }

  /** Whether the filtered list has a lead newer ('>') or older ('<') than the key: one index probe. */
  private async exists(
    practiceId: string,
    filter: LeadFilter,
    op: '>' | '<',
    key: ListKey,
  ): Promise<boolean> {
    const where = new Where(practiceId, filter);
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "people"."persons" p WHERE ${where.sql(`${KEY} ${op} ${where.key(key)}`)} LIMIT 1`,
      where.params,
    );
    return rows.length > 0;
  }
}

/** The WHERE clause of a filtered list with its bound parameters. */
class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[];

  constructor(practiceId: string, filter: LeadFilter) {
    this.conditions = [`p."practice_id" = ${this.param(practiceId)}`];
    if (filter.stage) this.conditions.push(`p."stage" = ${this.param(filter.stage)}`);
    // Matches the partial index persons_practice_review_created_idx.
    if (filter.pendingReview) this.conditions.push(`p."pending_review_type" IS NOT NULL`);
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A list key as a row value, comparable with (created_at, person_id) in one index condition. */
  key(key: ListKey): string {
    return `(${this.param(key.createdAt)}::timestamptz, ${this.param(key.personId)}::uuid)`;
  }

  sql(extra: string): string {
    return [...this.conditions, ...(extra ? [extra] : [])].join(' AND ');
  }
}
