import { TZDate } from '@date-fns/tz';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import type { AppointmentDto, PersonDto } from '@pp/contracts';
import pg from 'pg';
import { DEMO, expect, PRACTICE_NAMES, practiceIds } from './fixtures';
import { peopleApi } from './leads-api';

/**
 * The calendar's browser tests' helpers: the demo practice (Glow Aesthetics, both locations in Chicago), its
 * days on the Chicago clock, appointments booked through the API, and the FullCalendar grid as the tests use it.
 */
export const ZONE = 'America/Chicago';

const pad = (value: number) => String(value).padStart(2, '0');

/** A tag for a test's appointment titles, unique enough among a run's. */
export const suffix = () => `${Date.now() % 1_000_000}`;

/** A wall time ('HH:mm') some minutes later. */
export function addMinutes(time: string, minutes: number): string {
  const [hour, minute] = time.split(':').map(Number);
  const total = hour * 60 + minute + minutes;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** 'YYYY-MM-DD' of a day on the Chicago clock, `offset` days after today there. */
export function chicagoDay(offset = 0): string {
  const today = new TZDate(Date.now(), ZONE);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, ZONE);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The days of next week (Sunday first, as the calendar shows weeks), on the Chicago clock. */
export function nextWeek(): string[] {
  const weekday = new TZDate(Date.now(), ZONE).getDay();
  return Array.from({ length: 7 }, (_, index) => chicagoDay(7 - weekday + index));
}

/** The first weekday after today on the Chicago clock (inside the month the calendar opens on). */
export function nextWeekday(): string {
  for (let offset = 1; ; offset += 1) {
    const weekday = new Date(`${chicagoDay(offset)}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return chicagoDay(offset);
  }
}

/** The instant of a wall time ('HH:mm') on a Chicago day, as ISO. */
export function chicagoInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, date, hour, minute, ZONE).getTime()).toISOString();
}

export interface Glow {
  practiceId: string;
  dallas: { location_id: string; name: string };
  plano: { location_id: string; name: string };
  headers: { Authorization: string };
}

export async function glow(request: APIRequestContext, token: string): Promise<Glow> {
  const practiceId = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
  const headers = { Authorization: `Bearer ${token}` };
  const response = await request.get(`/api/v1/practices/${practiceId}/locations/`, { headers });
  expect(response.ok()).toBeTruthy();
  const locations = (await response.json()) as { location_id: string; name: string; is_primary: boolean }[];
  const dallas = locations.find((location) => location.is_primary) ?? locations[0];
  const plano = locations.find((location) => location !== dallas) ?? dallas;
  return { practiceId, dallas, plano, headers };
}

/** A seeded demo lead with a phone and an email (the index picks a different one per test). */
export async function demoLead(request: APIRequestContext, token: string, practiceId: string, index: number) {
  const { items } = await peopleApi(request, token).list(practiceId, { limit: 200 });
  const reachable = items.filter((person: PersonDto) => person.primary_phone && person.primary_email);
  expect(reachable.length, 'seeded leads with a phone and an email').toBeGreaterThan(index);
  return reachable[index];
}

/** Books a 30-minute appointment through the API at a wall time on a Chicago day. */
export async function book(
  request: APIRequestContext,
  place: Glow,
  body: { person_id: string; title: string; day: string; time: string; location_id?: string },
): Promise<AppointmentDto> {
  const start = chicagoInstant(body.day, body.time);
  const response = await request.post('/api/v1/calendar/appointments', {
    headers: place.headers,
    params: { practice_id: place.practiceId, location_id: body.location_id ?? place.dallas.location_id },
    data: {
      person_id: body.person_id,
      title: body.title,
      start_time: start,
      end_time: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
    },
  });
  expect(response.ok(), `POST /calendar/appointments: ${response.status()}`).toBeTruthy();
  return (await response.json()) as AppointmentDto;
}

/** The practice's appointments of a day (as the calendar lists them). */
export async function appointmentsOn(request: APIRequestContext, place: Glow, day: string) {
  const response = await request.get('/api/v1/calendar/appointments', {
    headers: place.headers,
    params: { practice_id: place.practiceId, start_date: day, end_date: day },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { appointments: AppointmentDto[] }).appointments;
}

/**
 * Half-hour starts ('HH:mm', 09:00 to 17:00) of a day at which no appointment (but cancelled ones) of the location
 * runs: seeded appointments may share the day, so a test books and drops where the location is free.
 */
export async function freeTimes(request: APIRequestContext, place: Glow, day: string, locationId: string) {
  const busy = (await appointmentsOn(request, place, day)).filter(
    (appointment) => appointment.location_id === locationId && appointment.status !== 'cancelled',
  );
  const times: string[] = [];
  for (let minutes = 9 * 60; minutes <= 17 * 60; minutes += 30) {
    const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    const start = new Date(chicagoInstant(day, time)).getTime();
    const end = start + 30 * 60_000;
    if (
      !busy.some(
        (other) => new Date(other.start_time).getTime() < end && new Date(other.end_time).getTime() > start,
      )
    ) {
      times.push(time);
    }
  }
  return times;
}

/**
 * Writes an appointment straight into the calendar service's table, for what the API cannot make: an external
 * (GoHighLevel, read-only) one, or a pending one. The stack's database is E2E_DATABASE_URL (deploy/local/test.mjs).
 */
export async function insertAppointment(
  place: Glow,
  row: {
    title: string;
    day: string;
    time: string;
    status?: string;
    external?: boolean;
    person?: PersonDto;
    personName?: string | null;
  },
): Promise<string> {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, 'E2E_DATABASE_URL (npm test -- browser sets it)').toBeTruthy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = chicagoInstant(row.day, row.time);
    const end = new Date(new Date(start).getTime() + 30 * 60_000).toISOString();
    const person = row.person;
    const result = await client.query<{ appointment_id: string }>(
      `INSERT INTO calendar.appointments
         (practice_id, location_id, person_id, title, start_time, end_time, status, is_editable, source,
          contact_id, person_name, person_first_name, person_last_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING appointment_id`,
      [
        place.practiceId,
        place.dallas.location_id,
        row.external ? null : (person?.person_id ?? null),
        row.title,
        start,
        end,
        row.status ?? 'confirmed',
        !row.external,
        row.external ? 'ghl' : 'practicepilot',
        row.external ? 'ghl-contact-e2e' : null,
        row.personName ??
          (person ? [person.first_name, person.last_name].filter(Boolean).join(' ') : 'Walk-in Guest'),
        person?.first_name ?? 'Walk-in',
        person?.last_name ?? 'Guest',
      ],
    );
    return result.rows[0].appointment_id;
  } finally {
    await client.end();
  }
}

/**
 * Opens the calendar afresh (a reload) on its month of the practice's today. It waits for the page's calls to
 * settle first: leaving the page while the shell's session check (/users/me) is in flight signs the user out. And
 * again once the calendar is open: it starts over on the practice's today (month view) when the practice's
 * locations, and so its zone, arrive, which would undo a view chosen before.
 */
export async function openCalendar(page: Page) {
  await page.waitForLoadState('networkidle');
  const located = page.waitForResponse((response) =>
    /\/api\/v1\/practices\/[^/]+\/locations\?/.test(response.url()),
  );
  await page.goto('/calendar');
  await located;
  await page.waitForLoadState('networkidle');
}

/** Opens the calendar afresh (`openCalendar`) on next week's time grid. */
export async function openNextWeek(page: Page) {
  const main = page.getByTestId('calendar-main');
  await openCalendar(page);
  await main.getByRole('button', { name: 'Week', exact: true }).click();
  await main.locator('.fc-next-button').click();
  await expect(main.locator('th.fc-col-header-cell').first()).toHaveAttribute('data-date', nextWeek()[0]);
}

/** The answer to the console's move of an appointment (PUT /calendar/appointments/{id}). */
export const isPut = (id: string) => (response: Response) =>
  response.request().method() === 'PUT' && response.url().includes(`/calendar/appointments/${id}?`);

/** The calendar's event with this title. */
export const eventOf = (page: Page, title: string): Locator =>
  page.getByTestId('calendar-main').locator('.fc-event', { hasText: title });

/** The time-grid cell of a day at a time ('HH:mm'): the day's column, at the slot's row. */
export async function slotPoint(page: Page, day: string, time: string): Promise<{ x: number; y: number }> {
  const main = page.getByTestId('calendar-main');
  const column = await main.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
  const row = await main.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox();
  expect(column && row, `the grid shows ${day} ${time}`).toBeTruthy();
  return { x: column!.x + column!.width / 2, y: row!.y + Math.min(5, row!.height / 2) };
}

/** Drags an event by its top edge to a time-grid cell (a day at a time). */
export async function dragTo(page: Page, event: Locator, day: string, time: string) {
  await event.scrollIntoViewIfNeeded();
  const box = await event.boundingBox();
  expect(box).toBeTruthy();
  const target = await slotPoint(page, day, time);
  await page.mouse.move(box!.x + box!.width / 2, box!.y + 4);
  await page.mouse.down();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + 14, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
}

/** Where an event sits in the time grid: its day column's date and its start time as the event shows it. */
export async function placeOf(event: Locator): Promise<{ day: string | null; time: string }> {
  const day = await event.evaluate(
    (element) => element.closest('td.fc-timegrid-col')?.getAttribute('data-date') ?? null,
  );
  const time = ((await event.locator('.fc-event-time').textContent()) ?? '').trim();
  return { day, time };
}
