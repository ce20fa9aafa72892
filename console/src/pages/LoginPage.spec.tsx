import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { peekSignInNotice, rememberReturnPath, setSignInNotice, takeReturnPath } from '../providers/storage';
import { LoginPage } from './LoginPage';

function fakeAuthProvider(login: AuthProvider['login'] = jest.fn().mockResolvedValue(undefined)) {
  return {
    login: jest.fn(login),
    logout: jest.fn().mockResolvedValue('/login'),
    checkAuth: jest.fn().mockResolvedValue(undefined),
    checkError: jest.fn().mockResolvedValue(undefined),
    getPermissions: jest.fn().mockResolvedValue(undefined),
  } satisfies AuthProvider;
}

function renderLogin(authProvider = fakeAuthProvider(), entry: InitialEntry = '/login') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/leads" element={<h1>Leads page</h1>} />
          <Route path="/calendar/:id" element={<h1>Calendar page</h1>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return authProvider;
}

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });
const passwordInput = () => screen.getByLabelText(/^Password/);

async function signIn(email = 'ada@example.com', password = 's3cret') {
  await userEvent.type(emailInput(), email);
  await userEvent.type(passwordInput(), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("greets with 'Welcome back' and asks for a required email and password", () => {
    renderLogin();

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toBeRequired();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each(['Forgot your password', 'Sign up', 'Terms of Service', 'Privacy Policy'])(
    "shows the '%s' link, which does nothing yet (no sign-in, no navigation)",
    async (name) => {
      const authProvider = renderLogin();
      await userEvent.type(emailInput(), 'ada@example.com');
      await userEvent.type(passwordInput(), 's3cret');

      await userEvent.click(screen.getByRole('button', { name }));

      expect(authProvider.login).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    },
  );

  it('signs in with the trimmed email and the password, then goes to /leads', async () => {
    const authProvider = renderLogin();

    await signIn('  ada@example.com ', ' pass with spaces ');

    expect(authProvider.login).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: ' pass with spaces ',
    });
    expect(await screen.findByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
  });

  it('returns to a deep link the auth gate interrupted, once', async () => {
    rememberReturnPath('/calendar/7');
    renderLogin(fakeAuthProvider(), { pathname: '/login', state: null });

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Calendar page' })).toBeInTheDocument();
    expect(takeReturnPath()).toBeNull();
  });

  it('goes to /leads after a sign-out from another page, whatever page the user left', async () => {
    // react-admin's logout leaves the page the user was on in the history state: it is not a deep link.
    renderLogin(fakeAuthProvider(), {
      pathname: '/login',
      state: { nextPathname: '/calendar/7', nextSearch: '' },
    });

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
  });

  it('shows the message of a failed sign-in and lets the user try again', async () => {
    const authProvider = renderLogin(
      fakeAuthProvider(() => Promise.reject(new Error('Incorrect email or password'))),
    );

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(authProvider.login).toHaveBeenCalledTimes(1);
  });

  it("says 'Login failed.' when the failure has no message", async () => {
    renderLogin(fakeAuthProvider(() => Promise.reject(new Error(''))));

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed\.$/);
  });

  it("shows 'Signing in…' and blocks a second submit while the sign-in is under way", async () => {
    let finish: () => void = () => undefined;
    const authProvider = renderLogin(
      fakeAuthProvider(() => new Promise<void>((resolve) => (finish = () => resolve()))),
    );

    await signIn();

    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    await userEvent.type(passwordInput(), '{Enter}');
    expect(authProvider.login).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
  });

  it('shows the notice left by a sign-out (an expired or revoked token) once', async () => {
    setSignInNotice('Unauthorized or Forbidden. Please login again.');

    renderLogin();

    expect(screen.getByTestId('login-notice')).toHaveTextContent(
      'Unauthorized or Forbidden. Please login again.',
    );
    await waitFor(() => expect(peekSignInNotice()).toBeNull());
  });

  it('shows no notice on a plain visit', () => {
    renderLogin();

    expect(screen.queryByTestId('login-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the notice with the error of a failed sign-in', async () => {
    setSignInNotice('Unauthorized or Forbidden. Please login again.');
    renderLogin(fakeAuthProvider(() => Promise.reject(new Error('Incorrect email or password'))));

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.queryByTestId('login-notice')).not.toBeInTheDocument();
  });
});
