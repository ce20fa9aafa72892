import { baseConfigSchema, ServiceConfig, trustProxySetting } from '@pp/platform';
import { z } from 'zod';
import { GEO_HEADER_PROVIDERS, GeoHeaderProvider } from './tracking/geo';

/** A switch: true/false, 1/0, yes/no, on/off. */
const booleanSetting = (fallback: boolean) => z.stringbool().default(fallback);

/** A limit in requests per second; 0 turns it off. */
const perSecond = (fallback: number) => z.coerce.number().int().min(0).max(100_000).default(fallback);

export const analyticsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8083),
  /**
   * Analytics is reached through the gateway, which sets X-Forwarded-For to the client's address: trust the
   * gateway on the same host by default (Kubernetes sets a hop count, `1`). The tracking ingress counts its
   * per-IP limit and records consent against that address.
   */
  TRUST_PROXY: trustProxySetting('loopback'),
  /** Public tracking ingress: requests per second from one client network (an IPv4 address, an IPv6 /64). */
  TRACKING_RATE_LIMIT_PER_IP: perSecond(20),
  /** Public tracking ingress: requests per second for one site key (one practice's website). */
  TRACKING_RATE_LIMIT_PER_SITE_KEY: perSecond(50),
  /** How long the ingress waits for Kafka to acknowledge a batch before answering 503. */
  TRACKING_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * The CDNs whose geo headers (country, city, coordinates) the ingress trusts, comma-separated: cloudflare,
   * cloudfront, vercel, or none. Name only a CDN the site's traffic really passes through: anyone can send the
   * headers otherwise.
   */
  TRACKING_GEO_HEADERS: z
    .string()
    .default('none')
    .transform((text, context): GeoHeaderProvider[] => {
      const names = text
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name && name !== 'none');
      const unknown = names.filter((name) => !(GEO_HEADER_PROVIDERS as readonly string[]).includes(name));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `unknown CDN ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as GeoHeaderProvider[];
    }),
  /** Locate visitors with the offline IP database (DB-IP lite) when no trusted CDN header did. */
  TRACKING_GEO_DATABASE: booleanSetting(true),
  /** Drop the pageviews and timings of bots' user agents (isbot); forms are kept. */
  TRACKING_BOT_FILTER: booleanSetting(true),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema> & ServiceConfig;
