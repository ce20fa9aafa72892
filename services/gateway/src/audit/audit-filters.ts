import { AUDIT_PAGE, AuditAction, AuditLogMessages, isAuditAction } from '@pp/contracts';
import { parseIsoDateTime } from '@pp/platform';
import { uuidOrNull } from './audited-routes';

/** What `GET …/audit-log` and `…/audit-log.csv` may be asked (docs/product/settings.md#security). */
export interface AuditFilterInput {
  user?: string;
  lead?: string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: string | number;
}

export interface AuditFilters {
  userId: string | null;
  userEmail: string | null;
  leadId: string | null;
  action: AuditAction | null;
  /** Inclusive. */
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
  after: AuditCursor | null;
  limit: number;
}

/** Where a page ended: the last entry's time (microseconds, as PostgreSQL keeps it) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_ID = /^[1-9]\d{0,18}$/;

/** The filters, checked; or the first problem's message (a 422). Pure. */
export function parseAuditFilters(input: AuditFilterInput): AuditFilters | { problem: string } {
  const blank = (value: string | undefined) => value === undefined || value === '';
  let userId: string | null = null;
  let userEmail: string | null = null;
  if (!blank(input.user)) {
    const user = input.user!.trim();
    userId = uuidOrNull(user);
    if (!userId) {
      if (!EMAIL.test(user)) return { problem: AuditLogMessages.user };
      userEmail = user.toLowerCase();
    }
  }
  let leadId: string | null = null;
  if (!blank(input.lead)) {
    leadId = uuidOrNull(input.lead!.trim());
    if (!leadId) return { problem: AuditLogMessages.lead };
  }
  let action: AuditAction | null = null;
  if (!blank(input.action)) {
    if (!isAuditAction(input.action)) return { problem: AuditLogMessages.action };
    action = input.action;
  }
  const from = blank(input.from) ? null : parseIsoDateTime(input.from);
  if (from === null && !blank(input.from)) return { problem: AuditLogMessages.from };
  const to = blank(input.to) ? null : parseIsoDateTime(input.to);
  if (to === null && !blank(input.to)) return { problem: AuditLogMessages.to };
  if (from && to && from.getTime() >= to.getTime()) return { problem: AuditLogMessages.range };
  let after: AuditCursor | null = null;
  if (!blank(input.cursor)) {
    after = decodeCursor(input.cursor!);
    if (!after) return { problem: AuditLogMessages.cursor };
  }
  let limit: number = AUDIT_PAGE.defaultSize;
  if (input.limit !== undefined && input.limit !== '') {
    const text = String(input.limit);
    limit = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(limit >= 1 && limit <= AUDIT_PAGE.maxSize)) return { problem: AuditLogMessages.limit };
  }
  return { userId, userEmail, leadId, action, from, to, after, limit };
}

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): AuditCursor | null {
  if (text.length > 100 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !CURSOR_AT.test(at ?? '') || !CURSOR_ID.test(id ?? '')) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}
