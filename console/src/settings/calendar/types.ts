/**
 * Settings › Calendar Integrations' entities (docs/product/settings.md#calendar-integrations), as the calendar
 * service answers them (docs/product/calendar.md#integrations).
 */

import type { CalendarAssignmentView, CalendarIntegrationView, CalendarProviderName } from '@pp/contracts';

export {
  CALENDAR_PROVIDERS,
  isOAuthCalendarProvider,
  OAUTH_CALENDAR_PROVIDERS,
  type OAuthCalendarProvider,
  type ProviderCalendar,
} from '@pp/contracts';

/** The providers a practice can connect: three by the provider's consent, and PracticePilot's own. */
export type CalendarProvider = CalendarProviderName;

/** How long a connection test's outcome stays on screen before the button is idle again. */
export const CONNECTION_TEST_RESET_MS = 2000;

export type CalendarIntegration = CalendarIntegrationView;

export type CalendarAssignment = CalendarAssignmentView;

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
