import type { TimelineFact } from './insights-rules';
import { inquiryLocationId, matchedLocationId } from './lead-location';
import { EngineLocation, EnginePractice } from './practice-settings';

const location = (
  location_id: string,
  name: string,
  address: string,
  is_primary = false,
): EngineLocation => ({
  location_id,
  name,
  address,
  timezone: 'America/Chicago',
  is_primary,
  is_active: true,
  business_hours: null,
  phone: null,
});

const practice: EnginePractice = {
  practice_id: 'p',
  name: 'Glow Aesthetics',
  automation_level: 'manual',
  channels: { sms: true, email: true, phone: true },
  locations: [
    location('uptown', 'Uptown Dallas', '2100 McKinney Ave, Dallas, TX 75201', true),
    location('legacy', 'Legacy West', '5800 Legacy Dr, Plano, TX 75024'),
  ],
};

let n = 0;
const event = (event_type: string, content_data: Record<string, unknown>): TimelineFact => ({
  event_id: `e${++n}`,
  event_type,
  timestamp: new Date(Date.UTC(2026, 5, 1, 12, n)),
  session_id: null,
  content_data,
});
const form = (location_preference?: string) =>
  event('form_submission', { mapped: location_preference ? { location_preference } : {} });

describe('the lead’s location', () => {
  it('is the one the inquiry names: its location id, else its form’s location field', () => {
    expect(inquiryLocationId(practice, event('sms_received', { location_id: 'legacy' }))).toBe('legacy');
    expect(inquiryLocationId(practice, form('Plano, TX'))).toBe('legacy');
    expect(inquiryLocationId(practice, form())).toBeNull();
    expect(inquiryLocationId(practice, null)).toBeNull();
  });

  it('without a message to read, is the one the lead’s latest inquiry named', () => {
    const timeline = [form('Uptown'), form('Legacy West'), event('sms_sent', {}), event('sms_received', {})];
    expect(matchedLocationId(practice, timeline, null)).toBe('legacy');
    // A new message naming none keeps it too.
    expect(matchedLocationId(practice, timeline, timeline[3])).toBe('legacy');
  });

  it('prefers what the inquiry being read names, and is null when no inquiry named one', () => {
    const timeline = [form('Legacy West'), form('Uptown')];
    expect(matchedLocationId(practice, timeline, timeline[1])).toBe('uptown');
    expect(
      matchedLocationId(practice, [form(), event('sms_sent', { location_id: 'legacy' })], null),
    ).toBeNull();
  });
});
