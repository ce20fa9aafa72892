/**
 * The audit log of patient record access (docs/product/settings.md#security, docs/decisions/0041-audit-log.md):
 * who read or changed which lead, timeline, message or appointment, when and from where. Shared by the gateway
 * (which records and serves it) and the console (Settings › Security). An entry never holds patient content: no
 * name, no message text, no search words — only ids.
 */

/** Every action an entry may name, `<resource>.<verb>`. */
export const AUDIT_ACTIONS = [
  'lead.list',
  'lead.search',
  'lead.create',
  'lead.read',
  'lead.update',
  'lead.mark_seen',
  'lead.schedule',
  'lead.remove',
  'lead.snooze',
  'lead.control_mode',
  'lead.action',
  'lead.ask_ai',
  'timeline.read',
  'consent.read',
  'message.send',
  'message.simulate_reply',
  'call.log',
  'decision.approve',
  'decision.edit',
  'appointment.list',
  'appointment.create',
  'appointment.update',
  'audit_log.read',
  'audit_log.export',
  'audit_log.retention_update',
  'blocked_number.list',
  'blocked_number.add',
  'blocked_number.remove',
  // Analytics' Realtime lists, which name leads and visitors (docs/decisions/0047-auditing-realtime-views.md).
  'realtime.pageviews_read',
  'realtime.lead_events_read',
  // A lead's events pushed to a staff user's live connection: one entry per lead, per connection, per period.
  'live.lead_update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = ['lead', 'appointment', 'audit_log', 'blocked_number'] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/** allowed: answered (status < 400); denied: 401, 403 or 404; failed: any other error (bad input, a service down). */
export type AuditOutcome = 'allowed' | 'denied' | 'failed';

export function auditOutcome(status: number): AuditOutcome {
  if (status < 400) return 'allowed';
  if (status === 401 || status === 403 || status === 404) return 'denied';
  return 'failed';
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** One entry, as `GET /api/v1/practices/{practiceId}/audit-log` answers it. */
export interface AuditEntry {
  audit_id: string;
  /** ISO instant: when the gateway received the request. */
  occurred_at: string;
  user_id: string;
  /** The user's e-mail when the request was made. */
  user_email: string;
  action: AuditAction;
  resource_type: AuditResourceType;
  /** The lead or appointment the request named (null for lists and searches, or an id that was not a UUID). */
  resource_id: string | null;
  /** The lead the entry concerns, when known (a lead's own routes, an appointment booked or moved for it). */
  lead_id: string | null;
  /** The HTTP status the user was answered. */
  status: number;
  outcome: AuditOutcome;
  client_ip: string;
  user_agent: string | null;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}

/** How long a practice keeps its audit log, in whole years. */
export const AUDIT_RETENTION = { minYears: 6, maxYears: 30, defaultYears: 6 } as const;

export interface AuditRetention {
  retention_years: number;
}

/** The page sizes `limit` accepts. */
export const AUDIT_PAGE = { defaultSize: 50, maxSize: 200 } as const;

/** Messages of the audit log API the console also shows, each written once. */
export const AuditLogMessages = {
  user: 'user must be a user id or an e-mail address',
  lead: 'lead must be a lead id (a UUID)',
  action: `action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
  from: 'from must be an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z',
  to: 'to must be an ISO 8601 date-time, e.g. 2026-11-30T23:59:59Z',
  range: 'from must be before to',
  cursor: 'The cursor is not valid; start again from the first page',
  limit: `limit must be a whole number from 1 to ${AUDIT_PAGE.maxSize}`,
  retention: `retention_years must be a whole number from ${AUDIT_RETENTION.minYears} to ${AUDIT_RETENTION.maxYears}`,
  unavailable:
    'Patient records are unavailable while the audit log cannot be written. Please try again shortly.',
} as const;
