import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { browser } from '../email/leavePage';
import { json, mockGateway, renderAt } from '../testKit';
import { CalendarSettings } from './CalendarSettings';

const LIST = 'calendar/integrations?practice_id=p-glow';
const ASSIGNMENTS = 'calendar/assignments?practice_id=p-glow';
const LOCATIONS = 'practices/p-glow/locations/';

const GHL = {
  calendar_integration_id: 'ci-1',
  practice_id: 'p-glow',
  provider: 'ghl',
  provider_tenant_id: 'ghl-loc-42',
  auth_method: 'oauth2',
  status: 'active',
  last_sync_timestamp: null,
  last_error: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const INTERNAL = {
  ...GHL,
  calendar_integration_id: 'ci-2',
  provider: 'internal',
  provider_tenant_id: 'p-glow',
  auth_method: 'none',
};

const location = (location_id: string, name: string, is_active = true) => ({
  location_id,
  practice_id: 'p-glow',
  name,
  address: '1 Main St, Austin, TX 78701',
  timezone: 'America/Chicago',
  phone: '',
  is_primary: location_id === 'loc-1',
  is_active,
  business_hours: null,
});

const CALENDARS = {
  calendars: [
    { id: 'cal-main', name: 'Main Consults', description: 'Consultations at the main office' },
    { id: 'cal-uptown', name: 'Uptown Consults', description: null },
  ],
};

/** Where the router is: the address the page leaves behind. */
function Address() {
  const current = useLocation();
  return <output data-testid="address">{current.pathname + current.search}</output>;
}

const show = (path = '/settings/calendar') =>
  renderAt(
    path,
    <>
      <CalendarSettings practiceId="p-glow" />
      <Address />
    </>,
  );

const cards = () => screen.findAllByTestId('calendar-integration');
const testButton = () => screen.getByTestId('calendar-connection-test');

/** The gateway of a practice with one GHL integration, two active locations and one inactive. */
function configurableGateway(saved: unknown[] = []) {
  return mockGateway({
    [`GET ${LIST}`]: [GHL],
    [`GET ${ASSIGNMENTS}`]: saved,
    [`GET ${LOCATIONS}`]: [
      location('loc-1', 'Uptown'),
      location('loc-2', 'Plano'),
      location('loc-3', 'Closed Annex', false),
    ],
    'GET calendar/integrations/ci-1/calendars': CALENDARS,
    'PUT calendar/integrations/ci-1/assignments': (_url: string, init: { body?: string }) => {
      const body = JSON.parse(init.body ?? '{}') as { assignments: { location_id: string | null }[] };
      const all = body.assignments[0]?.location_id === null;
      return json({
        calendar_integration_id: 'ci-1',
        assignments: body.assignments,
        summary: {
          mode: all ? 'all_locations' : 'per_location',
          message: all ? 'Main Consults serves all locations.' : '2 of 2 locations have a calendar.',
        },
      });
    },
  });
}

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('Settings › Calendar Integrations', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('lists each integration with its provider name, status and account; no Add Integration then', async () => {
    mockGateway({
      [`GET ${LIST}`]: [
        GHL,
        { ...INTERNAL, status: 'error', last_error: 'The calendar account no longer grants access.' },
        { ...GHL, calendar_integration_id: 'ci-3', provider: 'symplast', status: 'pending' },
        { ...GHL, calendar_integration_id: 'ci-4', provider: 'outlook', status: 'revoked' },
      ],
    });
    show();

    const [ghl, internal, symplast, outlook] = await cards();
    expect(ghl).toHaveTextContent('GoHighLevel');
    expect(ghl).toHaveTextContent('Account: ghl-loc-42');
    expect(ghl).toHaveTextContent('Last sync: Never');
    expect(within(ghl).getByTestId('calendar-integration-status')).toHaveTextContent('Active');
    expect(within(ghl).getByTestId('calendar-integration-status')).toHaveClass('MuiChip-colorSuccess');
    expect(internal).toHaveTextContent('Internal');
    expect(internal).not.toHaveTextContent('Account:');
    expect(within(internal).getByTestId('calendar-integration-status')).toHaveClass('MuiChip-colorError');
    expect(internal).toHaveTextContent('The calendar account no longer grants access.');
    expect(symplast).toHaveTextContent('Symplast');
    expect(within(symplast).getByTestId('calendar-integration-status')).toHaveClass('MuiChip-colorWarning');
    expect(outlook).toHaveTextContent('Outlook Calendar');
    expect(within(outlook).getByTestId('calendar-integration-status')).toHaveTextContent('revoked');
    expect(within(outlook).getByTestId('calendar-integration-status')).toHaveClass('MuiChip-colorDefault');

    expect(screen.queryByRole('link', { name: 'Add Integration' })).not.toBeInTheDocument();
    expect(screen.getByTestId('calendar-one-active')).toHaveTextContent(
      'You can only have one active calendar integration at a time.',
    );
  });

  it('offers Add Integration only when no integration exists, and it opens the provider choice', async () => {
    mockGateway({ [`GET ${LIST}`]: [] });
    show();
    const user = userEvent.setup();

    expect(await screen.findByTestId('calendar-integrations-empty')).toHaveTextContent(
      'No calendar integration connected yet.',
    );
    await user.click(screen.getByRole('link', { name: 'Add Integration' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/settings\/calendar\/add$/);
    for (const name of ['GoHighLevel', 'Symplast', 'Leadar', 'Internal'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it.each([
    ['GoHighLevel', 'ghl', 'https://marketplace.gohighlevel.com/v2/oauth/chooselocation?state=s'],
    ['Symplast', 'symplast', 'https://auth.symplast.example/authorize?state=s'],
    ['Leadar', 'leadar', 'https://auth.leadar.example/authorize?state=s'],
  ])(
    'choosing %s opens its authorization flow, which sends the browser to the consent page',
    async (name, provider, url) => {
      const leave = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
      const { calls } = mockGateway({
        [`GET ${LIST}`]: [],
        [`GET calendar/oauth/authorize/${provider}?practice_id=p-glow`]: { authorization_url: url },
      });
      show('/settings/calendar/add');
      const user = userEvent.setup();

      await user.click(screen.getByRole('button', { name }));
      expect(screen.getByTestId('address')).toHaveTextContent(`/settings/calendar/add/${provider}`);
      expect(screen.getByTestId('calendar-authorization')).toHaveTextContent(`Connect ${name}`);
      await waitFor(() => expect(leave).toHaveBeenCalledWith(url));
      expect(leave).toHaveBeenCalledTimes(1);
      expect(calls.filter((call) => call.path.startsWith('calendar/oauth'))).toHaveLength(1);
    },
  );

  it('only logs a failed start of the authorization (no message; the browser stays with a way back)', async () => {
    const leave = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGateway({
      'GET calendar/oauth/authorize/ghl?practice_id=p-glow': () =>
        json({ detail: 'GoHighLevel is not configured' }, { status: 409 }),
    });
    show('/settings/calendar/add/ghl');

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(leave).not.toHaveBeenCalled();
    expect(screen.queryByText('GoHighLevel is not configured')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Calendar Integrations' })).toHaveAttribute(
      'href',
      '/settings/calendar',
    );
  });

  it('creates the internal integration with the spec’s body, then lists it', async () => {
    let integrations: unknown[] = [];
    const { calls } = mockGateway({
      [`GET ${LIST}`]: () => json(integrations),
      'POST calendar/integrations': () => {
        integrations = [INTERNAL];
        return json(INTERNAL, { status: 201 });
      },
    });
    show('/settings/calendar/add');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Internal' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/settings\/calendar$/));
    const [card] = await cards();
    expect(card).toHaveTextContent('Internal');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: 'calendar/integrations',
        body: {
          practice_id: 'p-glow',
          provider: 'internal',
          provider_tenant_id: 'p-glow',
          auth_method: 'none',
          status: 'active',
        },
      },
    ]);
  });

  it('says so when the internal integration cannot be created, and stays on the choice', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGateway({
      [`GET ${LIST}`]: [],
      'POST calendar/integrations': () =>
        json({ detail: 'You can only have one active calendar integration at a time.' }, { status: 409 }),
    });
    show('/settings/calendar/add');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Internal' }));
    expect(await screen.findByTestId('calendar-create-failed')).toHaveTextContent(
      'Failed to create internal calendar integration. Please try again.',
    );
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/settings\/calendar\/add$/);
  });

  it('shows the oauth_failed banner, removes the query from the address, and can be dismissed', async () => {
    mockGateway({ [`GET ${LIST}`]: [] });
    show('/settings/calendar?error=oauth_failed');
    const user = userEvent.setup();

    const banner = await screen.findByTestId('calendar-oauth-failed');
    expect(banner).toHaveTextContent('Failed to connect integration account. Please try again.');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/settings\/calendar$/));
    expect(screen.getByTestId('calendar-oauth-failed')).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: /close/i }));
    expect(screen.queryByTestId('calendar-oauth-failed')).not.toBeInTheDocument();
  });

  it('shows no banner without the query', async () => {
    mockGateway({ [`GET ${LIST}`]: [GHL] });
    show();
    await cards();
    expect(screen.queryByTestId('calendar-oauth-failed')).not.toBeInTheDocument();
  });

  it('opens and closes the configuration panel per integration', async () => {
    mockGateway({
      [`GET ${LIST}`]: [GHL, INTERNAL],
      [`GET ${ASSIGNMENTS}`]: [],
      [`GET ${LOCATIONS}`]: [location('loc-1', 'Uptown')],
      'GET calendar/integrations/ci-1/calendars': CALENDARS,
      'GET calendar/integrations/ci-2/calendars': {
        calendars: [{ id: 'internal', name: 'PracticePilot Calendar' }],
      },
    });
    show();
    const user = userEvent.setup();
    const [ghl, internal] = await cards();

    await user.click(within(ghl).getByRole('button', { name: 'Configure' }));
    expect(within(ghl).getByTestId('calendar-config-panel')).toBeInTheDocument();
    expect(within(internal).queryByTestId('calendar-config-panel')).not.toBeInTheDocument();

    await user.click(within(internal).getByRole('button', { name: 'Configure' }));
    await user.click(within(ghl).getByRole('button', { name: 'Hide configuration' }));
    expect(within(ghl).queryByTestId('calendar-config-panel')).not.toBeInTheDocument();
    expect(within(internal).getByTestId('calendar-config-panel')).toBeInTheDocument();
  });

  it('saves one calendar for all locations only once it is chosen, and shows the summary', async () => {
    const { calls } = configurableGateway();
    show();
    const user = userEvent.setup();
    const [ghl] = await cards();
    await user.click(within(ghl).getByRole('button', { name: 'Configure' }));

    const save = await screen.findByRole('button', { name: 'Save configuration' });
    expect(screen.getByRole('radio', { name: 'All locations (one calendar)' })).toBeChecked();
    expect(screen.getByTestId('calendar-assignment-warning')).toHaveTextContent(
      'Please select a calendar for all locations.',
    );
    expect(save).toBeDisabled();

    await choose('Calendar', 'Main Consults');
    expect(screen.queryByTestId('calendar-assignment-warning')).not.toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByTestId('calendar-assignment-summary')).toHaveTextContent(
      'Main Consults serves all locations.',
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: 'calendar/integrations/ci-1/assignments',
        body: {
          assignments: [
            {
              location_id: null,
              external_calendar_id: 'cal-main',
              calendar_name: 'Main Consults',
              calendar_description: 'Consultations at the main office',
              is_active: true,
            },
          ],
        },
      },
    ]);
  });

  it('per location needs a calendar for every active location before it saves', async () => {
    const { calls } = configurableGateway();
    show();
    const user = userEvent.setup();
    const [ghl] = await cards();
    await user.click(within(ghl).getByRole('button', { name: 'Configure' }));
    await screen.findByRole('button', { name: 'Save configuration' });

    await user.click(screen.getByRole('radio', { name: 'Per location' }));
    expect(screen.getByTestId('calendar-assignment-warning')).toHaveTextContent(
      'Please select a calendar for each location.',
    );
    expect(screen.queryByRole('combobox', { name: 'Calendar for Closed Annex' })).not.toBeInTheDocument();

    await choose('Calendar for Uptown', 'Main Consults');
    expect(screen.getByTestId('calendar-assignment-warning')).toHaveTextContent(
      'Please select a calendar for each location.',
    );
    expect(screen.getByRole('button', { name: 'Save configuration' })).toBeDisabled();

    await choose('Calendar for Plano', 'Uptown Consults');
    expect(screen.queryByTestId('calendar-assignment-warning')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByTestId('calendar-assignment-summary')).toHaveTextContent(
      '2 of 2 locations have a calendar.',
    );
    const [put] = calls.filter((call) => call.method === 'PUT');
    expect(put.body).toEqual({
      assignments: [
        expect.objectContaining({ location_id: 'loc-1', external_calendar_id: 'cal-main' }),
        expect.objectContaining({ location_id: 'loc-2', external_calendar_id: 'cal-uptown' }),
      ],
    });
  });

  it('opens in the saved mode with the saved calendars', async () => {
    const saved = (location_id: string, external_calendar_id: string, calendar_name: string) => ({
      calendar_integration_id: 'ci-1',
      location_id,
      external_calendar_id,
      calendar_name,
      calendar_description: null,
      is_active: true,
    });
    configurableGateway([
      saved('loc-1', 'cal-main', 'Main Consults'),
      saved('loc-2', 'cal-uptown', 'Uptown Consults'),
    ]);
    show();
    const user = userEvent.setup();
    const [ghl] = await cards();
    await user.click(within(ghl).getByRole('button', { name: 'Configure' }));

    await screen.findByRole('button', { name: 'Save configuration' });
    expect(screen.getByRole('radio', { name: 'Per location' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Calendar for Uptown' })).toHaveTextContent('Main Consults');
    expect(screen.getByRole('combobox', { name: 'Calendar for Plano' })).toHaveTextContent('Uptown Consults');
    expect(screen.queryByTestId('calendar-assignment-warning')).not.toBeInTheDocument();
  });

  it.each([
    ['Connected', () => json({ status: 'connected', detail: 'Connected: 2 calendars available' })],
    ['Failed', () => json({ status: 'failed', detail: 'Could not reach the calendar provider' })],
    ['Failed', () => json({ detail: 'The calendar service is unavailable' }, { status: 503 })],
  ])('the connection test goes idle → testing → %s → idle after 2 seconds', async (outcome, answer) => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    mockGateway({
      [`GET ${LIST}`]: [GHL],
      'GET calendar/integrations/ci-1/health': async () => {
        await answered;
        return answer();
      },
    });
    show();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await cards();

    expect(testButton()).toHaveTextContent('Test Connection');
    expect(testButton()).toHaveAttribute('data-state', 'idle');
    await user.click(testButton());
    expect(testButton()).toHaveTextContent('Testing...');
    expect(testButton()).toBeDisabled();

    await act(async () => release());
    await waitFor(() => expect(testButton()).toHaveTextContent(outcome));
    expect(testButton()).toHaveAttribute('data-state', outcome === 'Connected' ? 'success' : 'error');
    if (outcome === 'Connected')
      expect(screen.getByTestId('calendar-last-sync')).not.toHaveTextContent('Never');
    else expect(screen.getByTestId('calendar-last-sync')).toHaveTextContent('Last sync: Never');

    act(() => jest.advanceTimersByTime(1999));
    expect(testButton()).toHaveTextContent(outcome);
    act(() => jest.advanceTimersByTime(1));
    expect(testButton()).toHaveTextContent('Test Connection');
    expect(testButton()).toHaveAttribute('data-state', 'idle');
  });

  it('deletes an integration only after confirmation, then offers Add Integration again', async () => {
    let integrations: unknown[] = [GHL];
    const { calls } = mockGateway({
      [`GET ${LIST}`]: () => json(integrations),
      'DELETE calendar/integrations/ci-1': () => {
        integrations = [];
        return json(GHL);
      },
    });
    show();
    const user = userEvent.setup();
    await cards();

    await user.click(screen.getByRole('button', { name: 'Delete the GoHighLevel integration' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('This will remove all calendar sync capabilities.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(screen.getAllByTestId('calendar-integration')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete the GoHighLevel integration' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('link', { name: 'Add Integration' })).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-integration')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: 'calendar/integrations/ci-1', body: undefined },
    ]);
  });
});
