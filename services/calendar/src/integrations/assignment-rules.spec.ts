import { planAssignments } from './assignment-rules';

const uptown = '6f1c2a52-7a0e-4f53-9d7e-0c3b1f0a1a01';
const downtown = '6f1c2a52-7a0e-4f53-9d7e-0c3b1f0a1a02';
const detail = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('calendar assignment rules (docs/product/settings.md: assignment rules)', () => {
  it('all-locations mode needs one chosen calendar', () => {
    expect(detail(() => planAssignments({ assignments: [] }, [uptown]))).toBe(
      'Please select a calendar for all locations.',
    );
    expect(
      detail(() =>
        planAssignments({ assignments: [{ location_id: null, external_calendar_id: ' ' }] }, [uptown]),
      ),
    ).toBe('Please select a calendar for all locations.');
    const plan = planAssignments(
      { assignments: [{ location_id: null, external_calendar_id: ' cal-1 ', calendar_name: 'Main' }] },
      [uptown, downtown],
    );
    expect(plan).toEqual({
      mode: 'all_locations',
      assignments: [
        {
          location_id: null,
          external_calendar_id: 'cal-1',
          calendar_name: 'Main',
          calendar_description: null,
          is_active: true,
        },
      ],
    });
  });

  it('per-location mode needs a non-blank calendar for every active location, each once', () => {
    expect(
      detail(() =>
        planAssignments({ assignments: [{ location_id: uptown, external_calendar_id: 'a' }] }, [
          uptown,
          downtown,
        ]),
      ),
    ).toBe('Please select a calendar for each location.');
    expect(
      detail(() =>
        planAssignments(
          {
            assignments: [
              { location_id: uptown, external_calendar_id: 'a' },
              { location_id: downtown, external_calendar_id: '' },
            ],
          },
          [uptown, downtown],
        ),
      ),
    ).toBe('Please select a calendar for each location.');
    expect(
      detail(() =>
        planAssignments(
          {
            assignments: [
              { location_id: uptown, external_calendar_id: 'a' },
              { location_id: uptown.toUpperCase(), external_calendar_id: 'b' },
            ],
          },
          [uptown],
        ),
      ),
    ).toBe('Each location can have only one calendar');
    expect(
      planAssignments(
        {
          assignments: [
            { location_id: uptown, external_calendar_id: 'a' },
            { location_id: downtown, external_calendar_id: 'a', is_active: false },
          ],
        },
        [uptown, downtown],
      ).mode,
    ).toBe('per_location');
  });

  it('refuses mixed modes and malformed entries', () => {
    const cases: [unknown, string][] = [
      [null, 'assignments must be a list'],
      [{ assignments: 'cal' }, 'assignments must be a list'],
      [{ assignments: ['cal'] }, 'Each assignment must be an object'],
      [
        { assignments: [{ location_id: 'x', external_calendar_id: 'a' }] },
        'location_id must be a UUID or null',
      ],
      [
        { assignments: [{ location_id: null, external_calendar_id: 7 }] },
        'external_calendar_id must be a string',
      ],
      [
        { assignments: [{ location_id: null, external_calendar_id: 'a', is_active: 'yes' }] },
        'is_active must be true or false',
      ],
      [
        {
          assignments: [
            { location_id: null, external_calendar_id: 'a' },
            { location_id: uptown, external_calendar_id: 'b' },
          ],
        },
        'Choose one calendar for all locations or one calendar per location, not both',
      ],
      [
        {
          assignments: [
            { location_id: null, external_calendar_id: 'a' },
            { location_id: null, external_calendar_id: 'b' },
          ],
        },
        'Only one calendar can serve all locations',
      ],
      [
        { assignments: [{ location_id: null, external_calendar_id: 'a'.repeat(301) }] },
        'external_calendar_id must be at most 300 characters',
      ],
    ];
    for (const [body, message] of cases) expect(detail(() => planAssignments(body, [uptown]))).toBe(message);
  });
});
