import { parseRequestTarget, RequestTarget } from './request-target';

/**
 * Which service owns which /api/v1 path (docs/architecture.md#gateway-route-table). The gateway answers identity,
 * practice, location and virtual-number paths itself; everything else is forwarded by this table.
 */
export type ServiceName = 'people' | 'calendar' | 'analytics' | 'onboarding' | 'knowledge';

interface RouteRule {
  pattern: RegExp;
  service: ServiceName;
  /** Public paths are forwarded without a bearer token (the no-signup demo, tracking, provider webhooks). */
  public?: boolean;
}

const RULES: RouteRule[] = [
  { pattern: /^\/api\/v1\/people(\/|$)/, service: 'people' },
  // The mailbox provider sends the browser back here without the console's bearer token; the single-use
  // OAuth state names the practice (docs/decisions/0016-email-accounts.md).
  { pattern: /^\/api\/v1\/email\/oauth\/callback$/, service: 'people', public: true },
  // A lead's mailbox provider posts the one-click unsubscribe (RFC 8058); the signed token names the lead.
  { pattern: /^\/api\/v1\/email\/unsubscribe$/, service: 'people', public: true },
  { pattern: /^\/api\/v1\/email(\/|$)/, service: 'people' },
  { pattern: /^\/api\/v1\/webhooks(\/|$)/, service: 'people', public: true },
  // Twilio's webhooks: public, but the gateway verifies X-Twilio-Signature first (twilio-signature.ts).
  // Voice: the incoming call, and the callbacks of a call's TwiML (whisper, dial, voicemail, transcription, the AI's
  // turns, status, recording: docs/decisions/0017-twilio-voice.md).
  {
    pattern:
      /^\/api\/v1\/channels\/twilio\/(sms|status|voice|voice\/(whisper|dial|voicemail|transcription|ai|gather|status|recording))$/,
    service: 'people',
    public: true,
  },
  // Which channels are the sandbox (simulated replies: docs/product/channels.md#simulated-replies).
  { pattern: /^\/api\/v1\/channels\/sandbox$/, service: 'people' },
  // A calendar provider (GoHighLevel) sends the browser back here without the console's bearer token; the
  // single-use OAuth state names the practice (docs/decisions/0021-calendar-integrations.md).
  { pattern: /^\/api\/v1\/calendar\/oauth\/callback$/, service: 'calendar', public: true },
  // GoHighLevel's appointment webhooks: public, the calendar verifies HighLevel's signature over the exact bytes
  // (forwarded as they came) before reading them (docs/decisions/0022-ghl-calendar-sync.md).
  { pattern: /^\/api\/v1\/calendar\/webhooks\/ghl$/, service: 'calendar', public: true },
  { pattern: /^\/api\/v1\/calendar(\/|$)/, service: 'calendar' },
  { pattern: /^\/api\/v1\/analytics(\/|$)/, service: 'analytics' },
  { pattern: /^\/api\/v1\/tracking(\/|$)/, service: 'analytics', public: true },
  { pattern: /^\/api\/v1\/onboarding(\/|$)/, service: 'onboarding', public: true },
  { pattern: /^\/api\/v1\/voice\/demo(\/|$)/, service: 'onboarding', public: true },
  { pattern: /^\/api\/v1\/procedures(\/|$)/, service: 'knowledge' },
  {
    pattern: /^\/api\/v1\/practices\/[^/]+\/(knowledge|procedures|consultation-fees|promotions)(\/|$|-)/,
    service: 'knowledge',
  },
  // The form field mapping of a practice's website (people's intake maps fields to a lead).
  { pattern: /^\/api\/v1\/practices\/[^/]+\/field-mapping(\/|$)/, service: 'people' },
  // The numbers the practice never texts or calls (people's sends check them: ADR 0043).
  { pattern: /^\/api\/v1\/practices\/[^/]+\/blocked-numbers(\/|$)/, service: 'people' },
];

export interface RouteMatch {
  service: ServiceName;
  public: boolean;
}

/** The owner of a path (query string ignored), or null when no service owns it. */
export function matchRoute(url: string): RouteMatch | null {
  const path = url.split('?')[0];
  const rule = RULES.find((candidate) => candidate.pattern.test(path));
  return rule ? { service: rule.service, public: rule.public ?? false } : null;
}

/**
 * The owner of a raw request target (`request.url`) and the exact path and query to forward to it; null
 * when no service owns the path or the path is not canonical (`..`, `//`, encoded slashes: see
 * `parseRequestTarget`), so that what is forwarded is what was matched.
 */
export function resolveRoute(rawUrl: string): (RouteMatch & RequestTarget) | null {
  const target = parseRequestTarget(rawUrl);
  const route = target && matchRoute(target.path);
  return target && route ? { ...route, ...target } : null;
}
