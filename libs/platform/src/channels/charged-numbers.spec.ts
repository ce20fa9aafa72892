import { isChargedNumber } from './charged-numbers';

describe('numbers the product never texts or calls', () => {
  it.each(['+19005551234', '+449098790000', '+448712345678'])('refuses the premium-rate line %s', (number) =>
    expect(isChargedNumber(number)).toBe(true),
  );

  it('refuses a shared-cost line', () => expect(isChargedNumber('+33810123456')).toBe(true));

  it.each(['+13125550200', '+15095551000', '+18002345678', '+525512345678'])(
    'takes an ordinary or toll-free number %s',
    (number) => expect(isChargedNumber(number)).toBe(false),
  );

  it('takes what is not a number at all as none (the caller validates it)', () => {
    expect(isChargedNumber('')).toBe(false);
    expect(isChargedNumber('not a number')).toBe(false);
  });
});
