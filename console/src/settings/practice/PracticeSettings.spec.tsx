import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { PracticeSettings } from './PracticeSettings';

const HOURS = {
  monday: { open: '08:00', close: '18:00', closed: false },
  tuesday: { open: '08:00', close: '18:00', closed: false },
  wednesday: { open: '08:00', close: '18:00', closed: false },
  thursday: { open: '08:00', close: '18:00', closed: false },
  friday: { open: '08:00', close: '16:00', closed: false },
  saturday: { open: '10:00', close: '14:00', closed: false },
  sunday: { open: '09:00', close: '17:00', closed: true },
};

const practice = () => ({
  practice_id: 'p-glow',
  name: 'Glow Aesthetics',
  website_url: 'https://glowaesthetics.com',
  automation_level: 'semi_auto',
  outreach_preferences: { enabled: true, channels: { email: { enabled: true } } },
});

const uptown = () => ({
  location_id: 'loc-1',
  practice_id: 'p-glow',
  name: 'Glow Uptown',
  address: '2100 McKinney Ave, Dallas, TX 75201',
  timezone: 'America/Chicago',
  phone: '(214) 555-0100',
  is_primary: true,
  is_active: true,
  business_hours: HOURS,
});

const plano = () => ({
  location_id: 'loc-2',
  practice_id: 'p-glow',
  name: 'Glow Plano',
  address: '5800 Legacy Dr, Plano, TX 75024',
  timezone: 'America/Chicago',
  phone: '',
  is_primary: false,
  is_active: true,
  business_hours: null,
});

/** The gateway for one practice, keeping what is PATCHed (the list answers with the changes). */
function gateway(overrides: Record<string, unknown> = {}) {
  const locations = [uptown(), plano()];
  const patch = (index: number) => (_url: string, init: { body?: string }) => {
    Object.assign(locations[index], JSON.parse(init.body ?? '{}'));
    return json(locations[index]);
  };
  return mockGateway({
    'GET practices/p-glow': practice(),
    'GET practices/p-glow/locations/': () => json(locations),
    'PATCH practices/p-glow/locations/loc-1': patch(0),
    'PATCH practices/p-glow/locations/loc-2': patch(1),
    'PATCH practices/p-glow': (_url: string, init: { body?: string }) =>
      json({ ...practice(), ...JSON.parse(init.body ?? '{}') }),
    ...overrides,
  });
}

const show = () => renderAt('/settings/practice', <PracticeSettings practiceId="p-glow" />);

describe('Practice Locations', () => {
  it('says it is loading, then shows the practice, the primary and the secondary location', async () => {
    gateway();
    show();

    expect(screen.getByText('Loading Practice Settings...')).toBeInTheDocument();
    const info = await screen.findByTestId('practice-information');
    expect(within(info).getByRole('heading', { name: 'Practice Information' })).toBeInTheDocument();
    expect(within(info).getByLabelText(/Practice Name/)).toHaveValue('Glow Aesthetics');
    expect(within(info).getByLabelText('Website URL')).toHaveValue('https://glowaesthetics.com');

    const primary = screen.getByTestId('primary-location');
    expect(within(primary).getByRole('heading', { name: 'Primary Location' })).toBeInTheDocument();
    expect(within(primary).getByLabelText(/Location Name/)).toHaveValue('Glow Uptown');
    expect(within(primary).getByLabelText(/Street Address/)).toHaveValue('2100 McKinney Ave');
    expect(within(primary).getByLabelText(/City/)).toHaveValue('Dallas');
    expect(within(primary).getByLabelText('ZIP Code')).toHaveValue('75201');
    expect(within(primary).getByTestId('location-state')).toHaveTextContent('TX');
    expect(within(primary).getByTestId('location-timezone')).toHaveTextContent('Central');
    expect(within(primary).getByRole('switch', { name: 'Primary Location' })).toBeDisabled();
    expect(within(primary).getByRole('switch', { name: 'Primary Location' })).toBeChecked();
    expect(within(primary).getByLabelText('Monday opening time')).toHaveValue('08:00');
    expect(within(primary).queryByText('Inherited from Primary')).not.toBeInTheDocument();

    const secondary = screen.getByTestId('secondary-location');
    expect(within(secondary).getByRole('heading', { name: 'Glow Plano' })).toBeInTheDocument();
    expect(within(secondary).getByText('Inherited from Primary')).toBeInTheDocument();
    // Inherited hours are the primary's, read-only.
    expect(within(secondary).getByTestId('business-hours')).toHaveTextContent('Friday08:00 – 16:00');
    expect(within(secondary).queryByLabelText('Monday opening time')).not.toBeInTheDocument();
    expect(within(secondary).getByRole('button', { name: 'Override' })).toBeInTheDocument();
    expect(screen.getByText('Add Another Location')).toBeInTheDocument();
  });

  it('saves a field on blur and shows it saved', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const name = within(await screen.findByTestId('primary-location')).getByLabelText(/Location Name/);
    await user.clear(name);
    await user.type(name, 'Glow Downtown');
    await user.tab();

    expect(await within(screen.getByTestId('primary-location')).findByText('Saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: 'practices/p-glow/locations/loc-1', body: { name: 'Glow Downtown' } },
    ]);
  });

  it('refuses an emptied required field inline and saves nothing', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const city = within(await screen.findByTestId('primary-location')).getByLabelText(/City/);
    await user.clear(city);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('City is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('saves an address part as the whole address joined', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const zip = within(await screen.findByTestId('primary-location')).getByLabelText('ZIP Code');
    await user.clear(zip);
    await user.type(zip, '75202-1234{Enter}');

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        address: '2100 McKinney Ave, Dallas, TX 75202-1234',
      }),
    );
  });

  it('saves a timezone and a state when chosen, offering the six timezones and the states', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const primary = await screen.findByTestId('primary-location');
    await user.click(within(primary).getByRole('combobox', { name: /Timezone/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Eastern',
      'Central',
      'Mountain',
      'Pacific',
      'Alaska',
      'Hawaii',
    ]);
    await user.click(screen.getByRole('option', { name: 'Pacific' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        timezone: 'America/Los_Angeles',
      }),
    );

    await user.click(within(primary).getByRole('combobox', { name: /State/ }));
    expect(screen.getAllByRole('option')).toHaveLength(51);
    await user.click(screen.getByRole('option', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
        address: '2100 McKinney Ave, Dallas, OK 75201',
      }),
    );
  });

  it('refuses a bad ZIP code', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const zip = within(await screen.findByTestId('primary-location')).getByLabelText('ZIP Code');
    await user.clear(zip);
    await user.type(zip, '7520{Enter}');

    expect(await screen.findByText('Please enter a valid ZIP code')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('formats the phone as it is typed, refuses a short one and saves a full one', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const phone = within(await screen.findByTestId('secondary-location')).getByLabelText('Phone');
    await user.type(phone, '972555');
    expect(phone).toHaveValue('(972) 555');
    await user.tab();
    expect(await screen.findByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();

    await user.type(phone, '0188');
    expect(phone).toHaveValue('(972) 555-0188');
    await user.tab();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: 'practices/p-glow/locations/loc-2', body: { phone: '(972) 555-0188' } },
      ]),
    );
  });

  it("shows a failed save under the field, with the server's reason", async () => {
    gateway({
      'PATCH practices/p-glow/locations/loc-1': () =>
        json({ detail: 'A location named Glow Uptown Two already exists' }, { status: 409 }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    const name = within(await screen.findByTestId('primary-location')).getByLabelText(/Location Name/);
    await user.type(name, ' Two{Enter}');

    expect(await screen.findByText('A location named Glow Uptown Two already exists')).toBeInTheDocument();
    expect(name).toHaveValue('Glow Uptown Two');
  });

  it("says 'Failed to save. Please try again.' when the server gives no reason", async () => {
    gateway({ 'PATCH practices/p-glow/locations/loc-1': () => new Response('', { status: 502 }) });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    const name = within(await screen.findByTestId('primary-location')).getByLabelText(/Location Name/);
    await user.type(name, ' Two{Enter}');

    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument();
  });

  it('makes a secondary primary with two updates: the new one first, then the old one', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const secondary = await screen.findByTestId('secondary-location');
    await user.click(within(secondary).getByRole('switch', { name: 'Make Primary' }));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: 'practices/p-glow/locations/loc-2', body: { is_primary: true } },
        { method: 'PATCH', path: 'practices/p-glow/locations/loc-1', body: { is_primary: false } },
      ]),
    );
    // …and the list is fetched again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'practices/p-glow/locations/').length).toBeGreaterThan(1),
    );
  });

  it('refetches the locations when making a location primary fails', async () => {
    const { calls } = gateway({
      'PATCH practices/p-glow/locations/loc-2': () => json({ detail: 'nope' }, { status: 422 }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByTestId('secondary-location')).getByRole('switch', { name: 'Make Primary' }),
    );

    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'practices/p-glow/locations/').length).toBe(2),
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    expect(within(screen.getByTestId('secondary-location')).getByRole('alert')).toHaveTextContent('nope');
  });

  it('Override copies the primary’s hours; Reset to Inherited sets them to null', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByTestId('secondary-location')).getByRole('button', { name: 'Override' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: 'practices/p-glow/locations/loc-2',
        body: { business_hours: HOURS },
      }),
    );
    const secondary = screen.getByTestId('secondary-location');
    expect(await within(secondary).findByLabelText('Monday opening time')).toHaveValue('08:00');
    expect(within(secondary).queryByText('Inherited from Primary')).not.toBeInTheDocument();

    await user.click(within(secondary).getByRole('button', { name: 'Reset to Inherited' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ business_hours: null }),
    );
  });

  it('disables Override while it saves and shows a failed Override or Reset to Inherited', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = gateway({
      'PATCH practices/p-glow/locations/loc-2': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    const secondary = await screen.findByTestId('secondary-location');
    const override = within(secondary).getByRole('button', { name: 'Override' });
    await user.click(override);
    await waitFor(() => expect(override).toBeDisabled());
    answer(json({ detail: 'business_hours: monday closes before it opens' }, { status: 422 }));

    expect(
      await within(secondary).findByText('business_hours: monday closes before it opens'),
    ).toBeInTheDocument();
    expect(override).toBeEnabled();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('saves hours as the whole week when a day is closed', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const primary = await screen.findByTestId('primary-location');
    await user.click(within(primary).getByRole('switch', { name: 'Saturday Closed' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        business_hours: { ...HOURS, saturday: { ...HOURS.saturday, closed: true } },
      }),
    );
  });

  it('keeps the hours editable while they save (focus stays put) and then saves the latest week', async () => {
    let release: () => void = () => undefined;
    const { calls } = gateway({
      'PATCH practices/p-glow/locations/loc-1': (_url: string, init: { body?: string }) => {
        const answer = json({ ...uptown(), ...JSON.parse(init.body ?? '{}') });
        if (calls.filter((call) => call.method === 'PATCH').length > 1) return answer;
        return new Promise<Response>((resolve) => (release = () => resolve(answer)));
      },
    });
    show();
    const user = userEvent.setup();

    const primary = await screen.findByTestId('primary-location');
    const opening = within(primary).getByLabelText('Monday opening time');
    const closing = within(primary).getByLabelText('Monday closing time');
    await user.click(opening);
    fireEvent.change(opening, { target: { value: '09:00' } });
    await user.tab();

    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(closing).toBeEnabled();
    expect(closing).toHaveFocus();
    expect(within(primary).getByRole('switch', { name: 'Monday Closed' })).toBeEnabled();

    fireEvent.change(closing, { target: { value: '19:00' } });
    await user.tab();
    release();

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { business_hours: { ...HOURS, monday: { open: '09:00', close: '18:00', closed: false } } },
        { business_hours: { ...HOURS, monday: { open: '09:00', close: '19:00', closed: false } } },
      ]),
    );
  });

  it('adds a location with the defaults', async () => {
    const { calls } = gateway({
      'POST practices/p-glow/locations/': () =>
        json({ ...plano(), location_id: 'loc-3', name: 'New Location' }),
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('add-location'));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'New Location',
        address: 'Address to be updated',
        timezone: 'America/New_York',
        phone: '',
        is_primary: false,
        is_active: true,
      }),
    );
  });

  it('asks before deleting a location, reads Deleting... while busy, then deletes it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = gateway({
      'DELETE practices/p-glow/locations/loc-2': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    show();
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByTestId('secondary-location')).getByRole('button', {
        name: 'Delete Glow Plano',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Location' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Glow Plano? This action cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Location' }));

    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    answer(json({ location_id: 'loc-2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === 'practices/p-glow/locations/loc-2'),
    ).toBe(true);
  });

  it("keeps the confirmation open on a failed delete, with the server's reason", async () => {
    gateway({
      'DELETE practices/p-glow/locations/loc-2': () =>
        json({ detail: 'The location has upcoming appointments' }, { status: 409 }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByTestId('secondary-location')).getByRole('button', {
        name: 'Delete Glow Plano',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Location' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Location' }));
    expect(await within(dialog).findByTestId('delete-failed')).toHaveTextContent(
      'The location has upcoming appointments',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete Location' })).toBeEnabled();
  });

  it("says why a location could not be added, and adds it on 'Try again'", async () => {
    let refuse = true;
    const { calls } = gateway({
      'POST practices/p-glow/locations/': () =>
        refuse
          ? json({ detail: 'A practice has at most 20 locations' }, { status: 422 })
          : json({ ...plano(), location_id: 'loc-3', name: 'New Location' }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('add-location'));
    const failed = await screen.findByTestId('add-location-failed');
    expect(failed).toHaveTextContent('A practice has at most 20 locations');

    refuse = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('add-location-failed')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('Cancel closes the confirmation without deleting', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByTestId('secondary-location')).getByRole('button', {
        name: 'Delete Glow Plano',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('toggles Location-Based Lead Filtering under Advanced Settings, keeping the other preferences', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Advanced Settings' }));
    expect(screen.getByText('Only process form submissions matching active locations')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Location-Based Lead Filtering/ }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: 'practices/p-glow',
        body: {
          outreach_preferences: {
            enabled: true,
            channels: { email: { enabled: true } },
            enforce_location_filtering: true,
          },
        },
      }),
    );
  });

  it('keeps Location-Based Lead Filtering focused while it saves and ignores a second toggle meanwhile', async () => {
    let release: () => void = () => undefined;
    const { calls } = gateway({
      'PATCH practices/p-glow': (_url: string, init: { body?: string }) =>
        new Promise<Response>(
          (resolve) => (release = () => resolve(json({ ...practice(), ...JSON.parse(init.body ?? '{}') }))),
        ),
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Advanced Settings' }));
    const filtering = screen.getByRole('switch', { name: /Location-Based Lead Filtering/ });
    await user.click(filtering);
    expect(await screen.findByLabelText('Saving…')).toBeInTheDocument();
    expect(filtering).toBeEnabled();
    expect(filtering).toHaveFocus();
    expect(filtering).toBeChecked();

    await user.click(filtering);
    release();
    await waitFor(() => expect(screen.queryByLabelText('Saving…')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    expect(filtering).toBeChecked();
  });

  it('refuses an invalid website and saves a bare host', async () => {
    const { calls } = gateway();
    show();
    const user = userEvent.setup();

    const website = await screen.findByLabelText('Website URL');
    await user.clear(website);
    await user.type(website, 'not a site{Enter}');
    expect(await screen.findByText('Please enter a valid website URL')).toBeInTheDocument();

    await user.clear(website);
    await user.type(website, 'glowdallas.com{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ website_url: 'glowdallas.com' }),
    );
  });

  it('refuses an empty practice name', async () => {
    gateway();
    show();
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/Practice Name/));
    await user.tab();
    expect(await screen.findByText('Practice name is required')).toBeInTheDocument();
  });
});
