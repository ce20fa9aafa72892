import { randomBytes } from 'node:crypto';
import { TokenCipher } from './token-cipher';

const key = () => randomBytes(32).toString('base64');

describe('TokenCipher', () => {
  const cipher = new TokenCipher(key());

  it('opens what it sealed, and the sealed text does not contain the token', () => {
    const sealed = cipher.seal('ya29.secret-access-token', 'account-1');
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.open(sealed, 'account-1')).toBe('ya29.secret-access-token');
  });

  it('seals the same token differently each time (random IV)', () => {
    expect(cipher.seal('token', 'a')).not.toBe(cipher.seal('token', 'a'));
  });

  it('refuses a token sealed for another account', () => {
    expect(() => cipher.open(cipher.seal('token', 'account-1'), 'account-2')).toThrow();
  });

  it('refuses an altered token and one sealed under another key', () => {
    const sealed = cipher.seal('token', 'a');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'a')).toThrow();
    expect(() => new TokenCipher(key()).open(sealed, 'a')).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new TokenCipher(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
