import { eachAlone, errorKind } from './batch-fallback';

describe('eachAlone (a failed batch, one item at a time)', () => {
  it('runs every item even after one fails, then throws the first failure', async () => {
    const ran: number[] = [];
    const run = async (n: number) => {
      ran.push(n);
      if (n % 2 === 0) throw new Error(`item ${n}`);
      return n * 10;
    };
    await expect(eachAlone([1, 2, 3, 4, 5], run, -1)).rejects.toThrow('item 2');
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives each result in order when none fails', async () => {
    expect(await eachAlone([1, 2, 3], async (n) => n * 10, -1)).toEqual([10, 20, 30]);
  });
});

describe('errorKind', () => {
  it("names the error and its code, never its text (a database error quotes a lead's values)", () => {
    const error = Object.assign(new Error('Key (primary_email)=(ana@mail.example.com) already exists'), {
      code: '23505',
    });
    expect(errorKind(error)).toBe('Error 23505');
    expect(errorKind(new TypeError('x'))).toBe('TypeError');
    expect(errorKind(null)).toBe('Error');
  });
});
