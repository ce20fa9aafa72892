import { NotFoundException } from '@nestjs/common';
import type { Identity } from './internal-token';

/**
 * Tenant isolation helpers. Another practice's resource is a 404, never a 403, so that its existence is
 * not revealed (docs/architecture.md#how-a-request-flows).
 */
export function canAccessPractice(identity: Identity, practiceId: string | null | undefined): boolean {
  return !!practiceId && identity.practiceIds.includes(practiceId);
}

export function assertPracticeAccess(identity: Identity, practiceId: string | null | undefined): string {
  if (!canAccessPractice(identity, practiceId)) throw new NotFoundException('Practice not found');
  return practiceId as string;
}

/** Returns the record if it exists and belongs to one of the caller's practices; otherwise a 404. */
export function assertOwned<T extends { practice_id: string }>(
  identity: Identity,
  record: T | null | undefined,
  what = 'Resource',
): T {
  if (!record || !canAccessPractice(identity, record.practice_id)) {
    throw new NotFoundException(`${what} not found`);
  }
  return record;
}
