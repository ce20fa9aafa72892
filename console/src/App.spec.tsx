import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from './App';
import { createQueryClient } from './providers/queryClient';

// The app's one QueryClient, reachable here to empty it between tests.
jest.mock('./providers/queryClient', () => {
  const client = jest.requireActual('./providers/queryClient').createQueryClient();
  return { createQueryClient: () => client };
});

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

const ADA = { id: 'u-1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const PRACTICES = [
  { practice_id: 'p-1', name: 'North Clinic' },
  { practice_id: 'p-2', name: 'South Clinic' },
];

/** The gateway: a valid token is 'tok-good'; anything else is revoked. */
function gateway(url: string, init: RequestInit = {}): Response {
  const bearer = new Headers(init.headers).get('Authorization');
  if (url === '/api/v1/auth/login') {
    const form = new URLSearchParams(String(init.body));
    return form.get('password') === 's3cret'
      ? json({ access_token: 'tok-good', token_type: 'bearer' })
      : json({ detail: 'Incorrect email or password' }, { status: 401 });
  }
  if (url === '/api/v1/auth/logout') return new Response(null, { status: 204 });
  if (url === '/api/v1/auth/register')
    return json({ access_token: 'tok-good', token_type: 'bearer', practice_id: 'p-2' }, { status: 201 });
  if (bearer !== 'Bearer tok-good') return json({ detail: 'Token revoked' }, { status: 401 });
  if (url === '/api/v1/users/me') return json(ADA);
  if (url === '/api/v1/users/me/practices') return json(PRACTICES);
  return json({ detail: 'Not found' }, { status: 404 });
}

function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => gateway(url, init));
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  createQueryClient().clear();
});

describe('App', () => {
  it('shows the public welcome page at / without signing in', async () => {
    visit('/');

    expect(await screen.findByRole('heading', { name: 'Welcome to PracticePilot!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/onboarding');
    expect(window.location.pathname).toBe('/');
  });

  it('shows the public demo page without signing in', async () => {
    visit('/onboarding');

    expect(
      await screen.findByRole('heading', { name: 'Magic Onboarding: Try PracticePilot!' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('button', { name: 'Start My Free Demo' })).toBeInTheDocument();
  });

  it('shows the public demo session page without signing in, even without a session id', async () => {
    visit('/onboarding-session/');

    expect(await screen.findByText('No session ID provided.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new session' })).toHaveAttribute('href', '/onboarding');
    expect(window.location.pathname).toBe('/onboarding-session/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the public sign-up page without signing in', async () => {
    visit('/signup');

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up and enters the staff shell signed in, in the new practice', async () => {
    visit('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });

    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lovelace');
    await userEvent.type(screen.getByRole('textbox', { name: /^Work email/ }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'analytical1');
    await userEvent.type(screen.getByRole('textbox', { name: /^Practice name/ }), 'South Clinic');
    await userEvent.click(screen.getByRole('button', { name: 'Create My Account' }));

    expect(await screen.findByRole('heading', { name: 'Leads', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/leads');
    expect(localStorage.getItem('access_token')).toBe('tok-good');
    await waitFor(() => expect(screen.getByTestId('practice-switcher')).toHaveTextContent('South Clinic'));
    expect(localStorage.getItem('selectedPracticeId')).toBe('p-2');
  });

  it('sends a visitor without a token from /leads to the sign-in page, asking nothing of the server', async () => {
    visit('/leads');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the staff shell for a valid token: area page, practice, avatar and active area', async () => {
    localStorage.setItem('access_token', 'tok-good');

    visit('/leads/42');

    expect(await screen.findByRole('heading', { name: 'Leads', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Leads', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('practice-switcher')).toHaveTextContent('North Clinic'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('AL'));
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    // Lead 42 is not one the user can see, so no lead is open: the AI Assistant has nothing to say, a labelled
    // rail (once the lead's 404 came back).
    expect(await screen.findByRole('button', { name: 'Show AI Assistant' })).toHaveTextContent(
      'AI Assistant',
    );
    expect(localStorage.getItem('selectedPracticeId')).toBe('p-1');
  });

  it('answers an unknown address with a not-found page and a way back to the leads', async () => {
    localStorage.setItem('access_token', 'tok-good');

    visit('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/bad link/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Leads' })).toHaveAttribute('href', '/leads');
  });

  it('redirects /settings to /settings/communications', async () => {
    localStorage.setItem('access_token', 'tok-good');

    visit('/settings');

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/settings/communications');
  });

  it('signs out a revoked token and explains why on the sign-in page', async () => {
    localStorage.setItem('access_token', 'tok-revoked');

    visit('/calendar');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByTestId('login-notice')).toHaveTextContent(
      'Unauthorized or Forbidden. Please login again.',
    );
  });

  it('signs in and returns to the page the visitor asked for', async () => {
    visit('/calendar/7');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/calendar/7');
    expect(localStorage.getItem('access_token')).toBe('tok-good');
  });

  it("shows the server's message for wrong credentials and stays on the sign-in page", async () => {
    visit('/login');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logs out from the avatar menu: revokes the token and shows the sign-in page', async () => {
    localStorage.setItem('access_token', 'tok-good');
    visit('/analytics');
    await screen.findByRole('heading', { name: 'Analytics', level: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/logout',
      expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer tok-good' } }),
    );
  });
});
