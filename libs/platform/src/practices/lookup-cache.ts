/**
 * A small in-memory cache of lookups by key (the read model's site key → practice), for a hot path that would
 * otherwise ask PostgreSQL on every request (the public tracking ingress: docs/PERFORMANCE.md#tracking-ingest-issue-14).
 *
 * - It keeps the lookup's promise, so concurrent misses for one key share one query, and a failed lookup is
 *   forgotten (the next call asks again).
 * - `clear()` forgets everything, including lookups still running: the owner calls it once a change is
 *   committed, so every later call reads the committed state. A lookup that started before the change can
 *   never be kept past it.
 * - An entry lives `ttlMs` at most: another instance of the service may apply a change (instances share a
 *   consumer group, each applying the partitions it holds), and this one then learns it within that time.
 *   Absent keys (null) are kept as long, so a flood of unknown keys costs one query per key and period.
 * - At most `maxEntries` keys; past that the oldest entry goes.
 */
export class LookupCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: (key: string) => Promise<V>): Promise<V> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached) this.entries.delete(key);
    const value = load(key);
    const entry = { value, expiresAt: now + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets every entry (call after a change to the underlying data is committed). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
