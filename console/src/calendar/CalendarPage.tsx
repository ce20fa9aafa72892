import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { Box, ButtonBase, Drawer, LinearProgress, Paper, Typography } from '@mui/material';
import type { AppointmentDto } from '@pp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { serverDetail } from '../common/errorText';
import { ErrorState } from '../common/ErrorState';
import { SectionBoundary } from '../common/SectionBoundary';
import { useLeftPanel } from '../layout/LeftPanel';
import { useWideWindow } from '../layout/responsive';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { isAuthError } from '../providers/http';
import { AppointmentPanel, PANEL_WIDTH } from './AppointmentPanel';
import { CalendarSidebar } from './CalendarSidebar';
import { calendarApi, isOutsideHours } from './calendarApi';
import { calendarKeys, useAppointments, useLocations, type DateRange } from './calendarQueries';
import {
  CANCELLED_CLASS,
  DEFAULT_FILTERS,
  filterAppointments,
  overview,
  statusOptions,
  toEvent,
  type CalendarFilters,
} from './calendarRules';
import {
  CALENDAR_TIME_ZONE,
  instantOnClock,
  isZone,
  nowOnClock,
  overlapsRange,
  practiceZone,
  requestDays,
  wallDateText,
  wallTimes,
  zoneOf,
  zonesOf,
} from './clock';
import { OutsideHoursDialog, type OutsideHoursQuestion } from './OutsideHoursDialog';
import { createRescheduler } from './rescheduler';
import { visuallyHidden } from '@mui/utils';

/** The calendar component's settings (docs/product/calendar.md#constants). */
export const CALENDAR_DEFAULTS = {
  initialView: 'dayGridMonth',
  nowIndicator: true,
  navLinks: true,
  weekNumbers: true,
  weekends: true,
  slotDuration: '00:30:00',
  dayMaxEventRows: 5,
  moreLinkClick: 'popover',
  selectable: false,
  eventDurationEditable: false,
  // Timed events as coloured blocks in the month too (the status colours), not as dots.
  eventDisplay: 'block',
} as const;

/**
 * Window widths (px) from which the calendar's side columns take room of their own (ADR 0039). Below them the
 * filters are a button that opens them as a drawer, and the appointment panel opens over the calendar, so the
 * week view keeps columns of at least 100 px from 1024 px up.
 */
export const CALENDAR_BREAKPOINTS = {
  /** The filter sidebar is a column. */
  filtersInline: 1440,
  /** The filter sidebar stays a column while an appointment is open too; below, the panel replaces it. */
  filtersBesidePanel: 1680,
  /** The appointment panel is a column; below, it opens over the calendar. */
  panelInline: 1366,
} as const;

/** Month cells: the week number above the first day's number, timed events on two lines (time, then title). */
const MONTH_STYLES = {
  '& .fc .fc-daygrid-day-frame:has(.fc-daygrid-week-number) .fc-daygrid-day-top': { pt: '1.1rem' },
  '& .fc .fc-daygrid-week-number': { fontSize: '0.7rem', lineHeight: 1.2 },
  '& .fc .fc-daygrid-block-event .fc-event-main-frame': { flexWrap: 'wrap', columnGap: '4px' },
  '& .fc .fc-daygrid-block-event .fc-event-time': { flexShrink: 0, overflow: 'visible' },
  '& .fc .fc-daygrid-block-event .fc-event-title-container': { minWidth: 0, flexBasis: '100%' },
  '& .fc .fc-daygrid-block-event .fc-event-title': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
} as const;

/**
 * The calendar page, /calendar and /calendar/{appointmentId} (docs/product/calendar.md): the filter sidebar (while
 * the app's left panel is open), the calendar (month, week, day, week list) and the selected appointment on the
 * right. Loaded lazily (App.tsx), so FullCalendar is not in the leads workspace's bundle.
 */
export default function CalendarPage() {
  const translate = useTranslate();
  const practiceId = useSelectedPracticeId();
  if (!practiceId) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }}>
        <Typography component="h1" sx={visuallyHidden}>
          {translate('pp.calendar.page_title')}
        </Typography>
        <Paper
          variant="outlined"
          sx={{ p: 4, maxWidth: 560, display: 'flex', gap: 2, alignItems: 'flex-start' }}
        >
          <EventBusyOutlined color="primary" sx={{ fontSize: 36 }} />
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('pp.calendar.select_practice_title')}
            </Typography>
            <Typography color="text.secondary">{translate('pp.calendar.select_practice')}</Typography>
          </Box>
        </Paper>
      </Box>
    );
  }
  return <PracticeCalendar key={practiceId} practiceId={practiceId} />;
}

function PracticeCalendar({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { open: sidebarOpen } = useLeftPanel();
  const appointmentId = useParams().appointmentId ?? null;
  const filtersWide = useWideWindow(CALENDAR_BREAKPOINTS.filtersInline);
  const roomForBoth = useWideWindow(CALENDAR_BREAKPOINTS.filtersBesidePanel);
  const panelInline = useWideWindow(CALENDAR_BREAKPOINTS.panelInline);
  const filtersInline = filtersWide && (!appointmentId || roomForBoth);
  const [filtersDrawer, setFiltersDrawer] = useState(false);
  // The visible range as wall-clock dates (end exclusive) and the days asked of the server for it.
  const [view, setView] = useState<{ from: Date; to: Date; days: DateRange } | null>(null);
  const [filters, setFilters] = useState<CalendarFilters>(DEFAULT_FILTERS);
  const {
    appointments: loaded,
    isFetching,
    error: loadError,
    refetch: reload,
  } = useAppointments(practiceId, view?.days ?? null);
  const locations = useLocations(practiceId);

  // Times are on each location's clock; today and the now indicator follow the practice's (its primary
  // location's) clock; when locations span zones, each event names its zone (docs/decisions/0025-calendar-clock.md).
  const zone = useMemo(() => practiceZone(locations), [locations]);
  const labelZone = useMemo(
    () => new Set([...zonesOf(locations), ...loaded.map((a) => a.tz).filter(isZone)]).size > 1,
    [locations, loaded],
  );
  const appointments = useMemo(
    () => (view ? loaded.filter((a) => overlapsRange(wallTimes(a, zone), view.from, view.to)) : loaded),
    [loaded, view, zone],
  );
  const shown = useMemo(() => filterAppointments(appointments, filters), [appointments, filters]);
  const events = useMemo(
    // Appointments that have started are not draggable (read once per change of the list).
    () => shown.map((appointment) => toEvent(appointment, { zone, labelZone, now: new Date() })),
    [shown, zone, labelZone],
  );
  const counts = useMemo(() => overview(appointments, shown.length), [appointments, shown.length]);
  const statuses = useMemo(() => statusOptions(appointments), [appointments]);
  const now = useCallback(() => nowOnClock(zone), [zone]);

  // The selected appointment is the route's id: the loaded one with that id, else the one last opened.
  const [opened, setOpened] = useState<AppointmentDto | null>(null);
  const selected = appointmentId
    ? (loaded.find((appointment) => appointment.appointment_id === appointmentId) ??
      (opened?.appointment_id === appointmentId ? opened : null))
    : null;

  const onEventClick = useCallback(
    (info: EventClickArg) => {
      info.jsEvent.preventDefault();
      const appointment = info.event.extendedProps.appointment as AppointmentDto;
      setOpened(appointment);
      navigate(`/calendar/${encodeURIComponent(appointment.appointment_id)}`, { replace: true });
    },
    [navigate],
  );

  const onDatesSet = useCallback((info: DatesSetArg) => {
    // FullCalendar's dates are wall-clock dates; the server takes inclusive days (services/calendar).
    const next = { from: info.start, to: info.end, days: requestDays(info.start, info.end) };
    setView((current) =>
      current &&
      wallDateText(current.from) === wallDateText(next.from) &&
      wallDateText(current.to) === wallDateText(next.to)
        ? current
        : next,
    );
  }, []);

  // A move outside the business hours waits here for staff's answer.
  const [question, setQuestion] = useState<OutsideHoursQuestion | null>(null);
  const rescheduler = useMemo(
    () =>
      createRescheduler({
        reschedule: (appointment, newStart, confirmOutsideHours) =>
          calendarApi.reschedule(practiceId, appointment.appointment_id, newStart, confirmOutsideHours),
        onMoved: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.all(practiceId) }),
        notify: (reason) =>
          notify('pp.calendar.move_refused', {
            type: 'error',
            messageArgs: { reason },
            autoHideDuration: 8000,
          }),
        isOutsideHours,
        confirmOutsideHours: (appointment, newStart) =>
          new Promise<boolean>((resolve) =>
            setQuestion({
              appointment,
              newStart,
              answer: (confirmed) => {
                setQuestion(null);
                resolve(confirmed);
              },
            }),
          ),
      }),
    [practiceId, queryClient, notify],
  );
  const onEventDrop = useCallback(
    (info: EventDropArg) => {
      const appointment = info.event.extendedProps.appointment as AppointmentDto;
      // The dropped wall time is on the appointment's location's clock: the instant it means there (DST-safe).
      const start = info.event.start;
      void rescheduler.drop({
        appointment,
        newStart: start ? instantOnClock(start, zoneOf(appointment, zone)) : null,
        revert: info.revert,
      });
    },
    [rescheduler, zone],
  );

  // FullCalendar measures its box: tell it when the sidebar or the panel changes the width.
  const calendarRef = useRef<FullCalendar>(null);
  useEffect(() => {
    calendarRef.current?.getApi().updateSize();
  }, [sidebarOpen, filtersInline, panelInline, Boolean(appointmentId)]);

  const sidebar = (
    <CalendarSidebar
      filters={filters}
      onChange={setFilters}
      locations={locations}
      statuses={statuses}
      overview={counts}
    />
  );
  return (
    // relative: on narrower windows the appointment panel opens over the calendar
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, position: 'relative' }}>
      <Typography component="h1" sx={visuallyHidden}>
        {translate('pp.calendar.page_title')}
      </Typography>
      {sidebarOpen && filtersInline && sidebar}
      {sidebarOpen && !filtersInline && (
        // Narrower windows (or an appointment open): a rail whose button opens the filters as a drawer.
        <Box
          data-testid="calendar-filters-rail"
          sx={{
            flexShrink: 0,
            width: 40,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <ButtonBase
            aria-label={translate('pp.calendar.filters.show')}
            aria-expanded={filtersDrawer}
            onClick={() => setFiltersDrawer(true)}
            sx={{
              width: '100%',
              py: 1.5,
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
              color: 'text.secondary',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <FilterListOutlined fontSize="small" />
            <Typography variant="caption" aria-hidden sx={{ writingMode: 'vertical-rl', fontWeight: 600 }}>
              {translate('pp.calendar.filters.title')}
            </Typography>
          </ButtonBase>
          <Drawer open={filtersDrawer} onClose={() => setFiltersDrawer(false)}>
            {sidebar}
          </Drawer>
        </Box>
      )}
      <Box
        data-testid="calendar-main"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          p: { xs: 1, lg: 2 },
          ...MONTH_STYLES,
          [`& .${CANCELLED_CLASS} .fc-event-title, & .${CANCELLED_CLASS} .fc-list-event-title`]: {
            textDecoration: 'line-through',
          },
          '& .fc-event': { cursor: 'pointer' },
          // Only what can be moved looks movable.
          '& .fc-event.fc-event-draggable': { cursor: 'grab' },
          // The header wraps instead of spilling over the detail panel in narrow windows.
          '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
          '& .fc .fc-toolbar-title': { fontSize: '1.25rem', fontWeight: 600 },
        }}
      >
        <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress />}</Box>
        {loadError && !isAuthError(loadError) && (
          <Box sx={{ mb: 1 }}>
            <ErrorState
              testId="calendar-load-failed"
              title={loadError.message}
              message={serverDetail(loadError)}
              onRetry={() => void reload()}
            />
          </Box>
        )}
        <SectionBoundary name="calendar">
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <FullCalendar
              // Today is the practice's: once its locations (and so its zone) are known, the calendar starts
              // again on that today rather than the browser's.
              key={zone}
              ref={calendarRef}
              plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
              {...CALENDAR_DEFAULTS}
              headerToolbar={{
                left: 'prev,next today',
                center: 'title',
                right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }}
              buttonText={{
                today: translate('pp.calendar.views.today'),
                month: translate('pp.calendar.views.month'),
                week: translate('pp.calendar.views.week'),
                day: translate('pp.calendar.views.day'),
                list: translate('pp.calendar.views.list'),
              }}
              height="100%"
              timeZone={CALENDAR_TIME_ZONE}
              now={now}
              editable
              events={events}
              eventClick={onEventClick}
              eventDrop={onEventDrop}
              // The whole time and title on hover, wherever a narrow cell cuts them.
              eventDidMount={(info) => {
                info.el.title = [info.timeText, info.event.title].filter(Boolean).join(' ');
              }}
              datesSet={onDatesSet}
            />
          </Box>
        </SectionBoundary>
      </Box>
      {appointmentId && (
        <Box
          data-testid="appointment-panel-frame"
          data-overlay={panelInline ? undefined : 'true'}
          sx={{
            display: 'flex',
            flexShrink: 0,
            ...(panelInline
              ? {}
              : {
                  position: 'absolute',
                  top: 0,
                  right: 0,
                  bottom: 0,
                  maxWidth: PANEL_WIDTH,
                  zIndex: 'appBar',
                  boxShadow: 8,
                }),
          }}
        >
          <SectionBoundary name="appointment" resetKey={appointmentId}>
            <AppointmentPanel
              appointment={selected}
              fallbackZone={zone}
              onClose={() => navigate('/calendar', { replace: true })}
            />
          </SectionBoundary>
        </Box>
      )}
      {question && <OutsideHoursDialog question={question} fallbackZone={zone} />}
    </Box>
  );
}
