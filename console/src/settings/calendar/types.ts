/**
 * Settings › Calendar Integrations' entities (docs/product/settings.md#calendar-integrations), as the calendar
 * service answers them (docs/product/calendar.md#integrations).
 */

/** The providers a practice can connect: three by the provider's consent, and PracticePilot's own. */
export const CALENDAR_PROVIDERS = ['ghl', 'symplast', 'leadar', 'internal'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export const OAUTH_CALENDAR_PROVIDERS = ['ghl', 'symplast', 'leadar'] as const;
export type OAuthCalendarProvider = (typeof OAUTH_CALENDAR_PROVIDERS)[number];

export const isOAuthCalendarProvider = (value: unknown): value is OAuthCalendarProvider =>
  (OAUTH_CALENDAR_PROVIDERS as readonly unknown[]).includes(value);

/** How long a connection test's outcome stays on screen before the button is idle again. */
export const CONNECTION_TEST_RESET_MS = 2000;

export interface CalendarIntegration {
  calendar_integration_id: string;
  practice_id: string;
  provider: string;
  provider_tenant_id: string;
  auth_method: string;
  status: string;
  last_sync_timestamp: string | null;
  last_error: string | null;
  created_at?: string;
}

export interface CalendarAssignment {
  calendar_integration_id: string;
  /** null: all locations. */
  location_id: string | null;
  external_calendar_id: string;
  calendar_name: string | null;
  calendar_description: string | null;
  is_active: boolean;
}

/** A calendar of the provider's. */
export interface ProviderCalendar {
  id: string;
  name: string;
  description?: string | null;
}

export interface AssignmentSummary {
  mode: string;
  total_assignments: number;
  active_assignments: number;
  locations_covered: number;
  total_locations: number;
  distinct_calendars: number;
  message: string;
}

export interface SavedAssignments {
  calendar_integration_id: string;
  assignments: CalendarAssignment[];
  summary: AssignmentSummary;
}

export interface IntegrationHealth {
  status: 'connected' | 'failed';
  detail?: string;
  checked_at?: string;
}
