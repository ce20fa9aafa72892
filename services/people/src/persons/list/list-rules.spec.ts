import { decodeCursor, encodeCursor, ListKey } from './list-cursor';
import { PersonException, PersonExceptionCode } from '../person.exception';
import { assemblePage, nearEdge, resolveLeadFilter, resolvePageStart } from './list-rules';

const row = (n: number) => ({
  key: {
    createdAt: `2025-01-01T00:00:${String(n).padStart(2, '0')}.000000Z`,
    personId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  } satisfies ListKey,
});
const cursorOf = (n: number) => encodeCursor(row(n).key);
const unprocessable = (message: string) => new PersonException(PersonExceptionCode.InvalidListQuery, message);

describe('stage filter (docs/product/leads.md#filters)', () => {
  it.each([
    ['attempting', 'Attempting Contact'],
    ['conversations', 'Active Conversation'],
    ['escalated', 'Escalated'],
    ['consultations', 'Scheduled'],
    ['postconsultations', 'Post Consultation'],
    ['noshowcancelled', 'No Show / Cancelled'],
    ['procedures', 'Booked Procedure'],
    ['closed', 'Closed - Lost'],
  ])('maps the filter id %s to the stage %s', (id, stage) => {
    expect(resolveLeadFilter(id, undefined)).toEqual({ stage, pendingReview: false });
  });

  it('accepts literal stage names', () => {
    expect(resolveLeadFilter('No Show / Cancelled', undefined).stage).toBe('No Show / Cancelled');
    expect(resolveLeadFilter('Lead', undefined).stage).toBe('Lead');
  });

  it("treats 'all' and no stage as every lead, 'review' as pending review", () => {
    expect(resolveLeadFilter('all', undefined)).toEqual({ stage: null, pendingReview: false });
    expect(resolveLeadFilter(undefined, undefined)).toEqual({ stage: null, pendingReview: false });
    expect(resolveLeadFilter('review', undefined)).toEqual({ stage: null, pendingReview: true });
    expect(resolveLeadFilter(undefined, 'true')).toEqual({ stage: null, pendingReview: true });
    expect(resolveLeadFilter('escalated', 'true')).toEqual({ stage: 'Escalated', pendingReview: true });
    expect(resolveLeadFilter(undefined, 'false').pendingReview).toBe(false);
  });

  it('rejects an unknown stage and a pending_review that is not a boolean', () => {
    expect(() => resolveLeadFilter('Escalatd', undefined)).toThrow(/Unknown stage 'Escalatd'/);
    expect(() => resolveLeadFilter('escalated ', undefined)).toThrow(PersonException);
    expect(() => resolveLeadFilter(undefined, 'yes')).toThrow(
      unprocessable('pending_review must be true or false'),
    );
  });
});

describe('page start', () => {
  it('allows at most one of after, before and anchor_id', () => {
    expect(() => resolvePageStart(cursorOf(1), cursorOf(2))).toThrow(
      unprocessable('Use only one of after, before and anchor_id'),
    );
    expect(() => resolvePageStart(cursorOf(1), undefined, 'x')).toThrow(PersonException);
  });

  it('decodes the cursor it is given', () => {
    expect(resolvePageStart()).toEqual({ kind: 'top' });
    expect(resolvePageStart('', '', '')).toEqual({ kind: 'top' });
    expect(resolvePageStart(cursorOf(3))).toEqual({ kind: 'after', key: row(3).key });
    expect(resolvePageStart(undefined, cursorOf(3))).toEqual({ kind: 'before', key: row(3).key });
    expect(resolvePageStart(undefined, undefined, 'abc')).toEqual({ kind: 'anchor', personId: 'abc' });
    expect(() => resolvePageStart('nope!')).toThrow('Invalid cursor');
  });
});

describe('assemblePage', () => {
  it('pages older: next cursor only when a row beyond the limit was read', () => {
    const page = assemblePage('older', [row(9), row(8), row(7)], 2, null);
    expect(page.items).toEqual([row(9), row(8)]);
    expect(decodeCursor(page.next_cursor!)).toEqual(row(8).key);
    expect(page.prev_cursor).toBeNull();

    const last = assemblePage('older', [row(2), row(1)], 2, row(2).key);
    expect(last.next_cursor).toBeNull();
    expect(decodeCursor(last.prev_cursor!)).toEqual(row(2).key);
  });

  it('pages newer: rows read oldest first come back newest first', () => {
    const page = assemblePage('newer', [row(4), row(5), row(6)], 2, row(4).key);
    expect(page.items).toEqual([row(5), row(4)]);
    expect(decodeCursor(page.prev_cursor!)).toEqual(row(5).key);
    expect(decodeCursor(page.next_cursor!)).toEqual(row(4).key);

    const top = assemblePage('newer', [row(4), row(5)], 2, row(4).key);
    expect(top.items).toEqual([row(5), row(4)]);
    expect(top.prev_cursor).toBeNull();
  });

  it('keeps a way back from an empty page through the request cursor', () => {
    expect(nearEdge([], row(3).key)).toEqual(row(3).key);
    expect(nearEdge([row(2)], row(3).key)).toEqual(row(2).key);
    const empty = assemblePage('older', [], 50, row(3).key);
    expect(empty).toEqual({ items: [], next_cursor: null, prev_cursor: cursorOf(3) });
  });
});
