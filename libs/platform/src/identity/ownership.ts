import { IdentityException } from './identity.exception';
import type { Identity } from './internal-token';

/**
 * The response header in which a service names the practices whose records the request was granted (those
 * `canAccessPractice` accepted for this identity), comma-separated. The gateway reads it to file the request in
 * the right practice's audit log and strips it: clients never see it (docs/decisions/0041-audit-log.md).
 */
export const PRACTICE_HEADER = 'x-pp-practice';

/** The practices each request's identity was granted, noted by `canAccessPractice` (one identity per request). */
const granted = new WeakMap<Identity, Set<string>>();

/**
 * Tenant isolation helpers. Another practice's resource is a 404, never a 403, so that its existence is
 * not revealed (docs/architecture.md#how-a-request-flows). A feature checks its own records with
 * `canAccessPractice` and throws its own not-found exception (e.g. `PersonException.notFound()`).
 * A practice granted is noted for the request (`grantedPractices`), which names it in `PRACTICE_HEADER`.
 */
export function canAccessPractice(identity: Identity, practiceId: string | null | undefined): boolean {
  if (!practiceId || !identity.practiceIds.includes(practiceId)) return false;
  const practices = granted.get(identity);
  if (practices) practices.add(practiceId);
  else granted.set(identity, new Set([practiceId]));
  return true;
}

/** Returns the practice id when it is one of the caller's; otherwise 404 'Practice not found'. */
export function assertPracticeAccess(identity: Identity, practiceId: string | null | undefined): string {
  if (!canAccessPractice(identity, practiceId)) throw IdentityException.practiceNotFound();
  return practiceId as string;
}

/** The practices this identity was granted so far (by `canAccessPractice` or `assertPracticeAccess`), in order. */
export function grantedPractices(identity: Identity): string[] {
  return [...(granted.get(identity) ?? [])];
}
