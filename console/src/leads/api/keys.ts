/**
 * TanStack Query keys of lead data. Every key starts with one of PERSON_QUERY_ROOTS (people, person,
 * leads), so switching practice drops them all; live updates invalidate by prefix.
 */
export const leadKeys = {
  /** The infinite lead list of one stage filter. */
  list: (practiceId: string, filterId: string) => ['leads', practiceId, filterId] as const,
  lists: (practiceId: string) => ['leads', practiceId] as const,
  stats: (practiceId: string) => ['people', 'stats', practiceId] as const,
  search: (practiceId: string, q: string) => ['people', 'search', practiceId, q] as const,
  /** A person; its events live under the same prefix, so invalidating the person refreshes both. */
  person: (personId: string) => ['person', personId] as const,
  /** Every person and their events (the prefix of leadKeys.person). */
  people: ['person'] as const,
  events: (personId: string) => ['person', personId, 'events'] as const,
  consents: (personId: string) => ['person', personId, 'consents'] as const,
};
