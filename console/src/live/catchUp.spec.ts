import type { PersonDto } from '@pp/contracts';
import { CatchUp, missedLeads, parseWelcome, RecentIds } from './catchUp';

const lead = (id: string, createdAt: string) => ({ person_id: id, created_at: createdAt }) as PersonDto;
const SINCE = '2026-03-20T09:00:00.000Z';

describe('catching up after a drop', () => {
  it('asks for one lead more than the pill counts before 99+', () => {
    expect(CatchUp.limit).toBe(100);
  });

  it('reads the greeting and its clock; anything else is no greeting', () => {
    expect(
      parseWelcome(JSON.stringify({ type: 'connection_established', practice_id: 'p', server_time: SINCE })),
    ).toEqual({ serverTime: SINCE });
    expect(parseWelcome(JSON.stringify({ type: 'connection_established', practice_id: 'p' }))).toEqual({
      serverTime: null,
    });
    expect(parseWelcome(JSON.stringify({ type: 'lead_created', server_time: SINCE }))).toBeNull();
    expect(parseWelcome('pong')).toBeNull();
    expect(parseWelcome('{not json')).toBeNull();
    expect(parseWelcome('null')).toBeNull();
  });

  it('misses the leads created since two minutes before the previous greeting that were never heard', () => {
    const newest = [
      lead('new', '2026-03-20T09:03:00.000Z'),
      lead('heard', '2026-03-20T09:02:00.000Z'),
      lead('in-flight', '2026-03-20T08:59:30.000Z'), // before the greeting, not yet pushed when it dropped
      lead('old', '2026-03-20T08:57:59.999Z'),
    ];
    const heard = new RecentIds();
    heard.add('heard');
    expect(missedLeads(newest, SINCE, heard).map((each) => each.person_id)).toEqual(['new', 'in-flight']);
  });

  it('knows of no missed lead when the previous connection was never greeted', () => {
    expect(missedLeads([lead('new', '2026-03-20T09:03:00.000Z')], null, new RecentIds())).toEqual([]);
  });

  it('remembers a bounded number of ids, forgetting the oldest', () => {
    const ids = new RecentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('a'); // heard again: now the newest
    ids.add('c');
    expect(['a', 'b', 'c'].map((id) => ids.has(id))).toEqual([true, false, true]);
  });
});
