import { LookupCache } from './lookup-cache';

describe('LookupCache', () => {
  let now: number;
  let calls: string[];
  const load = (value: string | null) => async (key: string) => {
    calls.push(key);
    return value;
  };

  beforeEach(() => {
    now = 1_000;
    calls = [];
  });

  const cache = () => new LookupCache<string | null>(5_000, 3, () => now);

  it('asks once per key while the entry is fresh, absent keys included', async () => {
    const subject = cache();
    expect(await subject.get('site_a', load('practice-a'))).toBe('practice-a');
    expect(await subject.get('site_a', load('other'))).toBe('practice-a');
    expect(await subject.get('site_none', load(null))).toBeNull();
    expect(await subject.get('site_none', load('late'))).toBeNull();
    expect(calls).toEqual(['site_a', 'site_none']);
  });

  it('asks again once the entry is older than its time to live', async () => {
    const subject = cache();
    await subject.get('site_a', load('practice-a'));
    now += 5_000;
    expect(await subject.get('site_a', load('practice-b'))).toBe('practice-b');
    expect(calls).toEqual(['site_a', 'site_a']);
  });

  it('shares one lookup between concurrent misses for a key', async () => {
    const subject = cache();
    let release!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (release = resolve));
    const slow = async (key: string) => {
      calls.push(key);
      return pending;
    };
    const both = Promise.all([subject.get('site_a', slow), subject.get('site_a', slow)]);
    release('practice-a');
    expect(await both).toEqual(['practice-a', 'practice-a']);
    expect(calls).toEqual(['site_a']);
  });

  it('forgets everything on clear, even a lookup that started before it (a change committed meanwhile)', async () => {
    const subject = cache();
    let release!: (value: string) => void;
    const before = subject.get('site_a', () => new Promise<string>((resolve) => (release = resolve)));
    subject.clear();
    release('practice-a (before the change)');
    await before;
    expect(await subject.get('site_a', load(null))).toBeNull();
  });

  it('forgets a failed lookup, so the next call asks again', async () => {
    const subject = cache();
    await expect(
      subject.get('site_a', async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(await subject.get('site_a', load('practice-a'))).toBe('practice-a');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const subject = cache();
    for (const key of ['a', 'b', 'c', 'd']) await subject.get(key, load(key));
    expect(subject.size).toBe(3);
    await subject.get('a', load('a again'));
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
