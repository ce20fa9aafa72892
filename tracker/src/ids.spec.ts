import { newId } from './ids';

describe('event ids', () => {
  it('are UUID v4 from crypto.randomUUID, or built from getRandomValues or Math.random without it', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newId({ randomUUID: () => 'from-native' } as unknown as Crypto)).toBe('from-native');
    const fill = (bytes: Uint8Array) => bytes.fill(0xff);
    expect(newId({ getRandomValues: fill } as unknown as Crypto)).toMatch(v4);
    const ids = new Set(Array.from({ length: 1000 }, () => newId(undefined)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(v4);
  });
});
