import type { AppointmentDto } from '@pp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useGetList, useLogoutIfAccessDenied } from 'react-admin';
import { FIVE_MINUTES } from '../practices/usePractices';
import { isAuthError } from '../providers/http';
import { calendarApi } from './calendarApi';

export const calendarKeys = {
  all: (practiceId: string) => ['calendar', 'appointments', practiceId] as const,
  range: (practiceId: string, start: string, end: string) =>
    [...calendarKeys.all(practiceId), start, end] as const,
};

/** The visible range as the appointment call takes it: its first and last days (yyyy-mm-dd, both inclusive). */
export interface DateRange {
  start: string;
  end: string;
}

const NONE: AppointmentDto[] = [];

/**
 * The appointments of the visible range. A failed call leaves the calendar without events, and the page says so
 * with 'Try again' (docs/decisions/0039-console-on-front-desk-screens.md): a failed load must not pass for an
 * empty week. A 401/403 signs out through react-admin (docs/product/calendar.md#errors).
 */
export function useAppointments(practiceId: string | null, range: DateRange | null) {
  const query = useQuery({
    queryKey: calendarKeys.range(practiceId ?? '', range?.start ?? '', range?.end ?? ''),
    queryFn: ({ signal }) =>
      calendarApi.appointments(
        practiceId as string,
        (range as DateRange).start,
        (range as DateRange).end,
        signal,
      ),
    enabled: Boolean(practiceId && range),
    placeholderData: (previous) => previous,
  });
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (query.error && isAuthError(query.error)) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return { ...query, appointments: query.isError ? NONE : (query.data ?? NONE) };
}

export interface LocationRow {
  location_id: string;
  name: string;
  is_primary?: boolean;
  /** IANA zone of the location's clock. */
  timezone?: string | null;
}

/** `GET /practices/{id}/locations/`, cached 5 minutes (the same cache as the outcome form's). */
export function useLocations(practiceId: string | null) {
  const { data } = useGetList<LocationRow & { id: string }>(
    'locations',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
      meta: { practiceId },
    },
    { staleTime: FIVE_MINUTES, enabled: Boolean(practiceId) },
  );
  return (data ?? []) as LocationRow[];
}
