import { IdentityException } from './identity.exception';
import type { Identity } from './internal-token';

/**
 * Tenant isolation helpers. Another practice's resource is a 404, never a 403, so that its existence is
 * not revealed (docs/architecture.md#how-a-request-flows). A feature checks its own records with
 * `canAccessPractice` and throws its own not-found exception (e.g. `PersonException.notFound()`).
 */
export function canAccessPractice(identity: Identity, practiceId: string | null | undefined): boolean {
  return !!practiceId && identity.practiceIds.includes(practiceId);
}

/** Returns the practice id when it is one of the caller's; otherwise 404 'Practice not found'. */
export function assertPracticeAccess(identity: Identity, practiceId: string | null | undefined): string {
  if (!canAccessPractice(identity, practiceId)) throw IdentityException.practiceNotFound();
  return practiceId as string;
}
