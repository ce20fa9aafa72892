import { assignmentProblem, assignmentsBody, draftFrom } from './assignments';

const saved = (location_id: string | null, external_calendar_id: string) => ({
  calendar_integration_id: 'ci-1',
  location_id,
  external_calendar_id,
  calendar_name: null,
  calendar_description: null,
  is_active: true,
});

describe('calendar assignment rules', () => {
  it('reads the mode from the saved assignments (none: all locations)', () => {
    expect(draftFrom([])).toEqual({ mode: 'all_locations', allCalendarId: '', perLocation: {} });
    expect(draftFrom([saved(null, 'cal-a')])).toEqual({
      mode: 'all_locations',
      allCalendarId: 'cal-a',
      perLocation: {},
    });
    expect(draftFrom([saved('loc-1', 'cal-a'), saved('loc-2', 'cal-b')])).toEqual({
      mode: 'per_location',
      allCalendarId: '',
      perLocation: { 'loc-1': 'cal-a', 'loc-2': 'cal-b' },
    });
  });

  it('all locations needs a chosen calendar', () => {
    const draft = { mode: 'all_locations' as const, allCalendarId: '', perLocation: { 'loc-1': 'cal-a' } };
    expect(assignmentProblem(draft, ['loc-1'])).toBe('all');
    expect(assignmentProblem({ ...draft, allCalendarId: '  ' }, ['loc-1'])).toBe('all');
    expect(assignmentProblem({ ...draft, allCalendarId: 'cal-a' }, ['loc-1'])).toBeNull();
  });

  it('per location needs a non-blank calendar for every location', () => {
    const draft = {
      mode: 'per_location' as const,
      allCalendarId: 'cal-a',
      perLocation: { 'loc-1': 'cal-a' },
    };
    expect(assignmentProblem(draft, ['loc-1', 'loc-2'])).toBe('each');
    expect(
      assignmentProblem({ ...draft, perLocation: { 'loc-1': 'cal-a', 'loc-2': ' ' } }, ['loc-1', 'loc-2']),
    ).toBe('each');
    expect(assignmentProblem(draft, ['loc-1'])).toBeNull();
  });

  it('sends one assignment for all locations, or one per location, with the calendars’ names', () => {
    const calendars = [{ id: 'cal-a', name: 'A', description: 'First' }];
    expect(
      assignmentsBody(
        { mode: 'all_locations', allCalendarId: 'cal-a', perLocation: {} },
        ['loc-1'],
        calendars,
      ),
    ).toEqual({
      assignments: [
        {
          location_id: null,
          external_calendar_id: 'cal-a',
          calendar_name: 'A',
          calendar_description: 'First',
          is_active: true,
        },
      ],
    });
    expect(
      assignmentsBody(
        { mode: 'per_location', allCalendarId: 'cal-a', perLocation: { 'loc-1': 'cal-a', 'loc-2': 'cal-x' } },
        ['loc-1', 'loc-2'],
        calendars,
      ).assignments.map((entry) => [entry.location_id, entry.external_calendar_id, entry.calendar_name]),
    ).toEqual([
      ['loc-1', 'cal-a', 'A'],
      ['loc-2', 'cal-x', null],
    ]);
  });
});
