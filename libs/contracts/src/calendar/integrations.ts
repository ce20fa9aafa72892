/**
 * Calendar integrations as the calendar service answers them and Settings → Calendar Integrations shows them
 * (docs/product/calendar.md#integrations, docs/product/settings.md#calendar-integrations). Tokens are never part
 * of an answer.
 */

/** The providers a practice connects by the provider's consent. */
export const OAUTH_CALENDAR_PROVIDERS = ['ghl', 'symplast', 'leadar'] as const;
export type OAuthCalendarProvider = (typeof OAUTH_CALENDAR_PROVIDERS)[number];

/** Every provider of the product: the consent ones and `internal`, PracticePilot's own calendar. */
export const CALENDAR_PROVIDERS = [...OAUTH_CALENDAR_PROVIDERS, 'internal'] as const;
export type CalendarProviderName = (typeof CALENDAR_PROVIDERS)[number];

export function isOAuthCalendarProvider(value: unknown): value is OAuthCalendarProvider {
  return typeof value === 'string' && (OAUTH_CALENDAR_PROVIDERS as readonly string[]).includes(value);
}

export interface CalendarIntegrationView {
  calendar_integration_id: string;
  practice_id: string;
  provider: string;
  provider_tenant_id: string;
  auth_method: string;
  status: string;
  last_sync_timestamp: string | null;
  last_error: string | null;
  created_at: string;
}

/** Which external calendar serves a location; location_id null means all locations. */
export interface CalendarAssignmentView {
  calendar_integration_id: string;
  location_id: string | null;
  external_calendar_id: string;
  calendar_name: string | null;
  calendar_description: string | null;
  is_active: boolean;
}

/** A calendar as a provider lists it. */
export interface ProviderCalendar {
  id: string;
  name: string;
  description: string | null;
}
