import { DemoTenants, parseSeedAppointmentsHandoff, SEED_APPOINTMENTS_HANDOFF_FILE } from '@pp/contracts';
import { readSeedHandoff } from '@pp/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPractice } from './build';
import {
  AppointmentLead,
  appointmentsFromTimelines,
  TimelineAppointmentEvent,
  writeAppointmentsHandoff,
} from './handoff';
import { SEED_PRACTICES } from './practices';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const DAY = 86_400_000;
const locations = new Map(SEED_PRACTICES.map((p) => [p.practiceId, p.locations]));
const glow = DemoTenants.glowAestheticsId;
const person = '11111111-2222-4333-8444-555555555555';
const lead: AppointmentLead = {
  person_id: person,
  first_name: 'Sofia',
  last_name: 'Marquez',
  primary_email: 'sofia.marquez@mail.example',
  primary_phone: '+12145550131',
  enrichment_data: { age: 34, location: 'Dallas, TX', title: 'Nurse', organization: 'Baylor', education: [] },
};
const event = (
  event_type: string,
  at: string,
  content_data: Record<string, unknown>,
  event_metadata: Record<string, unknown> = {},
): TimelineAppointmentEvent => ({
  practice_id: glow,
  person_id: person,
  event_type,
  timestamp: at,
  content_data,
  event_metadata,
});
const booked = (id: string, start: string, end: string, location = 'Glow Aesthetics - Plano') =>
  event(
    'appointment_scheduled',
    '2026-11-01T10:00:00.000Z',
    {
      appointment_id: id,
      title: 'Botox consultation',
      start_time: start,
      end_time: end,
      location,
    },
    { performed_by_name: 'Kim Alvarez' },
  );
const first = 'aaaaaaaa-0000-4000-8000-000000000001';
const second = 'aaaaaaaa-0000-4000-8000-000000000002';

describe('the appointments handoff from the people seed', () => {
  it('gives a booked appointment its row: location id, lead fields, who booked it', () => {
    const [appointment] = appointmentsFromTimelines(
      [booked(first, '2026-11-25T15:00:00Z', '2026-11-25T15:30:00Z')],
      [lead],
      locations,
    );
    expect(appointment).toEqual({
      appointment_id: first,
      practice_id: glow,
      location_id: DemoTenants.glowPlanoLocationId,
      person_id: person,
      title: 'Botox consultation',
      description: 'Booked by Kim Alvarez',
      location: 'Glow Aesthetics - Plano',
      start_time: '2026-11-25T15:00:00.000Z',
      end_time: '2026-11-25T15:30:00.000Z',
      status: 'confirmed',
      source: 'practicepilot',
      person_name: 'Sofia Marquez',
      person_first_name: 'Sofia',
      person_last_name: 'Marquez',
      person_email: 'sofia.marquez@mail.example',
      person_phone: '+12145550131',
      person_age: 34,
      person_location: 'Dallas, TX',
      person_title: 'Nurse',
      person_organization: 'Baylor',
      person_education: [],
    });
  });

  it('keeps the latest state: moved by id, by its former start when the move names no id, cancelled with its times', () => {
    const rows = appointmentsFromTimelines(
      [
        // Out of order on purpose: the timeline's time decides.
        event('appointment_cancelled', '2026-11-20T09:00:00Z', {
          cancelled_start_time: '2026-11-28T16:00:00.000Z',
          cancelled_end_time: '2026-11-28T16:30:00.000Z',
        }),
        booked(first, '2026-11-25T15:00:00Z', '2026-11-25T15:30:00Z'),
        event('appointment_rescheduled', '2026-11-03T09:00:00Z', {
          appointment_id: first,
          start_time: '2026-11-26T17:00:00Z',
          end_time: '2026-11-26T17:30:00Z',
          from_start_time: '2026-11-25T15:00:00Z',
        }),
        {
          ...booked(second, '2026-11-27T16:00:00Z', '2026-11-27T16:30:00Z', 'Somewhere else'),
          timestamp: '2026-11-04T10:00:00Z',
        },
        // A move without an id (an older seeded timeline) finds the appointment by its former start.
        event('appointment_rescheduled', '2026-11-05T09:00:00Z', {
          start_time: '2026-11-28T16:00:00Z',
          end_time: '2026-11-28T16:30:00Z',
          from_start_time: '2026-11-27T16:00:00Z',
        }),
      ],
      [lead],
      locations,
    );
    expect(rows.map((r) => [r.appointment_id, r.start_time, r.end_time, r.status, r.location_id])).toEqual([
      [
        first,
        '2026-11-26T17:00:00.000Z',
        '2026-11-26T17:30:00.000Z',
        'confirmed',
        DemoTenants.glowPlanoLocationId,
      ],
      [second, '2026-11-28T16:00:00.000Z', '2026-11-28T16:30:00.000Z', 'cancelled', null],
    ]);
  });

  it('hands over every seeded booking with its timeline id, past and upcoming, in the demo practices', () => {
    for (const practice of SEED_PRACTICES) {
      const seed = buildPractice(practice, NOW);
      const rows = appointmentsFromTimelines(
        seed.events.map((e) => ({ ...e, timestamp: e.timestamp })),
        seed.persons.map((p) => ({ ...p, enrichment_data: p.enrichment_data })),
        locations,
      );
      const bookedIds = seed.events
        .filter((e) => e.event_type === 'appointment_scheduled')
        .map((e) => e.content_data.appointment_id);
      expect(rows.map((r) => r.appointment_id).sort()).toEqual([...new Set(bookedIds)].sort());
      // Every appointment is at one of the practice's locations, and the lead's name comes along.
      const ids = practice.locations.map((l) => l.id);
      expect(
        rows.every((r) => r.practice_id === practice.practiceId && ids.includes(r.location_id ?? '')),
      ).toBe(true);
      expect(rows.filter((r) => r.person_name).length).toBeGreaterThan(rows.length * 0.9);
      // Past and upcoming, this week and next; some cancelled (the timeline's cancellations).
      const starts = rows.map((r) => Date.parse(r.start_time) - NOW);
      expect(starts.some((s) => s < 0)).toBe(true);
      expect(starts.filter((s) => s > 0 && s < 7 * DAY).length).toBeGreaterThanOrEqual(3);
      expect(starts.filter((s) => s >= 7 * DAY && s < 14 * DAY).length).toBeGreaterThanOrEqual(3);
      const cancellations = seed.events.filter((e) => e.event_type === 'appointment_cancelled');
      expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(cancellations.length);
      for (const cancelled of cancellations) {
        const row = rows.find((r) => r.appointment_id === cancelled.content_data.appointment_id);
        expect(row).toMatchObject({
          status: 'cancelled',
          start_time: cancelled.content_data.cancelled_start_time,
        });
      }
      // A moved appointment stands at its new time.
      for (const moved of seed.events.filter((e) => e.event_type === 'appointment_rescheduled')) {
        const row = rows.find((r) => r.appointment_id === moved.content_data.appointment_id);
        expect(row?.start_time).toBe(moved.content_data.start_time);
      }
    }
  });

  it('is written to SEED_HANDOFF_DIR and read back whole by the calendar seed’s parser', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-handoff-'));
    try {
      const rows = appointmentsFromTimelines(
        [booked(first, '2026-11-25T15:00:00Z', '2026-11-25T15:30:00Z')],
        [lead],
        locations,
      );
      const path = writeAppointmentsHandoff(rows, NOW, { SEED_HANDOFF_DIR: dir });
      expect(path).toBe(join(dir, SEED_APPOINTMENTS_HANDOFF_FILE));
      const { text } = readSeedHandoff(SEED_APPOINTMENTS_HANDOFF_FILE, { SEED_HANDOFF_DIR: dir });
      expect(parseSeedAppointmentsHandoff(text ?? '')).toEqual({
        v: 1,
        written_at: '2026-11-21T15:00:00.000Z',
        appointments: rows,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
