/**
 * The browser storage the console keeps (docs/product/shell.md, "Local storage keys"), under the
 * spec's key names, and a way for components to follow changes made in this tab or another one.
 */
export const StorageKeys = {
  accessToken: 'access_token',
  selectedPractice: 'selectedPracticeId',
  leftPanelOpen: 'leftPanelOpen',
} as const;

type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/** Fired on window when this tab changes a key (the 'storage' event only reaches other tabs). */
const LOCAL_CHANGE = 'pp:storage';

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): behave as if nothing was stored
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled: the value lives only as long as the page
  }
  window.dispatchEvent(new CustomEvent(LOCAL_CHANGE, { detail: key }));
}

/** Subscribes to changes of any key, from this tab or another; returns the unsubscribe function. */
export function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(LOCAL_CHANGE, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(LOCAL_CHANGE, onChange);
  };
}

export const getAccessToken = () => readStorage(StorageKeys.accessToken);
export const setAccessToken = (token: string | null) => writeStorage(StorageKeys.accessToken, token);

/**
 * A message for the sign-in page after the console signed the user out (a revoked or expired token, a 401 or
 * 403). Kept for this tab only and shown once.
 */
const NOTICE_KEY = 'pp.signInNotice';

export function setSignInNotice(message: string): void {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // storage disabled: no notice
  }
}

export function peekSignInNotice(): string | null {
  try {
    return window.sessionStorage.getItem(NOTICE_KEY);
  } catch {
    return null;
  }
}

export function clearSignInNotice(): void {
  try {
    window.sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // storage disabled: nothing to clear
  }
}

/**
 * The deep link the auth gate interrupted (docs/decisions/0039-console-on-front-desk-screens.md): a protected
 * address opened without a valid session. Sign-in returns there once; any other sign-in goes to /leads. Kept for
 * this tab only.
 */
const RETURN_KEY = 'pp.returnAfterSignIn';

export function rememberReturnPath(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage disabled: sign-in goes to /leads
  }
}

/** The remembered deep link, forgotten as it is read. */
export function takeReturnPath(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_KEY);
    window.sessionStorage.removeItem(RETURN_KEY);
    return path;
  } catch {
    return null;
  }
}
