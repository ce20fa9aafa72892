import { DemoTenants, SeededAppointmentV1 } from '@pp/contracts';
import { withinBusinessHours } from '../appointments/calendar-rules';
import {
  DEMO_LOCATIONS,
  DEMO_PRACTICE_IDS,
  externalAppointments,
  leadAppointmentRow,
  SeedLocation,
} from './seed-appointments';

const NOW = Date.parse('2026-11-24T15:00:00.000Z'); // a Tuesday, 09:00 in Chicago
const DAY = 86_400_000;
const locationsOf = (practiceId: string) => DEMO_LOCATIONS.filter((l) => l.practice_id === practiceId);

/** A seeded lead's appointment as people's handoff carries it. */
function handedOver(overrides: Partial<SeededAppointmentV1> = {}): SeededAppointmentV1 {
  return {
    appointment_id: 'aaaaaaaa-0000-4000-8000-000000000001',
    practice_id: DemoTenants.glowAestheticsId,
    location_id: DemoTenants.glowUptownLocationId,
    person_id: 'bbbbbbbb-0000-4000-8000-000000000001',
    title: 'Botox consultation',
    description: 'Booked by Kim Alvarez',
    location: 'Glow Aesthetics - Uptown Dallas',
    start_time: new Date(NOW - 10 * DAY).toISOString(),
    end_time: new Date(NOW - 10 * DAY + 30 * 60_000).toISOString(),
    status: 'confirmed',
    source: 'practicepilot',
    person_name: 'Sofia Marquez',
    person_first_name: 'Sofia',
    person_last_name: 'Marquez',
    person_email: 'sofia.marquez@mail.example',
    person_phone: '+12145550131',
    person_age: 34,
    person_location: 'Dallas, TX',
    person_title: null,
    person_organization: null,
    person_education: null,
    ...overrides,
  };
}

/** The hours that apply at a location (its own, else the primary's), as the calendar's move rule reads them. */
function hoursAt(location: SeedLocation) {
  return (
    location.business_hours ??
    DEMO_LOCATIONS.find((l) => l.practice_id === location.practice_id && l.is_primary)?.business_hours ??
    null
  );
}

describe('the calendar seed’s external appointments', () => {
  it('gives every demo practice read-only GoHighLevel appointments, past and upcoming, this week and next', () => {
    for (const practiceId of DEMO_PRACTICE_IDS) {
      const rows = externalAppointments(practiceId, locationsOf(practiceId), [], NOW);
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const row of rows) {
        expect(row).toMatchObject({ practice_id: practiceId, source: 'ghl', is_editable: false });
      }
      const starts = rows.map((row) => Date.parse(row.start_time) - NOW);
      expect(starts.some((s) => s < 0)).toBe(true);
      expect(starts.filter((s) => s > 0 && s < 7 * DAY).length).toBeGreaterThanOrEqual(2);
      expect(starts.filter((s) => s >= 7 * DAY && s < 14 * DAY).length).toBeGreaterThanOrEqual(1);
      // Blocked time and other patients of the practice have no lead; patients have a GHL contact.
      expect(rows.filter((row) => row.person_id === null && row.contact_id === null).length).toBeGreaterThan(
        0,
      );
      const patients = rows.filter((row) => row.person_id === null && row.person_name !== null);
      expect(patients.length).toBeGreaterThan(0);
      for (const row of patients) expect(row.contact_id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(rows.some((row) => row.status === 'cancelled')).toBe(true);
    }
  });

  it('places each at one of the practice’s locations, inside its business hours on the location’s clock', () => {
    for (const practiceId of DEMO_PRACTICE_IDS) {
      const locations = locationsOf(practiceId);
      for (const row of externalAppointments(practiceId, locations, [], NOW)) {
        const location = locations.find((l) => l.location_id === row.location_id) as SeedLocation;
        expect(location).toBeDefined();
        expect(row.location).toBe(location.name);
        const inside = withinBusinessHours(
          new Date(row.start_time),
          new Date(row.end_time),
          location.timezone,
          hoursAt(location),
        );
        expect([row.title, row.start_time, inside]).toEqual([row.title, row.start_time, true]);
      }
    }
    // Both of Glow's locations get some.
    const glow = externalAppointments(
      DemoTenants.glowAestheticsId,
      locationsOf(DemoTenants.glowAestheticsId),
      [],
      NOW,
    );
    expect(new Set(glow.map((row) => row.location_id)).size).toBe(2);
  });

  it('links some to leads who have been in, and keeps clear of the leads’ appointments at the same location', () => {
    const glow = DemoTenants.glowAestheticsId;
    const past = handedOver();
    // Tomorrow (Wednesday 25 November) at Uptown, every half hour of its 09:00-18:00 is booked but 12:00.
    const tomorrow = Date.parse('2026-11-25T15:00:00.000Z'); // 09:00 in Chicago
    const busy = Array.from({ length: 18 }, (_, i) => i)
      .filter((i) => i !== 6)
      .map((i) =>
        handedOver({
          appointment_id: `cccccccc-0000-4000-8000-${String(i).padStart(12, '0')}`,
          person_id: `dddddddd-0000-4000-8000-${String(i).padStart(12, '0')}`,
          start_time: new Date(tomorrow + i * 30 * 60_000).toISOString(),
          end_time: new Date(tomorrow + (i + 1) * 30 * 60_000).toISOString(),
        }),
      );
    const rows = externalAppointments(glow, locationsOf(glow), [past, ...busy], NOW);
    const linked = rows.filter((row) => row.person_id !== null);
    expect(linked.map((row) => row.person_id)).toEqual([past.person_id]);
    expect(linked[0]).toMatchObject({ person_name: 'Sofia Marquez', source: 'ghl', is_editable: true });
    expect(linked[0].contact_id).toMatch(/^[A-Za-z0-9]{20}$/);
    const wednesday = rows.filter(
      (row) =>
        row.location_id === DemoTenants.glowUptownLocationId && row.start_time.startsWith('2026-11-25'),
    );
    expect(wednesday.map((row) => row.start_time)).toEqual(['2026-11-25T18:00:00.000Z']);
    for (const row of rows.filter((r) => r.status !== 'cancelled')) {
      const start = Date.parse(row.start_time);
      const end = Date.parse(row.end_time);
      const clash = [past, ...busy].filter(
        (a) =>
          a.location_id === row.location_id &&
          Date.parse(a.start_time) < end &&
          Date.parse(a.end_time) > start,
      );
      expect(clash).toEqual([]);
    }
  });

  it('gives the same rows on every run, and the same ids later (a re-run finds them)', () => {
    const glow = DemoTenants.glowAestheticsId;
    const first = externalAppointments(glow, locationsOf(glow), [], NOW);
    expect(externalAppointments(glow, locationsOf(glow), [], NOW)).toEqual(first);
    const later = externalAppointments(glow, locationsOf(glow), [], NOW + 3 * DAY);
    expect(later.map((row) => row.appointment_id)).toEqual(first.map((row) => row.appointment_id));
  });

  it('writes a lead’s handed-over appointment as an editable PracticePilot booking at a location the calendar knows', () => {
    const known = new Set([DemoTenants.glowUptownLocationId]);
    expect(leadAppointmentRow(handedOver(), known)).toMatchObject({
      appointment_id: 'aaaaaaaa-0000-4000-8000-000000000001',
      location_id: DemoTenants.glowUptownLocationId,
      source: 'practicepilot',
      is_editable: true,
      contact_id: null,
      person_name: 'Sofia Marquez',
    });
    const elsewhere = handedOver({ location_id: DemoTenants.glowPlanoLocationId });
    expect(leadAppointmentRow(elsewhere, known).location_id).toBeNull();
  });
});
