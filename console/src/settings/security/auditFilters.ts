import type { AuditAction } from '@pp/contracts';

/**
 * The Security page's filters as the user sets them (docs/product/settings.md#security), and the query the audit
 * log API reads. Pure: the page and its tests use it.
 */
export interface AuditFilterState {
  /** A user's e-mail address or id. */
  user: string;
  /** A lead id. */
  lead: string;
  action: AuditAction | '';
  /** Days on this computer's calendar, YYYY-MM-DD (the date inputs' value); both included. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterState = { user: '', lead: '', action: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a local day as an instant; null for an empty or malformed day. */
export function startOfDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The API's query for the filters: `from` the start of the first day, `to` the start of the day after the last
 * (the API's `to` is exclusive), and `cursor` / `limit` when paging. Empty filters are left out.
 */
export function auditQuery(
  filters: AuditFilterState,
  page: { cursor?: string | null; limit?: number } = {},
): string {
  const params = new URLSearchParams();
  if (filters.user.trim()) params.set('user', filters.user.trim());
  if (filters.lead.trim()) params.set('lead', filters.lead.trim());
  if (filters.action) params.set('action', filters.action);
  const from = startOfDay(filters.from);
  if (from) params.set('from', from.toISOString());
  const last = startOfDay(filters.to);
  if (last) params.set('to', new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1).toISOString());
  if (page.cursor) params.set('cursor', page.cursor);
  if (page.limit) params.set('limit', String(page.limit));
  return params.toString();
}

/** The catalogue key of an action's label: `lead.read` → `lead_read`. */
export const actionKey = (action: string) => action.replace('.', '_');

/** The first eight characters of an id, as the table shows it (the whole id is in its title). */
export const shortId = (id: string) => id.slice(0, 8);
