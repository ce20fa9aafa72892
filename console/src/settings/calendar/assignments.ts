import type { CalendarAssignment, ProviderCalendar } from './types';

/**
 * The configuration panel's rules (docs/product/settings.md#calendar-integrations): one calendar for all
 * locations, or one per location. Pure, so the panel and its tests share them.
 */

export type AssignmentMode = 'all_locations' | 'per_location';

export interface AssignmentDraft {
  mode: AssignmentMode;
  /** The calendar serving all locations ('' when none is chosen). */
  allCalendarId: string;
  /** Location id → calendar id ('' when none is chosen). */
  perLocation: Record<string, string>;
}

/** The draft the saved assignments of one integration describe. */
export function draftFrom(assignments: CalendarAssignment[]): AssignmentDraft {
  const perLocation: Record<string, string> = {};
  let allCalendarId = '';
  for (const assignment of assignments) {
    if (assignment.location_id === null) allCalendarId = assignment.external_calendar_id;
    else perLocation[assignment.location_id] = assignment.external_calendar_id;
  }
  const mode: AssignmentMode =
    !allCalendarId && Object.keys(perLocation).length > 0 ? 'per_location' : 'all_locations';
  return { mode, allCalendarId, perLocation };
}

/**
 * Why the draft cannot be saved: 'all' (no calendar for all locations), 'each' (a location without a
 * calendar), or null when it can.
 */
export function assignmentProblem(draft: AssignmentDraft, locationIds: string[]): 'all' | 'each' | null {
  if (draft.mode === 'all_locations') return draft.allCalendarId.trim() ? null : 'all';
  return locationIds.every((id) => (draft.perLocation[id] ?? '').trim()) ? null : 'each';
}

/** The body of `PUT calendar/integrations/{id}/assignments` for a draft that can be saved. */
export function assignmentsBody(
  draft: AssignmentDraft,
  locationIds: string[],
  calendars: ProviderCalendar[],
): { assignments: Omit<CalendarAssignment, 'calendar_integration_id'>[] } {
  const entry = (locationId: string | null, calendarId: string) => {
    const calendar = calendars.find((candidate) => candidate.id === calendarId);
    return {
      location_id: locationId,
      external_calendar_id: calendarId,
      calendar_name: calendar?.name ?? null,
      calendar_description: calendar?.description ?? null,
      is_active: true,
    };
  };
  if (draft.mode === 'all_locations') return { assignments: [entry(null, draft.allCalendarId)] };
  return { assignments: locationIds.map((id) => entry(id, draft.perLocation[id])) };
}
