import { AUDIT_PAGE, AuditLogMessages } from '@pp/contracts';
import { decodeCursor, encodeCursor, parseAuditFilters } from './audit-filters';

const USER = '5f0c2d1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const LEAD = '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15';

describe('the audit log filters', () => {
  it('are all optional', () => {
    expect(parseAuditFilters({})).toEqual({
      userId: null,
      userEmail: null,
      leadId: null,
      action: null,
      from: null,
      to: null,
      after: null,
      limit: AUDIT_PAGE.defaultSize,
    });
    expect(
      parseAuditFilters({ user: '', lead: '', action: '', from: '', to: '', cursor: '', limit: '' }),
    ).toEqual(expect.objectContaining({ userId: null, limit: AUDIT_PAGE.defaultSize }));
  });

  it('take a user by id or by e-mail, a lead, an action and a date range', () => {
    expect(
      parseAuditFilters({
        user: USER.toUpperCase(),
        lead: LEAD,
        action: 'timeline.read',
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-02T00:00:00-05:00',
        limit: '10',
      }),
    ).toEqual({
      userId: USER,
      userEmail: null,
      leadId: LEAD,
      action: 'timeline.read',
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-02T05:00:00Z'),
      after: null,
      limit: 10,
    });
    expect(parseAuditFilters({ user: ' Dana@Clinic.example ' })).toEqual(
      expect.objectContaining({ userId: null, userEmail: 'dana@clinic.example' }),
    );
  });

  it.each([
    [{ user: 'dana' }, AuditLogMessages.user],
    [{ lead: 'not-a-uuid' }, AuditLogMessages.lead],
    [{ lead: "' OR 1=1--" }, AuditLogMessages.lead],
    [{ action: 'lead.delete' }, AuditLogMessages.action],
    [{ from: '2026-02-30T00:00:00Z' }, AuditLogMessages.from],
    [{ to: 'yesterday' }, AuditLogMessages.to],
    [{ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, AuditLogMessages.range],
    [{ from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' }, AuditLogMessages.range],
    [{ cursor: 'bm9wZQ' }, AuditLogMessages.cursor],
    [{ cursor: '!!' }, AuditLogMessages.cursor],
    [{ limit: '0' }, AuditLogMessages.limit],
    [{ limit: '201' }, AuditLogMessages.limit],
    [{ limit: '1.5' }, AuditLogMessages.limit],
    [{ limit: 'ten' }, AuditLogMessages.limit],
  ])('refuses %j', (input, problem) => {
    expect(parseAuditFilters(input)).toEqual({ problem });
  });

  it('carries a page end through its cursor', () => {
    const cursor = { at: '2026-11-25T12:00:00.123456Z', id: '42' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(parseAuditFilters({ cursor: encodeCursor(cursor) })).toEqual(
      expect.objectContaining({ after: cursor }),
    );
    expect(decodeCursor(encodeCursor({ at: '2026-11-25T12:00:00Z', id: '42' }))).toBeNull();
    expect(decodeCursor(encodeCursor({ at: cursor.at, id: '0' }))).toBeNull();
  });
});
