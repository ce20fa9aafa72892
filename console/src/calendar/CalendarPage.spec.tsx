import type { AppointmentDto } from '@pp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LeftPanelProvider } from '../layout/LeftPanel';
import { aPerson, PRACTICE } from '../leads/detail/testKit';
import { i18nProvider } from '../providers/i18nProvider';
import { peopleApi } from '../providers/peopleApi';
import { calendarApi } from './calendarApi';
import CalendarPage from './CalendarPage';
import { instantOnClock, wallDate, wallText } from './clock';
import { anAppointment } from './testKit';

// FullCalendar renders a whole month at a time: on a busy machine that takes longer than the default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

const api = {
  appointments: jest.spyOn(calendarApi, 'appointments'),
  reschedule: jest.spyOn(calendarApi, 'reschedule'),
  person: jest.spyOn(peopleApi, 'get'),
};

/** Today at the given hour on the browser's clock: always inside the month the calendar opens on. */
function todayAt(hour: number, minute = 0) {
  const date = new Date();
  date.setHours(hour, minute, 0, 0);
  return date;
}
const wall = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` +
  `T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}:00`;
/** An appointment today at the hour, on a location whose clock is the browser's (the test locations name no zone). */
const at = (hour: number) => ({
  start_time: todayAt(hour).toISOString(),
  end_time: todayAt(hour, 30).toISOString(),
  start_time_local: wall(todayAt(hour)),
  end_time_local: wall(todayAt(hour, 30)),
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

const CONFIRMED = anAppointment({ appointment_id: 'apt-1', title: 'Botox consultation', ...at(9) });
const CANCELLED = anAppointment({
  appointment_id: 'apt-2',
  title: 'Filler review',
  status: 'cancelled',
  person_name: 'Ann Lee',
  location_id: 'loc-austin',
  ...at(11),
});
const PENDING = anAppointment({
  appointment_id: 'apt-3',
  title: 'Laser intake',
  status: 'pending',
  ...at(13),
});
const EXTERNAL = anAppointment({
  appointment_id: 'ext-1',
  title: 'GHL booking',
  is_editable: false,
  source: 'ghl',
  location_id: 'ghl-loc',
  contact_id: 'ghl-contact',
  person_id: null,
  ...at(15),
});
const ALL: AppointmentDto[] = [CONFIRMED, CANCELLED, PENDING, EXTERNAL];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}
const where = () => screen.getByTestId('where').textContent;

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

const authProvider = {
  login: jest.fn(),
  logout: jest.fn().mockResolvedValue(undefined),
  checkAuth: jest.fn().mockResolvedValue(undefined),
  checkError: jest.fn((error: { status?: number }) =>
    error?.status === 401 || error?.status === 403 ? Promise.reject(error) : Promise.resolve(),
  ),
  getPermissions: jest.fn().mockResolvedValue(undefined),
};

/** The practice's locations; these name no zone, so the practice's clock is the browser's. */
const LOCATIONS = [
  { id: 'loc-dallas', location_id: 'loc-dallas', name: 'Dallas' },
  { id: 'loc-austin', location_id: 'loc-austin', name: 'Austin' },
];

function renderPage(path: string | string[] = '/calendar', locations: object[] = LOCATIONS) {
  const entries = Array.isArray(path) ? path : [path];
  const dataProvider = testDataProvider({
    getList: jest.fn().mockResolvedValue({ data: locations, total: locations.length }),
    getMyPractices: jest.fn().mockResolvedValue([PRACTICE]),
  } as never);
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <LeftPanelProvider>
          <Routes>
            <Route path="/calendar/:appointmentId?" element={<CalendarPage />} />
            <Route path="/leads/:leadId" element={<p>lead page</p>} />
            <Route path="/login" element={<p>login page</p>} />
          </Routes>
          <Where />
          <Back />
        </LeftPanelProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const main = () => screen.getByTestId('calendar-main');
const sidebar = () => screen.getByTestId('calendar-sidebar');

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  localStorage.setItem('selectedPracticeId', PRACTICE.practice_id);
  localStorage.setItem('access_token', 'token-1');
  api.appointments.mockResolvedValue(ALL);
  api.reschedule.mockResolvedValue(undefined);
  api.person.mockResolvedValue(aPerson({ person_id: 'lead-1' }));
});

describe('the calendar page', () => {
  it('asks to select a practice when none is selected', () => {
    localStorage.removeItem('selectedPracticeId');
    renderPage();
    expect(screen.getByText('Select a Practice')).toBeInTheDocument();
    expect(screen.getByText('Please select a practice to view appointments.')).toBeInTheDocument();
    expect(api.appointments).not.toHaveBeenCalled();
  });

  it('opens on the month, loading the visible range, and shows confirmed and cancelled appointments', async () => {
    renderPage();
    expect(await within(main()).findByText('Botox consultation')).toBeInTheDocument();
    const [practice, start, end] = api.appointments.mock.calls[0];
    expect(practice).toBe('p-glow');
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The month grid's 6 weeks (a Sunday to a Saturday) and a day more at each end, both ends inclusive: a
    // location in another zone than the practice's can have appointments a day either side.
    expect((new Date(end).getTime() - new Date(start).getTime()) / 86_400_000).toBe(43);
    expect(new Date(start).getUTCDay()).toBe(6);
    expect(within(main()).getByText('Filler review')).toBeInTheDocument();
    expect(within(main()).getByText('GHL booking')).toBeInTheDocument();
    // Pending is not among the default statuses.
    expect(within(main()).queryByText('Laser intake')).not.toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Month' })).toHaveClass('fc-button-active');
    // Day and week numbers are links.
    expect(main().querySelector('a.fc-daygrid-day-number')).not.toBeNull();
    expect(main().querySelector('a.fc-daygrid-week-number')).not.toBeNull();
    // The cancelled one is struck through.
    expect(within(main()).getByText('Filler review').closest('.pp-appointment-cancelled')).not.toBeNull();
  });

  it('caps a day at 5 rows, the rest behind a more-link popover', async () => {
    api.appointments.mockResolvedValue(
      Array.from({ length: 8 }, (_, index) =>
        anAppointment({ appointment_id: `busy-${index}`, title: `Busy ${index}`, ...at(8 + index) }),
      ),
    );
    renderPage();
    const more = await within(main()).findByText(/^\+\d+ more$/);
    const hidden = Number(/\d+/.exec(more.textContent ?? '')?.[0]);
    expect(hidden).toBeGreaterThan(0);
    expect(8 - hidden).toBeLessThanOrEqual(5);
    await userEvent.click(more);
    expect(document.querySelector('.fc-popover')).not.toBeNull();
  });

  it('switches to the week, day and list views', async () => {
    renderPage();
    await within(main()).findByText('Botox consultation');
    await userEvent.click(within(main()).getByRole('button', { name: 'Week' }));
    expect(main().querySelector('.fc-timeGridWeek-view')).not.toBeNull();
    expect(main().querySelectorAll('.fc-timegrid-slot-lane').length).toBe(48);
    await userEvent.click(within(main()).getByRole('button', { name: 'Day' }));
    expect(main().querySelector('.fc-timeGridDay-view')).not.toBeNull();
    await userEvent.click(within(main()).getByRole('button', { name: 'List' }));
    expect(main().querySelector('.fc-listWeek-view')).not.toBeNull();
    expect(await within(main()).findByText('Botox consultation')).toBeInTheDocument();
  });

  it('filters by status, location and search text, and counts in the overview', async () => {
    renderPage();
    await within(main()).findByText('Botox consultation');
    const overview = within(screen.getByTestId('calendar-overview'));
    expect(overview.getByText('Total').nextSibling).toHaveTextContent('4');
    expect(overview.getByText('Shown').nextSibling).toHaveTextContent('3');

    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Pending' }));
    expect(await within(main()).findByText('Laser intake')).toBeInTheDocument();
    expect(overview.getByText('Shown').nextSibling).toHaveTextContent('4');

    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Austin' }));
    await waitFor(() => expect(within(main()).queryByText('Botox consultation')).not.toBeInTheDocument());
    expect(within(main()).getByText('Filler review')).toBeInTheDocument();
    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Austin' }));

    await userEvent.type(within(sidebar()).getByRole('textbox', { name: 'Search' }), 'ann LEE');
    await waitFor(() => expect(within(main()).queryByText('Botox consultation')).not.toBeInTheDocument());
    expect(within(main()).getByText('Filler review')).toBeInTheDocument();
    expect(overview.getByText('Shown').nextSibling).toHaveTextContent('1');
  });

  it('hides the filter sidebar while the app sidebar is closed', async () => {
    localStorage.setItem('leftPanelOpen', 'false');
    renderPage();
    await within(main()).findByText('Botox consultation');
    expect(screen.queryByTestId('calendar-sidebar')).not.toBeInTheDocument();
  });

  it('says the appointments could not be fetched, with the reason and Try again, instead of an empty week', async () => {
    api.appointments.mockRejectedValueOnce(
      Object.assign(new Error('Failed to fetch appointments'), {
        detail: 'The calendar service is not answering',
      }),
    );
    renderPage();
    const failed = await screen.findByTestId('calendar-load-failed');
    expect(failed).toHaveTextContent('Failed to fetch appointments');
    expect(failed).toHaveTextContent('The calendar service is not answering');
    expect(main().querySelectorAll('.fc-event')).toHaveLength(0);
    expect(within(screen.getByTestId('calendar-overview')).getByText('Total').nextSibling).toHaveTextContent(
      '0',
    );

    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(main()).findByText('Botox consultation')).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-load-failed')).not.toBeInTheDocument();
  });

  it('cuts a long e-mail in the appointment panel with an ellipsis, the whole of it on hover', async () => {
    const email = 'alexandra.konstantinopoulou-vanderberg@very-long-practice-domain.example';
    api.appointments.mockResolvedValue([{ ...CONFIRMED, person_email: email }]);
    renderPage();
    await userEvent.click(await within(main()).findByText('Botox consultation'));
    const shown = within(await screen.findByTestId('appointment-panel')).getByText(email);
    expect(shown).toHaveAttribute('title', email);
    expect(shown).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflow: 'hidden' });
  });

  it('opens an appointment in the right panel, with its id in the route, and goes to the lead', async () => {
    renderPage();
    await userEvent.click(await within(main()).findByText('Botox consultation'));
    expect(where()).toBe('/calendar/apt-1');
    const panel = within(await screen.findByTestId('appointment-panel'));
    expect(panel.getByTestId('appointment-title')).toHaveTextContent('Botox consultation');
    expect(panel.getByText('(214) 555-0131')).toBeInTheDocument();
    expect(panel.getByText('sofia.marquez@mail.example')).toBeInTheDocument();
    expect(panel.getByText('Dallas')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Call' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'SMS' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(panel.queryByText('External (source or Read-Only)')).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'View Lead Profile' }));
    expect(where()).toBe('/leads/lead-1');
  });

  it('selects the deep-linked appointment; an external one links to GHL in a new tab', async () => {
    renderPage('/calendar/ext-1');
    const panel = within(await screen.findByTestId('appointment-panel'));
    expect(await panel.findByText('External (source or Read-Only)')).toBeInTheDocument();
    const link = panel.getByRole('link', { name: /View in GHL/ });
    expect(link).toHaveAttribute(
      'href',
      'https://app.gohighlevel.com/v2/location/ghl-loc/contacts/detail/ghl-contact',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(panel.queryByRole('button', { name: 'View Lead Profile' })).not.toBeInTheDocument();
    // External appointments cannot be dragged.
    const event = within(main()).getByText('GHL booking').closest('.fc-event');
    expect(event).not.toHaveClass('fc-event-draggable');
  });

  it('lets only upcoming appointments of the practice be dragged: started ones stay where they are', async () => {
    const inMinutes = (minutes: number) => {
      const start = new Date(Date.now() + minutes * 60_000);
      const end = new Date(start.getTime() + 30 * 60_000);
      return {
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        start_time_local: wall(start),
        end_time_local: wall(end),
      };
    };
    api.appointments.mockResolvedValue([
      anAppointment({ appointment_id: 'soon', title: 'Upcoming peel', ...at(0), ...inMinutes(30) }),
      anAppointment({ appointment_id: 'past', title: 'Earlier peel', ...at(0), ...inMinutes(-120) }),
    ]);
    renderPage();
    const upcoming = (await within(main()).findByText('Upcoming peel')).closest('.fc-event');
    expect(upcoming).toHaveClass('fc-event-draggable');
    expect(within(main()).getByText('Earlier peel').closest('.fc-event')).not.toHaveClass(
      'fc-event-draggable',
    );
  });

  it('Call opens the lead’s outcome form with that outcome chosen', async () => {
    renderPage('/calendar/apt-1');
    const panel = within(await screen.findByTestId('appointment-panel'));
    await userEvent.click(await panel.findByRole('button', { name: 'Call' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Log outcome for Sofia Marquez')).toBeInTheDocument();
    expect(api.person).toHaveBeenCalledWith('lead-1', expect.anything());
    expect(dialog.getByRole('radio', { name: 'Called Patient' })).toBeChecked();
  });

  it.each([
    ['SMS', 'Sent SMS'],
    ['Email', 'Sent Email'],
  ])('%s opens the lead’s outcome form with “%s” chosen', async (button, outcome) => {
    renderPage('/calendar/apt-1');
    const panel = within(await screen.findByTestId('appointment-panel'));
    await userEvent.click(await panel.findByRole('button', { name: button }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Log outcome for Sofia Marquez')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: outcome })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Called Patient' })).not.toBeChecked();
  });

  it('shows times on the location’s clock, not the browser’s', async () => {
    // The browser runs in UTC here; the practice is in Chicago: its 10:00 is shown as 10:00, and the calendar
    // opens on Chicago's today (between 00:00 and 06:00 UTC a day before UTC's).
    const chicagoToday = wallText(new Date(), 'America/Chicago').slice(0, 10);
    const start = instantOnClock(wallDate(`${chicagoToday}T10:00:00`) as Date, 'America/Chicago');
    api.appointments.mockResolvedValue([
      anAppointment({
        appointment_id: 'apt-chi',
        title: 'Chicago consult',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
        start_time_local: `${chicagoToday}T10:00:00`,
        end_time_local: `${chicagoToday}T10:30:00`,
        tz: 'America/Chicago',
      }),
    ]);
    renderPage('/calendar/apt-chi', [
      {
        id: 'loc-chicago',
        location_id: 'loc-chicago',
        name: 'Chicago',
        is_primary: true,
        timezone: 'America/Chicago',
      },
    ]);
    const event = (await within(main()).findByText('Chicago consult')).closest('.fc-event') as HTMLElement;
    expect(within(event).getByText('10a')).toBeInTheDocument();
    const panel = within(await screen.findByTestId('appointment-panel'));
    expect(panel.getByTestId('appointment-when')).toHaveTextContent(/10:00\sAM\s–\s10:30\sAM\sC[SD]T$/);
    await userEvent.click(within(main()).getByRole('button', { name: 'Day' }));
    // The day view opens on today on the practice's clock, with the event in the 10:00 slot.
    const inDay = (await within(main()).findByText('Chicago consult')).closest('.fc-event') as HTMLElement;
    expect(within(inDay).getByText('10:00 - 10:30')).toBeInTheDocument();
  });

  it('opening appointments replaces the history entry instead of adding one', async () => {
    renderPage(['/leads/lead-9', '/calendar']);
    await userEvent.click(await within(main()).findByText('Botox consultation'));
    expect(where()).toBe('/calendar/apt-1');
    await userEvent.click(within(main()).getByText('Filler review'));
    expect(where()).toBe('/calendar/apt-2');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toBe('/leads/lead-9');
  });

  it('signs out when the appointments call is refused with 401', async () => {
    api.appointments.mockRejectedValue(
      Object.assign(new Error('Unauthorized or Forbidden. Please login again.'), { status: 401 }),
    );
    renderPage();
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it('closing the panel goes back to /calendar', async () => {
    renderPage('/calendar/apt-1');
    const panel = within(await screen.findByTestId('appointment-panel'));
    await userEvent.click(panel.getByRole('button', { name: 'Close' }));
    expect(where()).toBe('/calendar');
    expect(screen.queryByTestId('appointment-panel')).not.toBeInTheDocument();
  });
});

describe('the calendar on a front-desk screen (1024–1366 px)', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    // 1280 px wide: narrower than 1366, 1440 and 1680.
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return { ...original(query), matches: max ? 1280 <= Number(max[1]) : false };
    }) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('collapses the filters to a button that opens them, and opens an appointment over the calendar', async () => {
    renderPage('/calendar/apt-1');
    expect(await screen.findByTestId('appointment-panel')).toBeInTheDocument();
    expect(screen.getByTestId('appointment-panel-frame')).toHaveAttribute('data-overlay', 'true');
    expect(screen.queryByTestId('calendar-sidebar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    expect(
      within(await screen.findByTestId('calendar-sidebar')).getByText('Calendar Overview'),
    ).toBeVisible();
  });
});
