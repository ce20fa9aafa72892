import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffIdentity } from '../providers/authProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { UserMenu } from './UserMenu';

const ADA: StaffIdentity = { id: 'u-1', fullName: 'Ada Lovelace', email: 'ada@example.com', initials: 'AL' };

function fakeAuthProvider(identity: StaffIdentity = ADA) {
  return {
    login: jest.fn().mockResolvedValue(undefined),
    logout: jest.fn().mockResolvedValue('/login'),
    checkAuth: jest.fn().mockResolvedValue(undefined),
    checkError: jest.fn().mockResolvedValue(undefined),
    getIdentity: jest.fn().mockResolvedValue(identity),
    getPermissions: jest.fn().mockResolvedValue(undefined),
  } satisfies AuthProvider;
}

function renderMenu(authProvider = fakeAuthProvider()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/leads/42']}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <UserMenu />
        <Routes>
          <Route path="/login" element={<h1>Sign-in page</h1>} />
          <Route path="*" element={<h1>Leads page</h1>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return authProvider;
}

const avatarButton = () => screen.getByRole('button', { name: 'Account menu' });

describe('UserMenu', () => {
  it("shows the user's initials on the avatar", async () => {
    renderMenu();

    await waitFor(() => expect(avatarButton()).toHaveTextContent('AL'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click with the full name, the email and the Account, Billing and Notifications items', async () => {
    renderMenu();
    await waitFor(() => expect(avatarButton()).toHaveTextContent('AL'));

    await userEvent.click(avatarButton());

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('user-name')).toHaveTextContent('Ada Lovelace');
    expect(within(menu).getByTestId('user-email')).toHaveTextContent('ada@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account', 'Billing', 'Notifications', 'Log out']);
  });

  it('shows the email as the name for a user without one', async () => {
    renderMenu(
      fakeAuthProvider({ id: 'u-2', fullName: 'zoe@example.com', email: 'zoe@example.com', initials: 'Z' }),
    );
    await waitFor(() => expect(avatarButton()).toHaveTextContent('Z'));

    await userEvent.click(avatarButton());

    expect(await screen.findByTestId('user-name')).toHaveTextContent('zoe@example.com');
  });

  it('closes when Account is chosen, without signing out', async () => {
    const authProvider = renderMenu();
    await userEvent.click(avatarButton());

    await userEvent.click(await screen.findByRole('menuitem', { name: 'Account' }));

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(authProvider.logout).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
  });

  it("'Log out' signs out through the auth provider and goes to the sign-in page", async () => {
    const authProvider = renderMenu();
    await userEvent.click(avatarButton());

    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(authProvider.logout).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });
});
