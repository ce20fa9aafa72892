import { normalizeWebsiteUrl } from './website-url';

describe('normalizeWebsiteUrl', () => {
  it.each([
    ['glowaesthetics.com', 'https://glowaesthetics.com'],
    ['https://www.glowaesthetics.com', 'https://www.glowaesthetics.com'],
    ['http://northside-dental.co.uk/contact', 'http://northside-dental.co.uk/contact'],
    ['  example.org/ ', 'https://example.org/'],
    ['', ''],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeWebsiteUrl(input)).toBe(expected);
  });

  it.each([
    'localhost',
    'glow',
    'https://glow.c',
    'ftp://example.com',
    'https://user:pw@example.com',
    'exa mple.com',
  ])('rejects %j', (input) => {
    expect(normalizeWebsiteUrl(input)).toBeNull();
  });
});
