import {
  baseConfigSchema,
  channelSettings,
  hostPortListSetting,
  identityPrivateKeySetting,
  keysMatch,
  secretSetting,
  ServiceConfig,
  urlSetting,
} from '@pp/platform';
import { resolve } from 'node:path';
import { z } from 'zod';
import { MapTiles, parseMapTiles } from './console/map-tiles';

const serviceUrl = (port: number) => urlSetting(['http:', 'https:'], `http://127.0.0.1:${port}`);

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Signs staff access tokens (HS256); held by the gateway alone. */
    JWT_SECRET: secretSetting('JWT_SECRET'),
    /** Signs the internal identity token; its pair is INTERNAL_IDENTITY_PUBLIC_KEY, which services hold. */
    INTERNAL_IDENTITY_PRIVATE_KEY: identityPrivateKeySetting('INTERNAL_IDENTITY_PRIVATE_KEY'),
    /** Lifetime of a staff access token: a working day. */
    ACCESS_TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(720),
    PEOPLE_URL: serviceUrl(8081),
    CALENDAR_URL: serviceUrl(8082),
    ANALYTICS_URL: serviceUrl(8083),
    ONBOARDING_URL: serviceUrl(8084),
    KNOWLEDGE_URL: serviceUrl(8085),
    /** How long a forwarded request may wait for the owning service's answer headers. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
    /**
     * How long an inbound SMS or status webhook waits for people's answer before the gateway keeps it in Kafka:
     * shorter than Twilio's own 15 s, with the connect (2 s) and Kafka's acknowledgement (3 s) on top
     * (docs/decisions/0056-inbound-sms-kept-while-people-is-down.md).
     */
    TWILIO_WEBHOOK_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(9000),
    CONSOLE_DIR: z.string().default(resolve(__dirname, '../../../console/dist')),
    /**
     * The visitor map's tile server, a Leaflet URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); empty
     * (the default): the map shows its markers on a plain background and no browser asks a tile server anything.
     * The console's CSP allows images from this host alone (docs/decisions/0044-console-csp-and-map-tiles.md).
     */
    MAP_TILES_URL: z
      .string()
      .optional()
      .transform((value, context): MapTiles | null => {
        const tiles = parseMapTiles(value);
        if (tiles && 'problem' in tiles) {
          context.addIssue({ code: 'custom', message: `MAP_TILES_URL ${tiles.problem}` });
          return z.NEVER;
        }
        return tiles;
      }),
    /** The built website tracking script, served at /pp.js (tracker/README.md). */
    TRACKER_SCRIPT: z.string().default(resolve(__dirname, '../../../tracker/dist/pp.js')),
    /**
     * Failed sign-ins per client network (an IPv4 address, an IPv6 /64) per 15 minutes, and per account from
     * one client network: over either, that network is refused for the rest of the window (docs/decisions/0007).
     */
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_LIMIT_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(5),
    /** Sign-ups (accounts created, or attempts refused after validation) per client network per hour. */
    SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** A session without an API request for this long must sign in again (fractions allowed, for tests). */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(30),
    /**
     * `host:port` entries a practice's Website URL may name although they are loopback or private (the same
     * setting as the knowledge service's crawler): tests and local demos serve a practice site on loopback.
     * Empty by default: only public domain names are accepted (practices/website-url.ts).
     */
    CRAWL_ALLOWED_HOSTS: hostPortListSetting(),
    /**
     * The audit log's writer (docs/decisions/0041-audit-log.md): entries wait at most AUDIT_FLUSH_MS to be written in
     * one statement; past AUDIT_BUFFER_MAX entries not yet written (the database refusing them), patient routes
     * answer 503 until they are.
     */
    AUDIT_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(200),
    AUDIT_BUFFER_MAX: z.coerce.number().int().min(1).default(10_000),
    /**
     * A lead's events pushed over one live connection make one audit entry per this many minutes
     * (docs/decisions/0047-auditing-realtime-views.md).
     */
    AUDIT_LIVE_PERIOD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /** How often the purge removes entries past their practice's retention (the first run at start-up). */
    AUDIT_PURGE_EVERY_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 7)
      .default(24),
    /** TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL verify Twilio's webhooks (docs/decisions/0015-twilio-sms-channel.md). */
    ...channelSettings,
  })
  .refine((config) => keysMatch(config.INTERNAL_IDENTITY_PRIVATE_KEY, config.INTERNAL_IDENTITY_PUBLIC_KEY), {
    path: ['INTERNAL_IDENTITY_PRIVATE_KEY'],
    message: 'INTERNAL_IDENTITY_PRIVATE_KEY is not the pair of INTERNAL_IDENTITY_PUBLIC_KEY',
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & ServiceConfig;
