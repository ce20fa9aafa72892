import { CalendarAssignmentView, isUuid } from './integration-rows';
import { IntegrationException, IntegrationMessages } from './integration.exception';

/** One requested assignment, shaped and trimmed; the integration id is added by the service. */
export type AssignmentInput = Omit<CalendarAssignmentView, 'calendar_integration_id'>;

export interface AssignmentPlan {
  mode: 'all_locations' | 'per_location';
  assignments: AssignmentInput[];
}

const MAX_ASSIGNMENTS = 500;

function text(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw IntegrationException.invalid(`${field} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw IntegrationException.invalid(`${field} must be at most ${max} characters`);
  return trimmed || null;
}

/**
 * The body of `PUT calendar/integrations/{id}/assignments`, checked against the assignment rules (docs/product/settings.md): in all-locations mode
 * (one assignment, location_id null) a calendar must be chosen; in per-location mode every active location
 * of the practice needs a non-blank calendar. `activeLocationIds`: the practice's active locations.
 * Locations that are not the practice's are the caller's to 404 (see `locationIds`).
 */
export function planAssignments(body: unknown, activeLocationIds: string[]): AssignmentPlan {
  const list = (body as { assignments?: unknown } | null)?.assignments;
  if (!Array.isArray(list)) throw IntegrationException.invalid('assignments must be a list');
  if (list.length > MAX_ASSIGNMENTS)
    throw IntegrationException.invalid(`At most ${MAX_ASSIGNMENTS} assignments can be saved at once`);
  const assignments = list.map((item: unknown): AssignmentInput => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw IntegrationException.invalid('Each assignment must be an object');
    const entry = item as Record<string, unknown>;
    const location = entry.location_id ?? null;
    if (location !== null && !isUuid(location))
      throw IntegrationException.invalid('location_id must be a UUID or null');
    if (entry.is_active !== undefined && typeof entry.is_active !== 'boolean')
      throw IntegrationException.invalid('is_active must be true or false');
    return {
      location_id: location === null ? null : location.toLowerCase(),
      external_calendar_id: text(entry.external_calendar_id, 'external_calendar_id', 300) ?? '',
      calendar_name: text(entry.calendar_name, 'calendar_name', 300),
      calendar_description: text(entry.calendar_description, 'calendar_description', 2000),
      is_active: entry.is_active ?? true,
    };
  });

  const forAll = assignments.filter((entry) => entry.location_id === null);
  if (assignments.length === 0 || forAll.length > 0) {
    if (forAll.length !== assignments.length)
      throw IntegrationException.invalid(
        'Choose one calendar for all locations or one calendar per location, not both',
      );
    if (forAll.length > 1) throw IntegrationException.invalid('Only one calendar can serve all locations');
    if (!forAll[0]?.external_calendar_id)
      throw IntegrationException.invalid(IntegrationMessages.calendarForAll);
    return { mode: 'all_locations', assignments };
  }

  const seen = new Set<string>();
  for (const entry of assignments) {
    if (seen.has(entry.location_id as string))
      throw IntegrationException.invalid('Each location can have only one calendar');
    seen.add(entry.location_id as string);
    if (!entry.external_calendar_id) throw IntegrationException.invalid(IntegrationMessages.calendarForEach);
  }
  if (activeLocationIds.some((id) => !seen.has(id.toLowerCase())))
    throw IntegrationException.invalid(IntegrationMessages.calendarForEach);
  return { mode: 'per_location', assignments };
}
