import { baseConfigSchema, ServiceConfig, urlSetting } from '@pp/platform';
import { z } from 'zod';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().url('must be a URL').optional(),
);

export const calendarConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** The people service, asked whether a lead belongs to the practice before an appointment is booked. */
  PEOPLE_URL: urlSetting(['http:', 'https:'], 'http://127.0.0.1:8081'),
  /** How long that question may take before the booking is refused as unavailable. */
  PEOPLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Where browsers reach the gateway: the providers' OAuth redirect URI and the settings page hang off it. */
  PUBLIC_BASE_URL: urlSetting(['http:', 'https:'], 'http://localhost:8080').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  /** AES-256-GCM key of calendar providers' OAuth tokens at rest (docs/decisions/0021-calendar-integrations.md). */
  CALENDAR_TOKEN_KEY: optionalText.refine(
    (value) => value === undefined || Buffer.from(value, 'base64').length === 32,
    'CALENDAR_TOKEN_KEY must be base64 of 32 random bytes',
  ),
  /** GoHighLevel marketplace app (docs/product/calendar.md#integrations). */
  GHL_CLIENT_ID: optionalText,
  GHL_CLIENT_SECRET: optionalText,
  GHL_AUTHORIZE_URL: urlSetting(
    ['http:', 'https:'],
    'https://marketplace.gohighlevel.com/v2/oauth/chooselocation',
  ),
  /** HighLevel's API root: the token endpoint is `/oauth/token`, calendars `/calendars/`. */
  GHL_API_URL: urlSetting(['http:', 'https:'], 'https://services.leadconnectorhq.com').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  GHL_SCOPES: z
    .string()
    .min(1)
    .default(
      'calendars.readonly calendars.write calendars/events.readonly calendars/events.write contacts.readonly contacts.write',
    ),
  /**
   * HighLevel's public key (PEM) that signs its webhooks (`x-wh-signature`, RSA-SHA256 over the raw body): the
   * one its webhook authentication guide publishes. Unset: every GoHighLevel webhook is refused (401).
   * A one-line value may write its line breaks as `\n`.
   */
  GHL_WEBHOOK_PUBLIC_KEY: optionalText.transform((value) => value?.replace(/\\n/g, '\n')),
  /** A webhook whose `timestamp` is further than this from now is refused as a replay. */
  GHL_WEBHOOK_MAX_AGE_SECONDS: z.coerce.number().int().min(10).default(300),
  /** HighLevel's limit per location (sub-account), shared by every calendar worker: requests per 10 seconds. */
  GHL_RATE_LIMIT_PER_10S: z.coerce.number().int().min(1).default(100),
  /** How often the calendar-sync queue pulls every active GoHighLevel integration's calendars (missed webhooks). */
  GHL_PULL_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Symplast and Leadar: only their consent URLs are built so far (services/calendar/README.md). */
  SYMPLAST_CLIENT_ID: optionalText,
  SYMPLAST_AUTHORIZE_URL: optionalUrl,
  LEADAR_CLIENT_ID: optionalText,
  LEADAR_AUTHORIZE_URL: optionalUrl,
  /** How long a provider call (token, calendars) may take. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type CalendarConfig = z.infer<typeof calendarConfigSchema> & ServiceConfig;
