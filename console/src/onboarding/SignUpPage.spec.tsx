import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { createQueryClient } from '../providers/queryClient';
import { SignUpPage } from './SignUpPage';
import { json, mockGateway, readySession, type Handler } from './testKit';

const STATUS = 'GET onboarding/session/demo-42/status';
const REGISTER = 'POST auth/register';
const CREATED: Handler = () =>
  json({ access_token: 'tok-new', token_type: 'bearer', practice_id: 'p-new' }, { status: 201 });

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname}</p>;
}

function renderSignUp(path = '/signup') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} queryClient={createQueryClient()}>
        <Routes>
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="/leads" element={<h1>Leads page</h1>} />
          <Route path="/login" element={<h1>Sign-in page</h1>} />
        </Routes>
        <Address />
      </AdminContext>
    </MemoryRouter>,
  );
}

const input = (name: string | RegExp) => screen.getByRole('textbox', { name });
const passwordInput = () => screen.getByLabelText(/^Password/);
const submitButton = () => screen.getByRole('button', { name: 'Create My Account' });

/** Puts text into a field as a paste would (typing key by key tells these tests nothing more, and is slow). */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Fills the form; the practice name only when given (a demo may have prefilled it). */
async function fill(practiceName?: string) {
  await enter(input(/^First name/), '  Ada ');
  await enter(input(/^Last name/), 'Lovelace');
  await enter(input(/^Work email/), ' ada@glowaesthetics.com ');
  await enter(passwordInput(), 'analytical1 engine');
  if (practiceName !== undefined) await enter(input(/^Practice name/), practiceName);
}

const ADA = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@glowaesthetics.com',
  password: 'analytical1 engine',
};

const registerCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === REGISTER);

beforeEach(() => {
  localStorage.clear();
});

describe('SignUpPage', () => {
  it('asks for the account details, with no demo line when no demo is named', () => {
    const { fetchMock } = mockGateway({});
    renderSignUp();

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByTestId('signup-demo')).not.toBeInTheDocument();
    expect(input(/^First name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(input(/^Last name/)).toHaveAttribute('autocomplete', 'family-name');
    expect(input(/^Work email/)).toHaveAttribute('type', 'email');
    expect(input(/^Work email/)).toHaveAttribute('autocomplete', 'email');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(passwordInput()).toHaveAccessibleDescription('At least 10 characters, with a letter and a number');
    expect(input(/^Practice name/)).toHaveAttribute('autocomplete', 'organization');
    expect(input(/^Practice name/)).toHaveValue('');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says which demo will be saved and prefills the practice name from the demo's status", async () => {
    const { fetchMock } = mockGateway({ [STATUS]: readySession() });
    renderSignUp('/signup?demo_session_id=demo-42');

    expect(await screen.findByTestId('signup-demo')).toHaveTextContent(
      'Your demo of https://glowaesthetics.com will be saved: its pages, services, address and hours.',
    );
    expect(input(/^Practice name/)).toHaveValue('Glow Aesthetics');
    // The status call is public: no bearer token.
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/onboarding/session/demo-42/status');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });

  it('checks every field before sending and shows each problem under its field', async () => {
    const { calls } = mockGateway({ [REGISTER]: CREATED });
    renderSignUp();

    await userEvent.click(submitButton());

    expect(input(/^First name/)).toHaveAccessibleDescription('Enter your first name.');
    expect(input(/^Last name/)).toHaveAccessibleDescription('Enter your last name.');
    expect(input(/^Work email/)).toHaveAccessibleDescription('Enter your work email.');
    expect(passwordInput()).toHaveAccessibleDescription('Enter a password.');
    expect(input(/^Practice name/)).toHaveAccessibleDescription("Enter your practice's name.");
    expect(input(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^First name/)).toHaveFocus();

    await userEvent.type(input(/^First name/), 'Ada');
    await userEvent.type(input(/^Last name/), '   ');
    await userEvent.type(input(/^Work email/), 'ada@glow');
    await userEvent.type(passwordInput(), 'onlyletters');
    await userEvent.type(input(/^Practice name/), 'Glow Aesthetics');
    await userEvent.click(submitButton());

    expect(input(/^First name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Last name/)).toHaveAccessibleDescription('Enter your last name.');
    expect(input(/^Work email/)).toHaveAccessibleDescription(
      'Enter a valid email address, like name@yourpractice.com.',
    );
    expect(passwordInput()).toHaveAccessibleDescription(
      'Use 10 to 128 characters, with at least one letter and one number.',
    );
    expect(input(/^Practice name/)).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(passwordInput());
    await userEvent.type(passwordInput(), 'short1');
    await userEvent.click(submitButton());
    expect(passwordInput()).toHaveAccessibleDescription(
      'Use 10 to 128 characters, with at least one letter and one number.',
    );

    await userEvent.clear(passwordInput());
    await userEvent.type(passwordInput(), '1234567890');
    await userEvent.click(submitButton());
    expect(passwordInput()).toHaveAccessibleDescription(
      'Use 10 to 128 characters, with at least one letter and one number.',
    );

    expect(registerCalls(calls)).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the account with the demo, stores the token and the practice, and opens /leads', async () => {
    let finish: (response: Response) => void = () => undefined;
    const { calls, fetchMock } = mockGateway({
      [STATUS]: readySession(),
      [REGISTER]: () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    renderSignUp('/signup?demo_session_id=demo-42');
    await screen.findByTestId('signup-demo');

    await fill();
    await userEvent.click(submitButton());

    const busy = await screen.findByRole('button', { name: 'Creating your account...' });
    expect(busy).toBeDisabled();
    finish(await CREATED('', {}));

    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/leads'));
    expect(screen.getByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
    expect(registerCalls(calls)).toEqual([
      {
        method: 'POST',
        path: 'auth/register',
        body: { ...ADA, practice_name: 'Glow Aesthetics', demo_session_id: 'demo-42' },
      },
    ]);
    const registerInit = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/register')?.[1];
    expect(new Headers(registerInit?.headers).get('Authorization')).toBeNull();
    expect(new Headers(registerInit?.headers).get('Content-Type')).toBe('application/json');
    expect(localStorage.getItem('access_token')).toBe('tok-new');
    expect(localStorage.getItem('selectedPracticeId')).toBe('p-new');
  });

  it('creates the account without a demo when none is named, with the practice name typed', async () => {
    const { calls } = mockGateway({ [REGISTER]: CREATED });
    renderSignUp();

    await fill('  Glow Aesthetics ');
    await userEvent.click(submitButton());

    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/leads'));
    expect(registerCalls(calls).map((call) => call.body)).toEqual([
      { ...ADA, practice_name: 'Glow Aesthetics' },
    ]);
  });

  it('keeps a practice name the visitor typed over the demo one', async () => {
    const { calls } = mockGateway({ [STATUS]: readySession(), [REGISTER]: CREATED });
    renderSignUp('/signup?demo_session_id=demo-42');
    await screen.findByTestId('signup-demo');

    await fill();
    await userEvent.clear(input(/^Practice name/));
    await userEvent.type(input(/^Practice name/), 'Glow Dallas');
    await userEvent.click(submitButton());

    await waitFor(() => expect(registerCalls(calls)).toHaveLength(1));
    expect(registerCalls(calls)[0].body).toMatchObject({
      practice_name: 'Glow Dallas',
      demo_session_id: 'demo-42',
    });
  });

  it("shows a 409's detail above the button and keeps what was typed", async () => {
    const detail = 'An account with this email already exists. Sign in instead.';
    mockGateway({ [REGISTER]: () => json({ detail }, { status: 409 }) });
    renderSignUp();

    await fill('Glow Aesthetics');
    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(submitButton()).toBeEnabled();
    expect(input(/^Work email/)).toHaveValue('ada@glowaesthetics.com');
    expect(passwordInput()).toHaveValue('analytical1 engine');
    expect(input(/^Practice name/)).toHaveValue('Glow Aesthetics');
    expect(screen.getByTestId('address')).toHaveTextContent('/signup');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each([
    [422, 'Password must contain at least one letter and one digit.'],
    [429, 'Too many sign-ups from this address. Please try again later.'],
    [503, 'Sign-up is unavailable right now.'],
  ])("shows a %s's detail", async (status, detail) => {
    mockGateway({ [REGISTER]: () => json({ detail }, { status }) });
    renderSignUp();

    await fill('Glow Aesthetics');
    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('says when the server could not be reached', async () => {
    mockGateway({
      [REGISTER]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderSignUp();

    await fill('Glow Aesthetics');
    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Please try again.',
    );
    expect(submitButton()).toBeEnabled();
  });

  it("shows an unknown or expired demo's detail and then signs up without it", async () => {
    const detail = 'Demo session not found or expired.';
    const { calls } = mockGateway({
      [STATUS]: () => json({ detail }, { status: 404 }),
      [REGISTER]: CREATED,
    });
    renderSignUp('/signup?demo_session_id=demo-42');

    expect(await screen.findByTestId('signup-demo-unavailable')).toHaveTextContent(detail);
    expect(screen.queryByTestId('signup-demo')).not.toBeInTheDocument();
    expect(input(/^Practice name/)).toHaveValue('');
    // A 404 is not retried.
    expect(calls.filter((call) => `${call.method} ${call.path}` === STATUS)).toHaveLength(1);

    await fill('Glow Aesthetics');
    await userEvent.click(submitButton());

    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/leads'));
    expect(registerCalls(calls).map((call) => call.body)).toEqual([
      { ...ADA, practice_name: 'Glow Aesthetics' },
    ]);
  });
});
