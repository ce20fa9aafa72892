import type { APIRequestContext } from '@playwright/test';
import type { LeadListResponse, LeadStatsResponse, PersonDto } from '@pp/contracts';
import { expect } from './fixtures';

/**
 * The people API as the browser tests read it, to know what the seeded demo holds instead of hard-coding
 * counts (the seed grows). Every call goes through the gateway with the test user's token.
 */
export function peopleApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const get = async <T>(path: string, params: Record<string, string | number>) => {
    const response = await request.get(`/api/v1/people/${path}`, { headers, params });
    expect(response.ok(), `GET /people/${path}: ${response.status()}`).toBeTruthy();
    return (await response.json()) as T;
  };
  return {
    list: (practiceId: string, params: Record<string, string | number> = {}) =>
      get<LeadListResponse>('', { practice_id: practiceId, ...params }),
    stats: (practiceId: string) => get<LeadStatsResponse>('stats', { practice_id: practiceId }),
    /** The lead at a given position (0-based) of a practice's full list, newest first. */
    async nth(practiceId: string, index: number): Promise<PersonDto> {
      let page = await this.list(practiceId, { limit: 200 });
      let offset = 0;
      while (index - offset >= page.items.length) {
        expect(page.next_cursor, `the practice has more than ${index} leads`).toBeTruthy();
        offset += page.items.length;
        page = await this.list(practiceId, { limit: 200, after: page.next_cursor as string });
      }
      return page.items[index - offset];
    },
    async create(practiceId: string, body: Partial<PersonDto>): Promise<PersonDto> {
      const response = await request.post('/api/v1/people/', {
        headers,
        data: { practice_id: practiceId, ...body },
      });
      expect(response.ok(), `POST /people/: ${response.status()}`).toBeTruthy();
      return (await response.json()) as PersonDto;
    },
  };
}

export const fullName = (person: Pick<PersonDto, 'first_name' | 'last_name'>) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || 'Unknown';
