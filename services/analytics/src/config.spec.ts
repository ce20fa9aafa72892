import { analyticsConfigSchema } from './config';

/** The tracking settings alone (the rest of the schema is the platform's, tested there). */
const tracking = analyticsConfigSchema.pick({
  TRACKING_GEO_HEADERS: true,
  TRACKING_GEO_DATABASE: true,
  TRACKING_BOT_FILTER: true,
});
const parse = (env: Record<string, string>) => tracking.safeParse(env);

describe('analytics tracking settings', () => {
  it('trusts no CDN geo headers, and uses the IP database and the bot filter, by default', () => {
    const config = parse({});
    expect(config.success && config.data).toMatchObject({
      TRACKING_GEO_HEADERS: [],
      TRACKING_GEO_DATABASE: true,
      TRACKING_BOT_FILTER: true,
    });
  });

  it('reads a list of trusted CDNs and switches', () => {
    const config = parse({
      TRACKING_GEO_HEADERS: ' Cloudflare, vercel,cloudflare ',
      TRACKING_GEO_DATABASE: 'false',
      TRACKING_BOT_FILTER: '0',
    });
    expect(config.success && config.data).toMatchObject({
      TRACKING_GEO_HEADERS: ['cloudflare', 'vercel'],
      TRACKING_GEO_DATABASE: false,
      TRACKING_BOT_FILTER: false,
    });
    expect(parse({ TRACKING_GEO_HEADERS: 'none' }).data?.TRACKING_GEO_HEADERS).toEqual([]);
  });

  it('refuses an unknown CDN or switch value', () => {
    expect(parse({ TRACKING_GEO_HEADERS: 'akamai' }).success).toBe(false);
    expect(parse({ TRACKING_BOT_FILTER: 'maybe' }).success).toBe(false);
  });
});
