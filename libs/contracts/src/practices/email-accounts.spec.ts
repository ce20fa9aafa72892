import { emailAccountStatusLabel, isOAuthEmailProvider } from './email-accounts';

describe('emailAccountStatusLabel', () => {
  it.each([
    ['active', 'Connected'],
    ['error', 'Error'],
    ['pending', 'Pending Setup'],
    ['disconnected', 'Disconnected'],
    ['revoked', 'Unknown'],
    ['', 'Unknown'],
  ])('shows %p as %p', (status, label) => {
    expect(emailAccountStatusLabel(status)).toBe(label);
  });
});

describe('isOAuthEmailProvider', () => {
  it('accepts google and microsoft only', () => {
    expect(isOAuthEmailProvider('google')).toBe(true);
    expect(isOAuthEmailProvider('microsoft')).toBe(true);
    expect(isOAuthEmailProvider('generic')).toBe(false);
    expect(isOAuthEmailProvider('Google')).toBe(false);
  });
});
