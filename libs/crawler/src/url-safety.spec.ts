import {
  addressRefusal,
  checkUrlShape,
  hostKey,
  safeLookup,
  UnsafeUrlError,
  type ResolvedAddress,
} from './url-safety';

describe('checkUrlShape', () => {
  it.each([
    'https://glowaesthetics.com/',
    'http://www.brightsmile-dental.com/services?x=1',
    'https://93.184.216.34/',
    'https://[2606:4700::6810:84e5]/',
  ])('accepts the public web address %s', (url) => {
    expect(checkUrlShape(url).toString()).toBe(new URL(url).toString());
  });

  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['loopback in short form', 'http://127.1/'],
    ['loopback in hexadecimal', 'http://0x7f.1/'],
    ['loopback as one decimal number', 'http://2130706433/'],
    ['loopback in octal', 'http://017700000001/'],
    ['loopback with a trailing dot', 'http://127.0.0.1./'],
    ['loopback, percent-encoded', 'http://%31%32%37.0.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 public address', 'http://[::ffff:93.184.216.34]/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/'],
    ['link-local', 'http://169.254.10.1/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['private 10/8', 'http://10.0.0.5/'],
    ['private 172.16/12', 'http://172.20.1.1/'],
    ['private 192.168/16', 'https://192.168.1.10/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['unspecified, short', 'http://0/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['IPv6 unique-local', 'http://[fc00::1]/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['localhost', 'http://localhost:3000/'],
    ['a .localhost name', 'http://admin.localhost/'],
  ])('refuses %s (%s) before any DNS', (_label, url) => {
    expect(() => checkUrlShape(url)).toThrow(UnsafeUrlError);
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['gopher:', 'gopher://example.com:70/1'],
    ['ftp:', 'ftp://example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<p>x</p>'],
  ])('refuses the %s scheme', (_scheme, url) => {
    expect(() => checkUrlShape(url)).toThrow('Only http and https addresses can be crawled.');
  });

  it('refuses credentials in the URL and text that is no URL', () => {
    expect(() => checkUrlShape('https://user:secret@example.com/')).toThrow(UnsafeUrlError);
    expect(() => checkUrlShape('not a url')).toThrow('This is not a valid web address.');
  });

  it('lets an allowed host:port through, with the default port filled in and exact matching', () => {
    expect(checkUrlShape('http://127.0.0.1:4100/x', ['127.0.0.1:4100']).hostname).toBe('127.0.0.1');
    expect(checkUrlShape('http://localhost/', ['LOCALHOST:80']).hostname).toBe('localhost');
    expect(checkUrlShape('http://[::1]:4100/', ['[::1]:4100']).hostname).toBe('[::1]');
    expect(() => checkUrlShape('http://127.0.0.1:4101/', ['127.0.0.1:4100'])).toThrow(UnsafeUrlError);
    expect(() => checkUrlShape('https://127.0.0.1/', ['127.0.0.1:80'])).toThrow(UnsafeUrlError);
    // An allowed host never exempts the scheme rule.
    expect(() => checkUrlShape('gopher://127.0.0.1:4100/', ['127.0.0.1:4100'])).toThrow(UnsafeUrlError);
  });

  it('names the refused URL on the error, with a message safe to show staff', () => {
    try {
      checkUrlShape('http://10.0.0.5/admin');
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(UnsafeUrlError);
      expect((err as UnsafeUrlError).url).toBe('http://10.0.0.5/admin');
      expect((err as UnsafeUrlError).message).toMatch(/private or reserved network/);
    }
  });
});

describe('hostKey', () => {
  it('fills in the default port and lower-cases', () => {
    expect(hostKey(new URL('http://Example.COM/'))).toBe('example.com:80');
    expect(hostKey(new URL('https://example.com/'))).toBe('example.com:443');
    expect(hostKey(new URL('http://[::1]:8080/'))).toBe('[::1]:8080');
  });
});

describe('addressRefusal', () => {
  it('accepts public unicast addresses only', () => {
    expect(addressRefusal('93.184.216.34')).toBeNull();
    expect(addressRefusal('2606:4700::6810:84e5')).toBeNull();
    expect(addressRefusal('127.0.0.1')).toBe('loopback');
    expect(addressRefusal('::ffff:8.8.8.8')).toBe('ipv4Mapped');
    expect(addressRefusal('64:ff9b::a00:1')).not.toBeNull();
    expect(addressRefusal('fd00:ec2::254')).toBe('uniqueLocal');
    expect(addressRefusal('not-an-ip')).not.toBeNull();
  });

  it('refuses IPv4-compatible IPv6 (::a.b.c.d), which the address library calls unicast', () => {
    expect(addressRefusal('::7f00:1')).toBe('ipv4Compatible');
    expect(addressRefusal('::127.0.0.1')).not.toBeNull();
    expect(addressRefusal('::a00:5')).toBe('ipv4Compatible');
    expect(() => checkUrlShape('http://[::127.0.0.1]/')).toThrow(UnsafeUrlError);
  });
});

describe('safeLookup', () => {
  const run = (addresses: ResolvedAddress[], options: object) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) =>
      safeLookup(async () => addresses)('clinic.example', options, (err, result) => resolve({ err, result })),
    );

  it('hands public addresses to the socket in the form it asked for', async () => {
    const addresses = [{ address: '93.184.216.34', family: 4 }];
    expect(await run(addresses, { all: true })).toEqual({ err: null, result: addresses });
    expect(await run(addresses, {})).toEqual({ err: null, result: '93.184.216.34' });
  });

  it('refuses when any resolved address is private', async () => {
    const { err } = await run(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      { all: true },
    );
    expect(err).toBeInstanceOf(UnsafeUrlError);
  });

  it('reports a name without addresses as not found', async () => {
    const { err } = await run([], { all: true });
    expect((err as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});
