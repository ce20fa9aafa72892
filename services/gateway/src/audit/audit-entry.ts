import type { AuditAction, AuditResourceType } from '@pp/contracts';

/** One entry as the writer stores it (docs/decisions/0041-audit-log.md): ids and facts, never patient content. */
export interface AuditRecord {
  practice_id: string;
  occurred_at: Date;
  user_id: string;
  user_email: string;
  action: AuditAction;
  resource_type: AuditResourceType;
  resource_id: string | null;
  lead_id: string | null;
  status: number;
  client_ip: string;
  user_agent: string | null;
  correlation_id: string | null;
}

/**
 * The practices whose audit log an entry goes to:
 * - the practices the service granted the request (its record's practice, named in `x-pp-practice`), those the
 *   user belongs to;
 * - else (refused, failed before the service looked) the practice the request named, when it is the user's;
 * - else every practice of the user: a user's attempt on a record that is not theirs is seen by their own
 *   practices, never by the practice the record may belong to.
 */
export function filedIn(
  memberOf: readonly string[],
  granted: readonly string[],
  named: string | null,
): string[] {
  const grantedOwn = [...new Set(granted)].filter((practiceId) => memberOf.includes(practiceId));
  if (grantedOwn.length > 0) return grantedOwn;
  if (named && memberOf.includes(named)) return [named];
  return [...memberOf];
}

/** The practice a request names: `/practices/{id}/…` in its path, else its `practice_id` query parameter. */
export function namedPractice(path: string, query: string): string | null {
  const inPath = /^\/api\/v1\/practices\/([^/]+)/.exec(path)?.[1];
  if (inPath) return inPath.toLowerCase();
  const value = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get('practice_id');
  return value ? value.toLowerCase() : null;
}

export const USER_AGENT_MAX = 512;

/** A user agent as kept: control characters dropped, at most 512 characters; none when empty. */
export function cleanUserAgent(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value) ?? '';
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, USER_AGENT_MAX) : null;
}
