import type { AuditAction, AuditResourceType, LeadAction } from '@pp/contracts';

/**
 * Which forwarded requests touch patient records, and what each is in the audit log (docs/decisions/0041-audit-log.md):
 * every read or change of a lead, its timeline, consents, messages and appointments, and analytics' Realtime lists
 * that name leads (docs/decisions/0047-auditing-realtime-views.md). Pure: the proxy asks it for each forwarded
 * request; `audited-routes.spec.ts` and the gateway's `audit-log.int-spec.ts` hold it to the routes people and
 * calendar serve.
 */
export interface AuditTarget {
  action: AuditAction;
  resource_type: AuditResourceType;
  /** The record named in the path, when it is a UUID. */
  resource_id: string | null;
  /** The lead the request concerns, when the path names it. */
  lead_id: string | null;
  /**
   * The record's id (and its lead) are in the answer, not the path: a lead or an appointment created, an
   * appointment moved. The proxy reads them from the JSON it forwards.
   */
  fromAnswer?: 'person' | 'appointment' | 'rescheduled';
  /** The action depends on the body's `action` (`POST /people/{id}/actions`): see `leadActionAudit`. */
  fromBody?: true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment as an id: lower-case when it is a UUID, else null (a malformed id is kept out of the log). */
export function uuidOrNull(value: string | undefined | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

interface Rule {
  method: string;
  pattern: RegExp;
  /** null: the route names no patient record (it must still come before the `{id}` rule it would match). */
  action: AuditAction | null;
  resource_type: AuditResourceType;
  /** The path names a lead (its first capture). */
  lead?: true;
  fromAnswer?: AuditTarget['fromAnswer'];
  fromBody?: true;
}

const PEOPLE = '^/api/v1/people';
const BLOCKED = '^/api/v1/practices/[^/]+/blocked-numbers';
const REALTIME = '^/api/v1/analytics/realtime';
const ID = '/([^/]+)';
const END = '/?$';
const path = (...parts: string[]) => new RegExp(parts.join('') + END);

const RULES: Rule[] = [
  { method: 'GET', pattern: path(PEOPLE), action: 'lead.list', resource_type: 'lead' },
  {
    method: 'POST',
    pattern: path(PEOPLE),
    action: 'lead.create',
    resource_type: 'lead',
    fromAnswer: 'person',
  },
  { method: 'GET', pattern: path(PEOPLE, '/search'), action: 'lead.search', resource_type: 'lead' },
  // Counts per stage only: no lead is read (and `stats` is not a lead id).
  { method: 'GET', pattern: path(PEOPLE, '/stats'), action: null, resource_type: 'lead' },
  { method: 'GET', pattern: path(PEOPLE, ID), action: 'lead.read', resource_type: 'lead', lead: true },
  { method: 'PATCH', pattern: path(PEOPLE, ID), action: 'lead.update', resource_type: 'lead', lead: true },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/seen'),
    action: 'lead.mark_seen',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'GET',
    pattern: path(PEOPLE, ID, '/events'),
    action: 'timeline.read',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'GET',
    pattern: path(PEOPLE, ID, '/consents'),
    action: 'consent.read',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/approve-decision'),
    action: 'decision.approve',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/edit-decision'),
    action: 'decision.edit',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/actions'),
    action: 'lead.action',
    resource_type: 'lead',
    lead: true,
    fromBody: true,
  },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/ask-ai'),
    action: 'lead.ask_ai',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'POST',
    pattern: path(PEOPLE, ID, '/simulate-reply'),
    action: 'message.simulate_reply',
    resource_type: 'lead',
    lead: true,
  },
  {
    method: 'GET',
    pattern: path('^/api/v1/calendar/appointments'),
    action: 'appointment.list',
    resource_type: 'appointment',
  },
  {
    method: 'POST',
    pattern: path('^/api/v1/calendar/appointments'),
    action: 'appointment.create',
    resource_type: 'appointment',
    fromAnswer: 'appointment',
  },
  {
    method: 'PUT',
    pattern: path('^/api/v1/calendar/appointments', ID),
    action: 'appointment.update',
    resource_type: 'appointment',
    fromAnswer: 'rescheduled',
  },
  // The block list holds phone numbers, which may be patients' (docs/decisions/0043-number-block-list.md).
  {
    method: 'GET',
    pattern: path(BLOCKED),
    action: 'blocked_number.list',
    resource_type: 'blocked_number',
  },
  {
    method: 'POST',
    pattern: path(BLOCKED),
    action: 'blocked_number.add',
    resource_type: 'blocked_number',
  },
  {
    method: 'DELETE',
    pattern: path(BLOCKED, ID),
    action: 'blocked_number.remove',
    resource_type: 'blocked_number',
  },
  // Realtime Activity's lists name leads (and where visitors are): entries like a lead list, without ids
  // (docs/decisions/0047-auditing-realtime-views.md).
  {
    method: 'GET',
    pattern: path(REALTIME, '/pageviews'),
    action: 'realtime.pageviews_read',
    resource_type: 'lead',
  },
  {
    method: 'GET',
    pattern: path(REALTIME, '/events'),
    action: 'realtime.lead_events_read',
    resource_type: 'lead',
  },
];

/** What a forwarded request is in the audit log, or null when it touches no patient record. */
export function auditTargetOf(method: string, requestPath: string): AuditTarget | null {
  const verb = method.toUpperCase();
  for (const rule of RULES) {
    if (rule.method !== verb) continue;
    const match = rule.pattern.exec(requestPath);
    if (!match) continue;
    if (!rule.action) return null;
    const id = uuidOrNull(match[1]);
    return {
      action: rule.action,
      resource_type: rule.resource_type,
      resource_id: id,
      lead_id: rule.lead ? id : null,
      ...(rule.fromAnswer ? { fromAnswer: rule.fromAnswer } : {}),
      ...(rule.fromBody ? { fromBody: true as const } : {}),
    };
  }
  return null;
}

const LEAD_ACTION_AUDIT: Record<LeadAction, AuditAction> = {
  sms_sent: 'message.send',
  email_sent: 'message.send',
  phone_call_sent: 'call.log',
  patient_scheduled: 'lead.schedule',
  patient_wants_removal: 'lead.remove',
  snooze: 'lead.snooze',
  switch_control_mode: 'lead.control_mode',
};

/**
 * The audit action of `POST /people/{id}/actions` from its JSON body's `action` (a staff text or e-mail is
 * `message.send`); anything else — not JSON, an unknown action — stays `lead.action`. Only the action's name is
 * read: the message, subject and notes never leave the body.
 */
export function leadActionAudit(body: Buffer | undefined): AuditAction {
  if (!body || body.length === 0) return 'lead.action';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return 'lead.action';
  }
  const action = (parsed as { action?: unknown } | null)?.action;
  return typeof action === 'string' && Object.prototype.hasOwnProperty.call(LEAD_ACTION_AUDIT, action)
    ? LEAD_ACTION_AUDIT[action as LeadAction]
    : 'lead.action';
}

/**
 * The record's id and its lead from a forwarded JSON answer (`fromAnswer`); nulls when the answer is not the
 * expected shape (an error, another body).
 */
export function idsFromAnswer(
  kind: NonNullable<AuditTarget['fromAnswer']>,
  body: Buffer,
): { resource_id: string | null; lead_id: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { resource_id: null, lead_id: null };
  }
  const record = (
    kind === 'rescheduled' ? (parsed as { appointment?: unknown } | null)?.appointment : parsed
  ) as Record<string, unknown> | null | undefined;
  if (!record || typeof record !== 'object') return { resource_id: null, lead_id: null };
  const text = (value: unknown) => (typeof value === 'string' ? uuidOrNull(value) : null);
  if (kind === 'person') {
    const id = text(record.person_id);
    return { resource_id: id, lead_id: id };
  }
  return { resource_id: text(record.appointment_id), lead_id: text(record.person_id) };
}
