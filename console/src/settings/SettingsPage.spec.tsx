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
    ['security', 'Security'],
    ['appearance', 'Appearance'],
    ['sms', 'SMS'],
    ['locations', 'Locations'],
    ['profile', 'Profile'],
    ['communications', 'AI Communications'],
    ['email', 'Email Accounts'],
    ['calendar', 'Calendar Integrations'],
    ['field-mapping', 'Form Field Mapping'],
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

    expect(await screen.findByRole('heading', { name: 'Email Accounts' })).toBeInTheDocument();
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

  it('sends the user to /login when the practices answer 401', async () => {
    mockGateway({
      'GET users/me/practices': () => json({ detail: 'Not authenticated' }, { status: 401 }),
    });
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
