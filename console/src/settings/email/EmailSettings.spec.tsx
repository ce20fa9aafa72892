import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { json, mockGateway, renderAt } from '../testKit';
import { EmailSettings } from './EmailSettings';
import { browser } from './leavePage';

const LIST = 'email/accounts?practice_id=p-glow';

const ACCOUNTS = [
  {
    email_account_id: 'a-1',
    id: 'a-1',
    practice_id: 'p-glow',
    email_address: 'frontdesk@glowaesthetics.example',
    provider: 'google',
    status: 'active',
    created_at: '2026-11-20T10:00:00.000Z',
    last_sync_timestamp: '2026-11-23T15:30:00.000Z',
  },
  {
    email_account_id: 'a-2',
    id: 'a-2',
    practice_id: 'p-glow',
    email_address: 'billing@glowaesthetics.example',
    provider: 'microsoft',
    status: 'error',
    created_at: '2026-11-21T10:00:00.000Z',
    last_sync_timestamp: null,
  },
  {
    email_account_id: 'a-3',
    id: 'a-3',
    practice_id: 'p-glow',
    email_address: 'old@glowaesthetics.example',
    provider: 'google',
    status: 'revoked',
    created_at: '2026-11-22T10:00:00.000Z',
    last_sync_timestamp: null,
  },
];

/** Where the router is: the address the page leaves behind. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const show = (path = '/settings/email') =>
  renderAt(
    path,
    <>
      <EmailSettings practiceId="p-glow" />
      <Address />
    </>,
  );

const rows = () => screen.findAllByTestId('email-account-row');

describe('Settings › Email', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists each account with its address, provider, status label and last sync', async () => {
    mockGateway({ [`GET ${LIST}`]: ACCOUNTS });
    show();

    const [google, microsoft, unknown] = await rows();
    expect(google).toHaveTextContent('frontdesk@glowaesthetics.example');
    expect(google).toHaveTextContent('Google');
    expect(google).toHaveTextContent('Connected');
    expect(google).toHaveTextContent(new Date('2026-11-23T15:30:00.000Z').toLocaleString());
    expect(microsoft).toHaveTextContent('Microsoft');
    expect(microsoft).toHaveTextContent('Error');
    expect(microsoft).toHaveTextContent('Never');
    expect(unknown).toHaveTextContent('Unknown');
  });

  it('says so when no account is connected', async () => {
    mockGateway({ [`GET ${LIST}`]: [] });
    show();
    expect(await screen.findByTestId('email-accounts-empty')).toHaveTextContent(
      'No email accounts connected yet.',
    );
  });

  it('deletes an account only after confirmation, then refetches the list', async () => {
    let accounts = ACCOUNTS;
    const { calls } = mockGateway({
      [`GET ${LIST}`]: () => json(accounts),
      'DELETE email/accounts/a-2': () => {
        accounts = accounts.filter((account) => account.id !== 'a-2');
        return json(ACCOUNTS[1]);
      },
    });
    show();
    const user = userEvent.setup();
    await rows();

    await user.click(screen.getByRole('button', { name: 'Delete billing@glowaesthetics.example' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete billing@glowaesthetics.example' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('email-account-row')).toHaveLength(2));
    expect(screen.queryByText('billing@glowaesthetics.example')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: 'email/accounts/a-2', body: undefined },
    ]);
  });

  it('shows the oauth_failed banner, removes the query from the address, and can be dismissed', async () => {
    mockGateway({ [`GET ${LIST}`]: ACCOUNTS });
    show('/settings/email?error=oauth_failed');
    const user = userEvent.setup();

    const banner = await screen.findByTestId('email-oauth-failed');
    expect(banner).toHaveTextContent('Failed to connect email account. Please try again.');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/settings\/email$/));
    expect(screen.getByTestId('email-oauth-failed')).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: /close/i }));
    expect(screen.queryByTestId('email-oauth-failed')).not.toBeInTheDocument();
  });

  it('shows no banner without the query', async () => {
    mockGateway({ [`GET ${LIST}`]: ACCOUNTS });
    show();
    await rows();
    expect(screen.queryByTestId('email-oauth-failed')).not.toBeInTheDocument();
  });

  it('opens the provider choice from Add Email Account', async () => {
    mockGateway({ [`GET ${LIST}`]: [] });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Add Email Account' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/settings/email/add');
  });

  it('offers google, microsoft and generic, and sends the browser to the provider’s consent page', async () => {
    const leave = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
    const { calls } = mockGateway({
      'GET email/oauth/authorize/microsoft?practice_id=p-glow': {
        authorization_url: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?state=s',
      },
    });
    show('/settings/email/add');
    const user = userEvent.setup();

    expect(screen.getByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Other (SMTP/IMAP)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Microsoft' }));
    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith(
        'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?state=s',
      ),
    );
    expect(calls.map((call) => call.path)).toEqual(['email/oauth/authorize/microsoft?practice_id=p-glow']);
  });

  it('only logs a failed start of the connection (no message, the browser stays)', async () => {
    const leave = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGateway({
      'GET email/oauth/authorize/google?practice_id=p-glow': () =>
        json({ detail: 'Connecting Google accounts is not configured' }, { status: 409 }),
    });
    show('/settings/email/add');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByTestId('address')).toHaveTextContent('/settings/email/add');
  });

  it('opens the generic placeholder for another provider', async () => {
    mockGateway({});
    show('/settings/email/add');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Other (SMTP/IMAP)' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/settings/email/add/generic');
    expect(screen.getByTestId('email-generic-placeholder')).toHaveTextContent(
      'The form for other email providers is not built yet.',
    );
  });
});
