import type { PersonDto } from '@pp/contracts';
import { NEW_LEADS_CAP } from '../leads/list/listRules';

/**
 * Catching up after a drop (docs/product/live-connection.md#catching-up, docs/decisions/0058). Pure: what the
 * console asks for when its live connection opens again, and which of the answer's leads it missed.
 */
export const CatchUp = {
  /** The newest leads asked for: one more than the new-leads pill counts before it says '99+'. */
  limit: NEW_LEADS_CAP + 1,
  /**
   * How far before the previous greeting a missed lead may have been created: a lead event still on its way
   * to the gateway when the connection dropped was created before that greeting and never pushed.
   */
  overlapMs: 120_000,
  /** The lead ids remembered as already heard (pushed or caught up): far more than one answer holds. */
  rememberIds: 1_000,
} as const;

/**
 * A greeting (`connection_established`) with the server's clock (null when it carries none or an unreadable
 * one), or null when the message is not a greeting.
 */
export function parseWelcome(data: unknown): { serverTime: string | null } | null {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  let message: { type?: unknown; server_time?: unknown } | null;
  try {
    message = JSON.parse(data) as { type?: unknown; server_time?: unknown } | null;
  } catch {
    return null;
  }
  if (message?.type !== 'connection_established') return null;
  const time = message.server_time;
  return { serverTime: typeof time === 'string' && !Number.isNaN(Date.parse(time)) ? time : null };
}

/**
 * The leads of `newest` (the practice's newest leads, newest first) the console has not heard of: created
 * after `since` less the overlap, and neither pushed to it nor caught up before. Without a `since` (the
 * previous connection was never greeted) nothing is known to be missed.
 */
export function missedLeads(
  newest: readonly PersonDto[],
  since: string | null,
  heard: { has(personId: string): boolean },
): PersonDto[] {
  if (!since) return [];
  const from = Date.parse(since) - CatchUp.overlapMs;
  return newest.filter((lead) => Date.parse(lead.created_at) > from && !heard.has(lead.person_id));
}

/** A set of ids that forgets its oldest beyond `limit`. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly limit: number = CatchUp.rememberIds) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
}
