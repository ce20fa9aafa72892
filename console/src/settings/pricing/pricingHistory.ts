import type { PricingHistoryEntry } from './types';

/**
 * The pricing history of one procedure as a list of changes (docs/product/settings.md#pricing-history): the
 * entries' starts and ends grouped to the second, newest first. Each group says what changed against the state
 * just before it: 'Switched to All locations (range)', 'Added {location} (range)', 'Switched from All
 * locations', 'Removed {location}', or a new range for a location that stayed. The newest group is the current
 * pricing when something is still priced after it.
 */

export type HistoryChangeKind = 'switched_to_all' | 'added' | 'changed' | 'switched_from_all' | 'removed';

export interface HistoryChange {
  kind: HistoryChangeKind;
  /** The location's name; null for All locations. */
  location: string | null;
  min: number | null;
  max: number | null;
}

export interface HistoryGroup {
  /** The second of the change (epoch ms, a whole second). */
  at: number;
  current: boolean;
  changes: HistoryChange[];
}

const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const keyOf = (entry: PricingHistoryEntry) => entry.location_id ?? '*all*';

/** Active in the state after the changes of second s. */
const activeAfter = (entry: PricingHistoryEntry, s: number) =>
  second(entry.effective_start) <= s && (entry.effective_end === null || second(entry.effective_end) > s);

/** Active in the state just before the changes of second s. */
const activeBefore = (entry: PricingHistoryEntry, s: number) =>
  second(entry.effective_start) < s && (entry.effective_end === null || second(entry.effective_end) >= s);

function stateOf(entries: readonly PricingHistoryEntry[], active: (entry: PricingHistoryEntry) => boolean) {
  const state = new Map<string, PricingHistoryEntry>();
  for (const entry of entries) if (active(entry)) state.set(keyOf(entry), entry);
  return state;
}

const ORDER: Record<HistoryChangeKind, number> = {
  switched_from_all: 0,
  removed: 1,
  switched_to_all: 2,
  added: 3,
  changed: 4,
};

export function groupPricingHistory(entries: readonly PricingHistoryEntry[]): HistoryGroup[] {
  const valid = entries.filter((entry) => !Number.isNaN(Date.parse(entry.effective_start)));
  const seconds = new Set<number>();
  for (const entry of valid) {
    seconds.add(second(entry.effective_start));
    if (entry.effective_end && !Number.isNaN(Date.parse(entry.effective_end))) {
      seconds.add(second(entry.effective_end));
    }
  }
  const groups: HistoryGroup[] = [];
  for (const s of [...seconds].sort((a, b) => b - a)) {
    const before = stateOf(valid, (entry) => activeBefore(entry, s));
    const after = stateOf(valid, (entry) => activeAfter(entry, s));
    const changes: HistoryChange[] = [];
    for (const [key, entry] of after) {
      const previous = before.get(key);
      if (previous === entry) continue;
      const all = entry.location_id === null;
      changes.push({
        kind: previous ? 'changed' : all ? 'switched_to_all' : 'added',
        location: all ? null : (entry.location_name ?? ''),
        min: entry.price_min,
        max: entry.price_max,
      });
    }
    for (const [key, entry] of before) {
      if (after.has(key)) continue;
      const all = entry.location_id === null;
      changes.push({
        kind: all ? 'switched_from_all' : 'removed',
        location: all ? null : (entry.location_name ?? ''),
        min: entry.price_min,
        max: entry.price_max,
      });
    }
    if (changes.length === 0) continue;
    changes.sort(
      (a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.location ?? '').localeCompare(b.location ?? ''),
    );
    groups.push({ at: s * 1000, current: false, changes });
  }
  const newest = groups[0];
  if (newest && valid.some((entry) => entry.effective_end === null)) newest.current = true;
  return groups;
}
