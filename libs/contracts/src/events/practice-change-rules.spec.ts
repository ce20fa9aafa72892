import { isApplicablePracticeChange } from './practice-change-rules';

describe('isApplicablePracticeChange', () => {
  const envelope = { v: 1, event_id: 'e1', practice_id: 'p1', occurred_at: '2030-05-01T12:00:00.000Z' };
  const location = {
    location_id: 'l1',
    practice_id: 'p1',
    name: 'Uptown',
    address: '1 Main St',
    timezone: 'America/Chicago',
    phone: '',
    is_primary: true,
    is_active: true,
    business_hours: null,
  };

  it('accepts the four changes the gateway publishes', () => {
    expect(isApplicablePracticeChange({ ...envelope, type: 'location_created', location })).toBe(true);
    expect(isApplicablePracticeChange({ ...envelope, type: 'location_updated', location })).toBe(true);
    expect(isApplicablePracticeChange({ ...envelope, type: 'location_deleted', location_id: 'l1' })).toBe(
      true,
    );
    expect(
      isApplicablePracticeChange({
        ...envelope,
        type: 'practice_updated',
        practice: { practice_id: 'p1', name: 'Glow', website_url: null, automation_level: 'manual' },
      }),
    ).toBe(true);
  });

  it('skips unknown versions and types, and a location claimed for another practice', () => {
    expect(isApplicablePracticeChange({ ...envelope, v: 2, type: 'location_created', location })).toBe(false);
    expect(isApplicablePracticeChange({ ...envelope, type: 'practice_deleted' })).toBe(false);
    expect(
      isApplicablePracticeChange({
        ...envelope,
        type: 'location_updated',
        location: { ...location, practice_id: 'p2' },
      }),
    ).toBe(false);
    expect(isApplicablePracticeChange(null)).toBe(false);
    expect(
      isApplicablePracticeChange({
        ...envelope,
        occurred_at: 'soon',
        type: 'location_deleted',
        location_id: 'l1',
      }),
    ).toBe(false);
  });
});
