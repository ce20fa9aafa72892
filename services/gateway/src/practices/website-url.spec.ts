import { normalizeWebsiteUrl } from './website-url';

describe('normalizeWebsiteUrl', () => {
  it.each([
    ['glowaesthetics.com', 'https://glowaesthetics.com'],
    ['https://www.glowaesthetics.com', 'https://www.glowaesthetics.com'],
    ['http://northside-dental.co.uk/contact', 'http://northside-dental.co.uk/contact'],
    ['  example.org/ ', 'https://example.org/'],
    ['HTTPS://Example.ORG', 'https://example.org'],
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

  it.each([
    ['loopback', 'http://127.0.0.1:8080'],
    ['loopback, another spelling', 'http://0x7f.1'],
    ['loopback as one number', 'http://2130706433/'],
    ['private 10/8', '10.1.2.3'],
    ['private 192.168/16', 'http://192.168.1.10/about'],
    ['private 172.16/12', 'http://172.20.0.5'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
    ['unspecified', 'http://0.0.0.0'],
    ['IPv6 loopback', 'http://[::1]:3000'],
    ['IPv6 unique local', 'http://[fd00::1]'],
    ['IPv6 link-local', 'http://[fe80::1]'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]'],
    ['the .localhost domain', 'http://clinic.localhost:5173'],
    ['localhost with a port', 'http://localhost:8080'],
  ])('rejects a %s address (%j)', (_, input) => {
    expect(normalizeWebsiteUrl(input)).toBeNull();
  });

  describe('with CRAWL_ALLOWED_HOSTS', () => {
    const allowed = ['127.0.0.1:38123', 'localhost:5173', '[::1]:4000', 'intranet:80'];

    it.each([
      ['http://127.0.0.1:38123', 'http://127.0.0.1:38123'],
      ['http://127.0.0.1:38123/services', 'http://127.0.0.1:38123/services'],
      ['localhost:5173', 'https://localhost:5173'],
      ['http://[::1]:4000/', 'http://[::1]:4000/'],
      ['http://intranet', 'http://intranet'],
    ])('accepts the listed site %j', (input, expected) => {
      expect(normalizeWebsiteUrl(input, allowed)).toBe(expected);
    });

    it.each([
      ['another port of an allowed host', 'http://127.0.0.1:38124'],
      ['the default port of an allowed host', 'http://127.0.0.1'],
      ['the other scheme’s default port', 'https://intranet'],
      ['another private address', 'http://10.0.0.1:38123'],
    ])('still rejects %s (%j)', (_, input) => {
      expect(normalizeWebsiteUrl(input, allowed)).toBeNull();
    });

    it('still accepts public sites', () => {
      expect(normalizeWebsiteUrl('glowaesthetics.com', allowed)).toBe('https://glowaesthetics.com');
    });
  });
});
