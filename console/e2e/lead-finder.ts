import type { APIRequestContext } from '@playwright/test';
import type { LeadListResponse, PersonDto, TimelineEventDto } from '@pp/contracts';
import { expect } from './fixtures';

/**
 * Finds seeded leads for the lead detail and escalation browser tests through the people API, by what they
 * hold (an open SMS decision, an escalation, a message with markup) rather than by hard-coded ids. Two
 * workers run at once, so each test asks for a different kind of lead, or takes a different end of the list.
 */
export function leadFinder(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  async function get<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
    const response = await request.get(`/api/v1/people/${path}`, { headers, params });
    expect(response.ok(), `GET /people/${path}: ${response.status()}`).toBeTruthy();
    return (await response.json()) as T;
  }
  const events = (personId: string) => get<TimelineEventDto[]>(`${personId}/events`, { limit: 50 });

  return {
    events,
    person: (personId: string) => get<PersonDto>(personId),
    async search(practiceId: string, q: string): Promise<PersonDto[]> {
      const found = await get<PersonDto[] | { items: PersonDto[] }>('search', {
        practice_id: practiceId,
        q,
        limit: 5,
      });
      return Array.isArray(found) ? found : found.items;
    },
    /** Up to `pages` pages of 200 leads of a practice, with the list's own filters. */
    async leads(practiceId: string, params: Record<string, string> = {}, pages = 3): Promise<PersonDto[]> {
      const all: PersonDto[] = [];
      let after: string | null = null;
      for (let page = 0; page < pages; page += 1) {
        const answer: LeadListResponse = await get<LeadListResponse>('', {
          practice_id: practiceId,
          limit: 200,
          ...params,
          ...(after ? { after } : {}),
        });
        all.push(...answer.items);
        after = answer.next_cursor;
        if (!after) break;
      }
      return all;
    },
    /** The first lead (or the last, with from: 'end') that passes `test`, which may look at its events. */
    async find(
      candidates: PersonDto[],
      test: (person: PersonDto, events: () => Promise<TimelineEventDto[]>) => Promise<boolean> | boolean,
      from: 'start' | 'end' = 'start',
    ): Promise<PersonDto> {
      const ordered = from === 'start' ? candidates : [...candidates].reverse();
      for (const person of ordered) {
        if (await test(person, () => events(person.person_id))) return person;
      }
      throw new Error(`No seeded lead fits (of ${candidates.length} candidates)`);
    },
  };
}

/** The newest unresolved pending_review event's decision, as the side panel reads it. */
export function openDecisionOf(events: TimelineEventDto[]) {
  const open = events
    .filter((event) => event.event_type === 'pending_review')
    .filter((event) => event.content_data.original_decision && !event.content_data.resolved_at)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))[0];
  return (open?.content_data.original_decision ?? null) as {
    action_type: string;
    channel: string;
    message: string | null;
  } | null;
}
