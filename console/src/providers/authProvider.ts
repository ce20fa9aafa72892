import type { AuthProvider, UserIdentity } from 'react-admin';
import { en } from '../i18n/en';
import { API_URL, detailOf, httpClient, isAuthError } from './http';
import {
  getAccessToken,
  rememberReturnPath,
  setAccessToken,
  setSignInNotice,
  StorageKeys,
  writeStorage,
} from './storage';

export interface CurrentUser {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export interface StaffIdentity extends UserIdentity {
  email: string;
  initials: string;
}

export const LOGIN_PATH = '/login';
export const AFTER_LOGIN_PATH = '/leads';

/** Full name, else the email (docs/product/shell.md, avatar menu). */
export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** Initials of the first and last name; of the email's first letter when there is no name. */
export function initialsOf(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [user.first_name, user.last_name].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

export const fetchCurrentUser = async (signal?: AbortSignal) =>
  (
    await httpClient<CurrentUser>(`${API_URL}/users/me`, {
      signal,
      fallbackMessage: en.pp.errors.current_user,
    })
  ).json;

/**
 * Set once the page starts to unload (a reload, a link to another site): the browser then cuts off requests in
 * flight, and a check cut off that way says nothing about the token, so it must not sign the user out.
 */
let pageLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    pageLeaving = true;
  });
  window.addEventListener('pageshow', () => {
    pageLeaving = false;
  });
}

/** Signs the user out locally with a notice for the sign-in page; react-admin then goes to /login. */
function signedOut(notice: string | null) {
  setAccessToken(null);
  if (notice) setSignInNotice(notice);
  // message: false: the sign-in page shows the notice, not a toast that a redirect would cut short.
  return Promise.reject({ redirectTo: LOGIN_PATH, message: false });
}

/**
 * The auth gate stopped the page being opened: sign-in returns to it (a deep link, once). Sign-outs during use (a
 * 401 from a call, Log out) keep no return path: sign-in then goes to /leads (docs/product/shell.md).
 */
function gateInterrupted(notice: string | null) {
  const { pathname, search } = window.location;
  if (pathname !== LOGIN_PATH && pathname !== '/') rememberReturnPath(pathname + search);
  return signedOut(notice);
}

export const authProvider: AuthProvider = {
  /** Form-encoded username/password; the access token goes to localStorage (docs/product/shell.md#calls, #errors). */
  async login({ username, password }: { username: string; password: string }) {
    let response: Response;
    try {
      response = await fetch(`${API_URL}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ username, password }),
      });
    } catch {
      throw new Error(en.pp.login.network_error);
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      if (response.ok) throw new Error(en.pp.login.no_token);
      throw new Error(en.pp.login.failed);
    }
    if (!response.ok) throw new Error(detailOf(json) ?? en.pp.login.failed_invalid);
    const token = (json as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || !token) throw new Error(en.pp.login.no_token);
    setAccessToken(token);
    // The sign-in page says where to go: the deep link the auth gate interrupted, else /leads.
    return undefined;
  },

  /**
   * Revokes the token server-side (best effort: signing out locally never waits on the network) and forgets
   * the selected practice, so the next user to sign in on this browser never starts in a practice of ours.
   */
  async logout() {
    const token = getAccessToken();
    setAccessToken(null);
    writeStorage(StorageKeys.selectedPractice, null);
    if (token) {
      void fetch(`${API_URL}/auth/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => undefined);
    }
    return LOGIN_PATH;
  },

  /**
   * No token → /login; a token is valid when /users/me answers OK. Anything else removes it, except a check the
   * user's own navigation aborted or a reload cut off.
   */
  async checkAuth(params?: { signal?: AbortSignal }) {
    if (!getAccessToken()) return gateInterrupted(null);
    try {
      await fetchCurrentUser(params?.signal);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError' || pageLeaving) throw error;
      return gateInterrupted(isAuthError(error) ? en.pp.auth.unauthorized : null);
    }
  },

  /** A 401 or 403 from any call clears the token and sends the user to /login with the spec's message. */
  async checkError(error: unknown) {
    if (isAuthError(error)) return signedOut(en.pp.auth.unauthorized);
  },

  async getIdentity(): Promise<StaffIdentity> {
    const user = await fetchCurrentUser();
    return { id: user.id, fullName: displayName(user), email: user.email, initials: initialsOf(user) };
  },
};
