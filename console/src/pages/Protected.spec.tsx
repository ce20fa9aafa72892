import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { NotBuiltPage } from './NotBuiltPage';
import { Protected } from './Protected';

function renderProtected(checkAuth: AuthProvider['checkAuth']) {
  const authProvider = {
    login: jest.fn().mockResolvedValue(undefined),
    logout: jest.fn().mockResolvedValue('/login'),
    checkAuth: jest.fn(checkAuth),
    checkError: jest.fn().mockResolvedValue(undefined),
    getPermissions: jest.fn().mockResolvedValue(undefined),
  } satisfies AuthProvider;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/calendar/3']}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/login" element={<h1>Sign-in page</h1>} />
          <Route
            path="/calendar/:id"
            element={
              <Protected>
                <NotBuiltPage area="calendar" />
              </Protected>
            }
          />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return authProvider;
}

describe('Protected', () => {
  it("shows 'Verifying authentication...' until the token is checked, then the page", async () => {
    let pass: () => void = () => undefined;
    const authProvider = renderProtected(() => new Promise<void>((resolve) => (pass = () => resolve())));

    expect(await screen.findByRole('status')).toHaveTextContent('Verifying authentication...');
    expect(screen.queryByRole('heading', { name: 'Calendar' })).not.toBeInTheDocument();
    expect(authProvider.checkAuth).toHaveBeenCalled();

    pass();

    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendar is on its way' })).toBeInTheDocument();
    expect(screen.getByTestId('not-built')).toHaveTextContent('The Calendar area is not built yet.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the user to /login when the token check fails, without showing the page', async () => {
    renderProtected(() => Promise.reject({ redirectTo: '/login', message: false }));

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Calendar' })).not.toBeInTheDocument();
  });
});
