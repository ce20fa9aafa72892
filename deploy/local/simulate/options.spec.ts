import { choosePractice, parseOptions, shortLocationName, UsageError } from './options';

describe('parseOptions', () => {
  it('runs live for 10 minutes at 6 visitors a minute against the local gateway as the demo user by default', () => {
    expect(parseOptions([])).toEqual({
      url: 'http://localhost:8080',
      email: 'demo@practicepilot.example',
      password: 'practicepilot',
      practice: null,
      minutes: 10,
      rate: 6,
      burst: null,
      formRate: 0.12,
      replyRate: 0.5,
      bookRate: 0.3,
      geo: 'cloudflare',
      seed: null,
      help: false,
    });
  });

  it('takes a quick fill with --once or --burst, with or without a count', () => {
    expect(parseOptions(['--once']).burst).toBe(40);
    expect(parseOptions(['--burst']).burst).toBe(40);
    expect(parseOptions(['--burst', '12', '--practice', 'site_glow_demo'])).toMatchObject({
      burst: 12,
      practice: 'site_glow_demo',
    });
    expect(parseOptions(['--practice', 'x', '--burst']).burst).toBe(40);
  });

  it('reads --duration as --minutes, the rate, the shares, the CDN, the address from PP_URL', () => {
    expect(
      parseOptions(['--duration', '0', '--rate', '30', '--forms', '0.5', '--geo', 'Vercel'], {
        PP_URL: 'http://localhost:18080/',
      }),
    ).toMatchObject({ minutes: 0, rate: 30, formRate: 0.5, geo: 'vercel', url: 'http://localhost:18080' });
  });

  it.each([
    [['--rate', '0'], '--rate must be a number from 0.1 to 600'],
    [['--rate', 'fast'], '--rate must be a number from 0.1 to 600'],
    [['--forms', '2'], '--forms must be a number from 0 to 1'],
    [['--geo', 'akamai'], '--geo must be one of cloudflare, cloudfront, vercel, none'],
    [['--url', 'not a url'], '--url is not an address: not a url'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseOptions(args)).toThrow(new UsageError(message));
  });

  it('refuses an unknown option', () => {
    expect(() => parseOptions(['--visitors', '3'])).toThrow(UsageError);
  });
});

describe('choosePractice', () => {
  const glow = {
    id: 'p-1',
    name: 'Glow Aesthetics',
    site_key: 'site_glow_demo',
    website_url: 'https://glow.example',
  };
  const dental = { id: 'p-2', name: 'Northside Dental', site_key: 'site_northside_demo', website_url: null };

  it('takes the user’s first practice by default, else the one named by site key, id or name', () => {
    expect(choosePractice([glow, dental], null)).toBe(glow);
    expect(choosePractice([glow, dental], 'site_northside_demo')).toBe(dental);
    expect(choosePractice([glow, dental], 'p-2')).toBe(dental);
    expect(choosePractice([glow, dental], 'northside dental')).toBe(dental);
  });

  it('names the practices to choose from when none matches', () => {
    expect(() => choosePractice([glow, dental], 'site_lakeview_demo')).toThrow(
      new UsageError(
        'No practice "site_lakeview_demo" for this user. Choose one of: site_glow_demo (Glow Aesthetics), site_northside_demo (Northside Dental).',
      ),
    );
    expect(() => choosePractice([], null)).toThrow(new UsageError('The signed-in user has no practice.'));
  });

  it('offers locations by their short names', () => {
    expect(shortLocationName('Glow Aesthetics - Uptown Dallas')).toBe('Uptown Dallas');
    expect(shortLocationName('Main Office')).toBe('Main Office');
  });
});
