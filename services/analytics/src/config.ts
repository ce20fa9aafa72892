import { baseConfigSchema, ServiceConfig, trustProxySetting } from '@pp/platform';
import { z } from 'zod';

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
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema> & ServiceConfig;
