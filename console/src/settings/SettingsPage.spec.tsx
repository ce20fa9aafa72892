import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPage } from './SettingsPage';
import { json, mockGateway, PRACTICE, renderAt } from './testKit';

const menuLabels = [
  'AI Communications',
  'Practice Locations',
  'Practice Knowledge',
  'Pricing & Promotions',
  'Form Field Mapping',
  'Calendar Integrations',
  'User Management',
  'Notifications',
  'Security',
  'Appearance',
];

describe('the settings shell', () => {
  it('lists every category of the side menu in order, communications with its badge 0', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE] });
    renderAt('/settings/users', <SettingsPage />);

    const menu = await screen.findByRole('navigation', { name: 'Settings categories' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['AI Communications0', ...menuLabels.slice(1)]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/communications',
      '/settings/practice',
      '/settings/knowledge',
      '/settings/pricing',
      '/settings/field-mapping',
      '/settings/calendar',
      '/settings/users',
      '/settings/notifications',
      '/settings/security',
      '/settings/appearance',
    ]);
    expect(within(menu).getByRole('link', { name: 'User Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it.each([
    ['users', 'User Management'],
    ['notifications', 'Notifications'],
    ['appearance', 'Appearance'],
    ['sms', 'SMS'],
    ['locations', 'Locations'],
    ['profile', 'Profile'],
  ])('shows Coming Soon for %s', async (key, title) => {
    mockGateway({ 'GET users/me/practices': [PRACTICE] });
    renderAt(`/settings/${key}`, <SettingsPage />);

    const placeholder = await screen.findByTestId('settings-coming-soon');
    expect(within(placeholder).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(placeholder).toHaveTextContent(
      `${title} settings are currently under development. This section will be available in a future update.`,
    );
  });

  it('keeps the category for the longer address shapes', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE] });
    renderAt('/settings/email/add/generic', <SettingsPage />);

    expect(await screen.findByRole('heading', { name: 'Add Email Account' })).toBeInTheDocument();
    expect(screen.getByTestId('email-generic-placeholder')).toHaveTextContent(
      'The form for other email providers is not built yet.',
    );
  });

  it('says so for a category that does not exist', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE] });
    renderAt('/settings/nothing-here', <SettingsPage />);

    expect(await screen.findByText('There is no settings category at this address.')).toBeInTheDocument();
  });

  it('uses the first practice when the stored one is not the user’s, and stores it', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE, { practice_id: 'p-2', name: 'Other' }] });
    window.localStorage.setItem('selectedPracticeId', 'p-gone');
    renderAt('/settings/users', <SettingsPage />);

    await waitFor(() => expect(window.localStorage.getItem('selectedPracticeId')).toBe('p-glow'));
  });

  it('keeps the stored practice when it is one of the user’s', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE, { practice_id: 'p-2', name: 'Other' }] });
    window.localStorage.setItem('selectedPracticeId', 'p-2');
    renderAt('/settings/users', <SettingsPage />);

    await screen.findByTestId('settings-coming-soon');
    await waitFor(() => expect(window.localStorage.getItem('selectedPracticeId')).toBe('p-2'));
  });

  it('renders a built category for the selected practice (Practice Locations)', async () => {
    mockGateway({
      'GET users/me/practices': [PRACTICE],
      'GET practices/p-glow': {
        ...PRACTICE,
        website_url: null,
        automation_level: 'manual',
        outreach_preferences: {},
      },
      'GET practices/p-glow/locations/': [],
    });
    renderAt('/settings/practice', <SettingsPage />);

    expect(await screen.findByRole('heading', { name: 'Practice Information' })).toBeInTheDocument();
  });

  it('renders Calendar Integrations for the selected practice', async () => {
    mockGateway({
      'GET users/me/practices': [PRACTICE],
      'GET calendar/integrations?practice_id=p-glow': [],
    });
    renderAt('/settings/calendar', <SettingsPage />);

    expect(
      await screen.findByRole('heading', { name: 'Calendar Integrations', level: 2 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add Integration' })).toBeInTheDocument();
  });

  it('renders Form Field Mapping for the selected practice', async () => {
    mockGateway({
      'GET users/me/practices': [PRACTICE],
      'GET practices/p-glow/field-mapping': { discovered_fields: [], current_mappings: {} },
    });
    renderAt('/settings/field-mapping', <SettingsPage />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Form Field Mapping' })).toBeInTheDocument();
    expect(screen.queryByTestId('settings-coming-soon')).not.toBeInTheDocument();
    expect(await screen.findByTestId('field-mapping-empty')).toBeInTheDocument();
  });

  it('says no practice is selected on the knowledge page of a user without practices', async () => {
    mockGateway({ 'GET users/me/practices': [] });
    renderAt('/settings/knowledge', <SettingsPage />);

    expect(
      await screen.findByText('No practice selected. Please select a practice to view knowledge entries.'),
    ).toBeInTheDocument();
  });

  it('retries a failed practices load up to 2 times', async () => {
    let attempts = 0;
    mockGateway({
      'GET users/me/practices': () => {
        attempts += 1;
        return attempts <= 2 ? json({ detail: 'Bad Gateway' }, { status: 502 }) : json([]);
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failed calls
    renderAt('/settings/knowledge', <SettingsPage />);

    expect(
      await screen.findByText(
        'No practice selected. Please select a practice to view knowledge entries.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(attempts).toBe(3);
  });

  it('sends the user to /login when the practices answer 401', async () => {
    mockGateway({
      'GET users/me/practices': () => json({ detail: 'Not authenticated' }, { status: 401 }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failed call
    renderAt('/settings/practice', <SettingsPage />);

    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('moves between categories from the menu by keyboard', async () => {
    mockGateway({ 'GET users/me/practices': [PRACTICE] });
    renderAt('/settings/users', <SettingsPage />);
    const user = userEvent.setup();

    const menu = await screen.findByRole('navigation', { name: 'Settings categories' });
    within(menu).getByRole('link', { name: 'Security' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
  });
});
