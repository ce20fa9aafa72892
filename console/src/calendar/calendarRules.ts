import type { AppointmentDto } from '@pp/contracts';
import type { EventInput } from '@fullcalendar/core';
import { browserZone, wallTimes, zoneAbbreviation, zoneOf } from './clock';
import { hasStarted } from './rescheduler';

/**
 * The calendar's pure rules (docs/product/calendar.md): event colours, the sidebar's filters and counts, the
 * mapping of appointments to calendar events, the GHL link and the phone display. No React, no I/O.
 */

/** The statuses staff can filter by; others the server sends are added as they appear. */
export const KNOWN_STATUSES = ['confirmed', 'cancelled', 'pending', 'no_show'] as const;
/** Status filter default (docs/product/calendar.md#filters). */
export const DEFAULT_STATUSES: readonly string[] = ['confirmed', 'cancelled'];

export interface EventColours {
  backgroundColor: string;
  borderColor: string;
  textColor: string;
}

/** Greens for the practice's own appointments, indigos for the rest and for external ones. */
export const COLOURS = {
  confirmed: { backgroundColor: '#16a34a', borderColor: '#15803d', textColor: '#ffffff' },
  cancelled: { backgroundColor: '#bbf7d0', borderColor: '#86efac', textColor: '#166534' },
  other: { backgroundColor: '#4f46e5', borderColor: '#4338ca', textColor: '#ffffff' },
  externalConfirmed: { backgroundColor: '#3730a3', borderColor: '#312e81', textColor: '#ffffff' },
  externalCancelled: { backgroundColor: '#e0e7ff', borderColor: '#c7d2fe', textColor: '#3730a3' },
  externalOther: { backgroundColor: '#818cf8', borderColor: '#6366f1', textColor: '#ffffff' },
} satisfies Record<string, EventColours>;

/**
 * Editable confirmed: green; cancelled: faded green; others: indigo. External (is_editable false) appointments
 * take indigo variants of the same three (docs/product/calendar.md#constants).
 */
export function eventColours(appointment: Pick<AppointmentDto, 'status' | 'is_editable'>): EventColours {
  const status = appointment.status?.toLowerCase();
  if (appointment.is_editable === false) {
    if (status === 'confirmed') return COLOURS.externalConfirmed;
    if (status === 'cancelled') return COLOURS.externalCancelled;
    return COLOURS.externalOther;
  }
  if (status === 'confirmed') return COLOURS.confirmed;
  if (status === 'cancelled') return COLOURS.cancelled;
  return COLOURS.other;
}

export const isCancelled = (appointment: Pick<AppointmentDto, 'status'>) =>
  appointment.status?.toLowerCase() === 'cancelled';

/** The class that strikes cancelled events through (styled by the page). */
export const CANCELLED_CLASS = 'pp-appointment-cancelled';

/** What the event shows: the title, else the person's name. */
export const appointmentLabel = (appointment: AppointmentDto) =>
  appointment.title?.trim() || appointment.person_name?.trim() || '';

/**
 * One calendar event per appointment, at its wall times on its location's clock (the calendar runs in 'UTC' and
 * is given wall times: docs/decisions/0025-calendar-clock.md). When the practice's locations span zones, the
 * label names the zone ('Botox consultation · MST'). Only editable appointments that have not started yet can be
 * dragged; none can be resized (docs/product/calendar.md#rescheduling).
 */
export function toEvent(
  appointment: AppointmentDto,
  {
    zone = browserZone(),
    labelZone = false,
    now = null,
  }: { zone?: string; labelZone?: boolean; now?: Date | null } = {},
): EventInput {
  const editable = appointment.is_editable !== false && !(now && hasStarted(appointment, now));
  const wall = wallTimes(appointment, zone);
  const label = appointmentLabel(appointment);
  const zoneName = labelZone
    ? zoneAbbreviation(zoneOf(appointment, zone), new Date(appointment.start_time))
    : '';
  return {
    id: appointment.appointment_id,
    title: zoneName ? `${label} · ${zoneName}` : label,
    start: wall.start,
    end: wall.end,
    editable,
    startEditable: editable,
    durationEditable: false,
    ...eventColours(appointment),
    classNames: isCancelled(appointment) ? [CANCELLED_CLASS] : [],
    extendedProps: { appointment },
  };
}

export interface CalendarFilters {
  /** Chosen location ids; none chosen means all. */
  locations: readonly string[];
  /** Chosen statuses. */
  statuses: readonly string[];
  search: string;
}

export const DEFAULT_FILTERS: CalendarFilters = { locations: [], statuses: DEFAULT_STATUSES, search: '' };

/** Whether the search text (trimmed, any case) is in the title or the person's name; empty matches all. */
export function matchesSearch(appointment: AppointmentDto, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return [appointment.title, appointment.person_name].some((value) => value?.toLowerCase().includes(text));
}

/** The filters of docs/product/calendar.md#filters, applied in the browser. */
export function filterAppointments(
  appointments: readonly AppointmentDto[],
  filters: CalendarFilters,
): AppointmentDto[] {
  const statuses = new Set(filters.statuses.map((status) => status.toLowerCase()));
  return appointments.filter(
    (appointment) =>
      (filters.locations.length === 0 ||
        (appointment.location_id !== null && filters.locations.includes(appointment.location_id))) &&
      statuses.has(appointment.status?.toLowerCase()) &&
      matchesSearch(appointment, filters.search),
  );
}

/** The status choices: the known ones, then any other status the loaded appointments have. */
export function statusOptions(appointments: readonly AppointmentDto[]): string[] {
  const options: string[] = [...KNOWN_STATUSES];
  for (const appointment of appointments) {
    const status = appointment.status?.toLowerCase();
    if (status && !options.includes(status)) options.push(status);
  }
  return options;
}

export interface Overview {
  total: number;
  shown: number;
  byStatus: Record<string, number>;
}

/** The Calendar Overview: appointments loaded for the visible range, shown after filtering, and per status. */
export function overview(appointments: readonly AppointmentDto[], shown: number): Overview {
  const byStatus: Record<string, number> = {};
  for (const appointment of appointments) {
    const status = appointment.status?.toLowerCase() || 'unknown';
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  return { total: appointments.length, shown, byStatus };
}

/** Where 'View in GHL' goes (ghl.ts, docs/product/calendar.md#the-console-page), or null without a location and a contact. */
export function ghlContactUrl(
  base: string,
  appointment: Pick<AppointmentDto, 'location_id' | 'contact_id'>,
): string | null {
  if (!appointment.location_id || !appointment.contact_id) return null;
  const root = base.replace(/\/+$/, '');
  return `${root}/v2/location/${encodeURIComponent(appointment.location_id)}/contacts/detail/${encodeURIComponent(appointment.contact_id)}`;
}

/** 10 digits (after a US country code 1, if any) as (xxx) xxx-xxxx; anything else as given. */
export function formatPhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
