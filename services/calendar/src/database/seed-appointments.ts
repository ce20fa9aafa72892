import { TZDate } from '@date-fns/tz';
import { BusinessHours, defaultDayHours, DemoTenants, SeededAppointmentV1, WEEKDAYS } from '@pp/contracts';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The calendar's demo appointments (docs/decisions/0024-seeded-appointments.md): the seeded leads' appointments that
 * people's seed handed over, with the ids their timelines carry, and per demo practice a few external ones as a
 * GoHighLevel sync would leave them (read-only), past and upcoming, in the location's business hours.
 */

/** A location as the seed places appointments at it. */
export interface SeedLocation {
  location_id: string;
  practice_id: string;
  name: string;
  timezone: string;
  is_primary: boolean;
  /** null: the primary location's hours (else the defaults). */
  business_hours: BusinessHours | null;
}

/** A row of calendar.appointments as the seed writes it. */
export interface SeedAppointmentRow {
  appointment_id: string;
  practice_id: string;
  location_id: string | null;
  calendar_id: string | null;
  person_id: string | null;
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  end_time: string;
  status: string;
  is_editable: boolean;
  source: string;
  contact_id: string | null;
  person_name: string | null;
  person_first_name: string | null;
  person_last_name: string | null;
  person_email: string | null;
  person_phone: string | null;
  person_avatar: string | null;
  person_age: number | null;
  person_location: string | null;
  person_title: string | null;
  person_organization: string | null;
  person_education: unknown[] | null;
}

const hours = (open: string, close: string, saturday?: [string, string]): BusinessHours => {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, defaultDayHours(day)])) as BusinessHours;
  for (const day of WEEKDAYS.slice(0, 5)) week[day] = { open, close, closed: false };
  if (saturday) week.saturday = { open: saturday[0], close: saturday[1], closed: false };
  return week;
};

/**
 * The demo practices' locations as the gateway's seed creates them. The calendar seed runs before the services
 * start, so its read model of practice.changes may not know them yet (a fresh database): the seed places appointments
 * with these then, and with the read model's own rows whenever it has them. The ids are the ones the gateway uses.
 */
export const DEMO_LOCATIONS: readonly SeedLocation[] = [
  {
    location_id: DemoTenants.glowUptownLocationId,
    practice_id: DemoTenants.glowAestheticsId,
    name: 'Glow Aesthetics - Uptown Dallas',
    timezone: 'America/Chicago',
    is_primary: true,
    business_hours: hours('09:00', '18:00', ['10:00', '15:00']),
  },
  {
    location_id: DemoTenants.glowPlanoLocationId,
    practice_id: DemoTenants.glowAestheticsId,
    name: 'Glow Aesthetics - Plano',
    timezone: 'America/Chicago',
    is_primary: false,
    business_hours: null,
  },
  {
    location_id: DemoTenants.northsideLincolnParkLocationId,
    practice_id: DemoTenants.northsideDentalId,
    name: 'Northside Dental - Lincoln Park',
    timezone: 'America/Chicago',
    is_primary: true,
    business_hours: hours('08:00', '17:00', ['09:00', '13:00']),
  },
  {
    location_id: DemoTenants.lakeviewSouthLakeUnionLocationId,
    practice_id: DemoTenants.lakeviewPlasticSurgeryId,
    name: 'Lakeview Plastic Surgery - South Lake Union',
    timezone: 'America/Los_Angeles',
    is_primary: true,
    business_hours: hours('08:30', '17:30'),
  },
];

export const DEMO_PRACTICE_IDS: readonly string[] = [
  DemoTenants.glowAestheticsId,
  DemoTenants.northsideDentalId,
  DemoTenants.lakeviewPlasticSurgeryId,
];

const MINUTE = 60_000;

/** A stable number from a key (SHA-256), for the seed's few choices: the same on every run. */
function draw(key: string): number {
  return createHash('sha256').update(`practicepilot-calendar-seed:${key}`).digest().readUInt32BE(0);
}

/** A stable UUID (version 4 layout) from a key, so a re-run finds the row it wrote before. */
export function seedUuid(key: string): string {
  const hex = createHash('sha256').update(`practicepilot-calendar-seed:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A GoHighLevel-looking contact id (20 letters and digits), stable per key. */
export function ghlContactId(key: string): string {
  return createHash('sha256')
    .update(`practicepilot-calendar-seed:contact:${key}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20);
}

type ExternalKind = 'patient' | 'lead' | 'blocked';

/** When (days from today on the location's clock), what, how long; the same list for every practice. */
const EXTERNAL_PLAN: readonly { day: number; kind: ExternalKind; minutes: number; cancelled?: boolean }[] = [
  { day: -12, kind: 'patient', minutes: 60 },
  { day: -5, kind: 'lead', minutes: 30 },
  { day: -2, kind: 'blocked', minutes: 60 },
  { day: 0, kind: 'patient', minutes: 30 },
  { day: 1, kind: 'lead', minutes: 30 },
  { day: 2, kind: 'blocked', minutes: 90 },
  { day: 3, kind: 'patient', minutes: 30, cancelled: true },
  { day: 6, kind: 'patient', minutes: 60 },
  { day: 9, kind: 'lead', minutes: 30 },
  { day: 13, kind: 'patient', minutes: 30 },
];

const BLOCKED_TITLES = [
  'Blocked: staff training',
  'Blocked: provider lunch',
  'Blocked: equipment maintenance',
];

/** What another patient of the practice (not one of our leads) comes in for, by practice. */
const PATIENT_VISITS: Record<string, readonly string[]> = {
  [DemoTenants.glowAestheticsId]: [
    'Botox touch-up',
    'HydraFacial',
    'Laser hair removal session',
    'Filler review',
  ],
  [DemoTenants.northsideDentalId]: ['Dental cleaning', 'Crown fitting', 'Invisalign check', 'Filling'],
  [DemoTenants.lakeviewPlasticSurgeryId]: [
    'Post-op check',
    'Pre-op visit',
    'Suture removal',
    'Surgeon follow-up',
  ],
};

/** The practice's area code, for its other patients' (fictional, 555-01xx) numbers. */
const AREA_CODES: Record<string, string> = {
  [DemoTenants.glowAestheticsId]: '214',
  [DemoTenants.northsideDentalId]: '312',
  [DemoTenants.lakeviewPlasticSurgeryId]: '206',
};

/** Patients booked straight in GoHighLevel: fictional names, 555-01xx numbers, .example addresses. */
const PATIENTS: readonly [first: string, last: string][] = [
  ['Jordan', 'Blake'],
  ['Maya', 'Okafor'],
  ['Elena', 'Petrova'],
  ['Chris', 'Donnelly'],
  ['Aisha', 'Rahman'],
  ['Tom', 'Lindqvist'],
  ['Grace', 'Nakamura'],
  ['Luis', 'Ortega'],
];

/** The hours on one day at a location: its own, else the primary's, else the defaults. */
function dayHours(location: SeedLocation, primary: SeedLocation | undefined, weekdayIndex: number) {
  const day = WEEKDAYS[weekdayIndex];
  return (location.business_hours ?? primary?.business_hours)?.[day] ?? defaultDayHours(day);
}

const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

interface Slot {
  location_id: string | null;
  start: number;
  end: number;
}

/**
 * The first free slot of `minutes` on the location's clock, `day` days from today (the next open day when that one is
 * closed), starting the search at a stable point of the day; null when the day is full.
 */
function freeSlot(
  location: SeedLocation,
  primary: SeedLocation | undefined,
  now: number,
  day: number,
  minutes: number,
  key: string,
  taken: readonly Slot[],
): { start: number; end: number } | null {
  const today = new TZDate(now, location.timezone);
  for (let shift = 0; shift < 7; shift++) {
    const date = new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + day + shift,
      location.timezone,
    );
    const open = dayHours(location, primary, (date.getDay() + 6) % 7);
    if (open.closed) continue;
    const first = minutesOf(open.open);
    const count = Math.floor((minutesOf(open.close) - minutes - first) / 30) + 1;
    if (count < 1) continue;
    const offset = draw(key) % count;
    for (let i = 0; i < count; i++) {
      const at = first + ((offset + i) % count) * 30;
      const start = new TZDate(
        date.getFullYear(),
        date.getMonth(),
        date.getDate(),
        Math.floor(at / 60),
        at % 60,
        location.timezone,
      ).getTime();
      const end = start + minutes * MINUTE;
      const clash = taken.some(
        (slot) => slot.location_id === location.location_id && slot.start < end && slot.end > start,
      );
      if (!clash) return { start, end };
    }
  }
  return null;
}

const PERSON_NONE = {
  person_name: null,
  person_first_name: null,
  person_last_name: null,
  person_email: null,
  person_phone: null,
  person_avatar: null,
  person_age: null,
  person_location: null,
  person_title: null,
  person_organization: null,
  person_education: null,
};

/** A handed-over appointment as its calendar row: booked in PracticePilot, editable. */
export function leadAppointmentRow(
  appointment: SeededAppointmentV1,
  knownLocations: ReadonlySet<string>,
): SeedAppointmentRow {
  return {
    ...appointment,
    // Only a location of this practice the calendar knows (or will, from the gateway's seed); else none.
    location_id:
      appointment.location_id && knownLocations.has(appointment.location_id) ? appointment.location_id : null,
    calendar_id: null,
    is_editable: true,
    contact_id: null,
    person_avatar: null,
  };
}

/**
 * A practice's GoHighLevel appointments, as the sync leaves them (docs/decisions/0022-ghl-calendar-sync.md): source
 * 'ghl', the GHL contact for 'View in GHL'. Other patients of the practice and blocked time have no lead (person_id
 * null; blocked time has no contact either) and are read-only; some belong to leads that already had an appointment
 * here, and those are editable, as the sync makes a lead's GoHighLevel booking. Each is on an open day, inside the
 * location's hours on its clock, not overlapping another appointment at that location.
 */
export function externalAppointments(
  practiceId: string,
  locations: readonly SeedLocation[],
  leadAppointments: readonly SeededAppointmentV1[],
  now: number,
): SeedAppointmentRow[] {
  if (!locations.length) return [];
  const primary = locations.find((location) => location.is_primary);
  const taken: Slot[] = leadAppointments
    .filter((appointment) => appointment.status !== 'cancelled')
    .map((appointment) => ({
      location_id: appointment.location_id,
      start: Date.parse(appointment.start_time),
      end: Date.parse(appointment.end_time),
    }));
  // Leads who have been in already (a past, confirmed visit here), in a stable order: one each.
  const seen = new Set<string>();
  const leads = leadAppointments
    .filter(
      (appointment) =>
        appointment.practice_id === practiceId &&
        appointment.status === 'confirmed' &&
        appointment.person_name !== null &&
        Date.parse(appointment.end_time) < now,
    )
    .sort((a, b) => draw(a.person_id) - draw(b.person_id) || a.person_id.localeCompare(b.person_id))
    .filter((appointment) => !seen.has(appointment.person_id) && seen.add(appointment.person_id));
  const visits = PATIENT_VISITS[practiceId] ?? ['Follow-up visit'];
  const rows: SeedAppointmentRow[] = [];
  let patients = 0;
  let linked = 0;
  EXTERNAL_PLAN.forEach((plan, index) => {
    const key = `${practiceId}:ghl:${index}`;
    const location = locations[index % locations.length];
    const slot = freeSlot(location, primary, now, plan.day, plan.minutes, key, taken);
    if (!slot) return;
    const base = {
      appointment_id: seedUuid(key),
      practice_id: practiceId,
      location_id: location.location_id,
      calendar_id: null,
      location: location.name,
      start_time: new Date(slot.start).toISOString(),
      end_time: new Date(slot.end).toISOString(),
      status: plan.cancelled ? 'cancelled' : 'confirmed',
      is_editable: false,
      source: 'ghl',
    };
    let row: SeedAppointmentRow;
    if (plan.kind === 'blocked') {
      row = {
        ...base,
        ...PERSON_NONE,
        person_id: null,
        title: BLOCKED_TITLES[draw(key) % BLOCKED_TITLES.length],
        description: 'Time blocked in GoHighLevel',
        contact_id: null,
      };
    } else if (plan.kind === 'lead' && linked < leads.length) {
      const lead = leads[linked++];
      row = {
        ...base,
        ...PERSON_NONE,
        person_id: lead.person_id,
        person_name: lead.person_name,
        person_first_name: lead.person_first_name,
        person_last_name: lead.person_last_name,
        person_email: lead.person_email,
        person_phone: lead.person_phone,
        person_age: lead.person_age,
        person_location: lead.person_location,
        person_title: lead.person_title,
        person_organization: lead.person_organization,
        person_education: lead.person_education,
        is_editable: true,
        title: 'Follow-up visit',
        description: 'Booked in GoHighLevel',
        contact_id: ghlContactId(`${practiceId}:${lead.person_id}`),
      };
    } else {
      const [first, last] = PATIENTS[(draw(practiceId) + patients++) % PATIENTS.length];
      row = {
        ...base,
        ...PERSON_NONE,
        person_id: null,
        person_name: `${first} ${last}`,
        person_first_name: first,
        person_last_name: last,
        person_email: `${first}.${last}@mail.example`.toLowerCase(),
        person_phone: `+1${AREA_CODES[practiceId] ?? '312'}55501${10 + (draw(key) % 90)}`,
        title: visits[draw(`${key}:visit`) % visits.length],
        description: 'Booked in GoHighLevel',
        contact_id: ghlContactId(`${practiceId}:${first} ${last}`),
      };
    }
    rows.push(row);
    if (!plan.cancelled) taken.push({ location_id: location.location_id, start: slot.start, end: slot.end });
  });
  return rows;
}

/** The locations of each demo practice the seed places appointments at: the read model's, else the gateway's demo ones. */
export async function seedLocations(manager: EntityManager): Promise<Map<string, SeedLocation[]>> {
  const known: SeedLocation[] = await manager.query(
    `SELECT "location_id", "practice_id", "name", "timezone", "is_primary", "business_hours"
       FROM "calendar"."locations" WHERE "is_active" ORDER BY "is_primary" DESC, "name", "location_id"`,
  );
  const byPractice = new Map<string, SeedLocation[]>();
  for (const location of known)
    byPractice.set(location.practice_id, [...(byPractice.get(location.practice_id) ?? []), location]);
  for (const practiceId of DEMO_PRACTICE_IDS)
    if (!byPractice.has(practiceId))
      byPractice.set(
        practiceId,
        DEMO_LOCATIONS.filter((location) => location.practice_id === practiceId),
      );
  return byPractice;
}

const COLUMNS = `"appointment_id" uuid, "practice_id" uuid, "location_id" uuid, "calendar_id" text, "person_id" uuid,
  "title" text, "description" text, "location" text, "start_time" timestamptz, "end_time" timestamptz,
  "status" text, "is_editable" boolean, "source" text, "contact_id" text, "person_name" text,
  "person_first_name" text, "person_last_name" text, "person_email" text, "person_phone" text,
  "person_avatar" text, "person_age" integer, "person_location" text, "person_title" text,
  "person_organization" text, "person_education" jsonb`;
const NAMES = COLUMNS.replace(/ (uuid|text|timestamptz|boolean|integer|jsonb)/g, '');
const CHUNK = 1000;

/**
 * Writes rows that are not there yet (by appointment id) and returns how many it wrote: a re-run writes nothing, and
 * an appointment staff moved or cancelled since stays as they left it. No event goes to calendar.appointments: the
 * leads' timelines already tell these bookings, and external ones would not be announced before a sync.
 */
export async function insertAppointments(
  manager: EntityManager,
  rows: readonly SeedAppointmentRow[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result: unknown[] = await manager.query(
      `INSERT INTO "calendar"."appointments" (${NAMES})
       SELECT ${NAMES} FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS})
       ON CONFLICT ("appointment_id") DO NOTHING RETURNING "appointment_id"`,
      [JSON.stringify(rows.slice(i, i + CHUNK))],
    );
    inserted += result.length;
  }
  return inserted;
}

export interface CalendarSeedReport {
  /** Handed-over appointments of seeded leads written now (0 on a re-run). */
  leads: number;
  /** External (GoHighLevel) appointments written now. */
  external: number;
}

/**
 * The calendar's demo appointments: the seeded leads' (from people's handoff, same ids) and the externals of every
 * demo practice. One transaction; idempotent.
 */
export async function seedAppointments(
  dataSource: DataSource,
  handedOver: readonly SeededAppointmentV1[],
  now = Date.now(),
): Promise<CalendarSeedReport> {
  return dataSource.transaction(async (manager) => {
    const locations = await seedLocations(manager);
    const leadRows = handedOver.map((appointment) =>
      leadAppointmentRow(
        appointment,
        new Set((locations.get(appointment.practice_id) ?? []).map((location) => location.location_id)),
      ),
    );
    const externalRows = DEMO_PRACTICE_IDS.flatMap((practiceId) =>
      externalAppointments(
        practiceId,
        locations.get(practiceId) ?? [],
        handedOver.filter((appointment) => appointment.practice_id === practiceId),
        now,
      ),
    );
    return {
      leads: await insertAppointments(manager, leadRows),
      external: await insertAppointments(manager, externalRows),
    };
  });
}
