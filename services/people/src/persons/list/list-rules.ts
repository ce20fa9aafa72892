import { isLeadStage, isStageFilterId, LeadStage, STAGE_BY_FILTER } from '@pp/contracts';
import { PersonException, PersonExceptionCode, PersonMessages } from '../person.exception';
import { encodeCursor, ListKey, parseCursor } from './list-cursor';

/** What a lead list shows: one stage or all, and optionally only leads waiting for review. */
export interface LeadFilter {
  stage: LeadStage | null;
  pendingReview: boolean;
}

/**
 * `stage` is a sidebar filter id (docs/product/leads.md#filters: 'all', 'review', 'escalated' ...) or a stage name
 * ('Escalated'); `pending_review=true` keeps only leads waiting for review.
 */
export function resolveLeadFilter(stage: string | undefined, pendingReview: string | undefined): LeadFilter {
  if (pendingReview !== undefined && pendingReview !== 'true' && pendingReview !== 'false') {
    throw new PersonException(PersonExceptionCode.InvalidListQuery, PersonMessages.pendingReviewFlag);
  }
  const filter: LeadFilter = { stage: null, pendingReview: pendingReview === 'true' };
  if (stage === undefined || stage === '' || stage === 'all') return filter;
  if (stage === 'review') return { ...filter, pendingReview: true };
  if (isStageFilterId(stage))
    return { ...filter, stage: STAGE_BY_FILTER[stage as keyof typeof STAGE_BY_FILTER] };
  if (isLeadStage(stage)) return { ...filter, stage };
  throw new PersonException(
    PersonExceptionCode.InvalidListQuery,
    `Unknown stage '${stage}': use a stage filter id (all, review, ${Object.keys(STAGE_BY_FILTER).join(', ')}) or a lead stage name`,
  );
}

/** Where a page starts: the top, after a cursor (older), before a cursor (newer), or at a lead (deep link). */
export type PageStart =
  | { kind: 'top' }
  | { kind: 'after'; key: ListKey }
  | { kind: 'before'; key: ListKey }
  | { kind: 'anchor'; personId: string };

export function resolvePageStart(after?: string, before?: string, anchorId?: string): PageStart {
  const given = [after, before, anchorId].filter((value) => value !== undefined && value !== '');
  if (given.length > 1) {
    throw new PersonException(PersonExceptionCode.InvalidListQuery, PersonMessages.onePageStart);
  }
  if (after) return { kind: 'after', key: parseCursor(after) };
  if (before) return { kind: 'before', key: parseCursor(before) };
  if (anchorId) return { kind: 'anchor', personId: anchorId };
  return { kind: 'top' };
}

export interface KeyedRow {
  key: ListKey;
}

export type ScanDirection = 'older' | 'newer';

/**
 * The key at the page's edge that faces the request's own cursor: rows come in scan order, so it is the
 * first row (the newest of an 'older' scan, the oldest of a 'newer' one), or the cursor itself when the page
 * is empty. Whether anything lies beyond it decides the cursor back the other way.
 */
export function nearEdge(rows: KeyedRow[], requestKey: ListKey | null): ListKey | null {
  return rows[0]?.key ?? requestKey;
}

/**
 * Turns the rows read for a page into the page. `rows` are in scan order and hold up to limit + 1 rows: the
 * extra row only says that more exist in the scan's direction. A 'newer' scan runs oldest first and is
 * reversed here, so items are always newest first. `beyond` is the near edge when leads exist beyond it
 * (found by a cheap probe), else null.
 */
export function assemblePage<T extends KeyedRow>(
  direction: ScanDirection,
  rows: T[],
  limit: number,
  beyond: ListKey | null,
): { items: T[]; next_cursor: string | null; prev_cursor: string | null } {
  const window = rows.slice(0, limit);
  const farEdge = rows.length > limit ? window[window.length - 1].key : null;
  const items = direction === 'older' ? window : window.reverse();
  const toward = farEdge ? encodeCursor(farEdge) : null;
  const back = beyond ? encodeCursor(beyond) : null;
  return direction === 'older'
    ? { items, next_cursor: toward, prev_cursor: back }
    : { items, next_cursor: back, prev_cursor: toward };
}
