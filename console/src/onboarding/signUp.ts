import { EMAIL_PATTERN } from '@pp/contracts';
import { HttpError } from 'react-admin';
import { en } from '../i18n/en';
import { API_URL, detailOf, httpClient } from '../providers/http';
import type { SessionState } from './api';

/**
 * The sign-up page's rules and calls: POST /api/v1/auth/register (public), and the status of the demo the
 * visitor comes from, to say what will be kept and to prefill the practice name.
 */

export const SIGN_UP_FIELDS = ['first_name', 'last_name', 'email', 'password', 'practice_name'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type SignUpValues = Record<SignUpField, string>;

export interface SignUpRequest extends SignUpValues {
  demo_session_id?: string;
}

export interface SignUpAnswer {
  access_token: string;
  token_type?: string;
  practice_id: string | null;
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** The password rule the server applies: 10 to 128 characters, at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  const length = Array.from(password).length;
  return (
    length >= PASSWORD_MIN && length <= PASSWORD_MAX && /\p{L}/u.test(password) && /\p{N}/u.test(password)
  );
}

/** The values as sent: names, email and practice trimmed; the password as typed. */
export const normalised = (values: SignUpValues): SignUpValues => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  email: values.email.trim(),
  password: values.password,
  practice_name: values.practice_name.trim(),
});

/** The problems of (normalised) values, as i18n keys by field; empty when the form can be sent. */
export function signUpProblems(values: SignUpValues): Partial<Record<SignUpField, string>> {
  const problems: Partial<Record<SignUpField, string>> = {};
  if (!values.first_name) problems.first_name = 'pp.signup.errors.first_name';
  if (!values.last_name) problems.last_name = 'pp.signup.errors.last_name';
  if (!values.email) problems.email = 'pp.signup.errors.email_required';
  else if (!EMAIL_PATTERN.test(values.email)) problems.email = 'pp.signup.errors.email_invalid';
  if (!values.password) problems.password = 'pp.signup.errors.password_required';
  else if (!isAcceptablePassword(values.password)) problems.password = 'pp.signup.errors.password_rule';
  if (!values.practice_name) problems.practice_name = 'pp.signup.errors.practice_name';
  return problems;
}

/** A call's failure, with the message to show and the HTTP status (none when the server was not reached). */
export class SignUpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SignUpError';
  }
}

const t = en.pp.signup.errors;

export const signUpKeys = {
  demo: (sessionId: string) => ['signup', 'demo', sessionId] as const,
};

export const signUpApi = {
  /** The demo's status (public). A 404 means unknown or expired: its detail is what the page shows. */
  demo: async (sessionId: string, signal?: AbortSignal): Promise<SessionState> => {
    try {
      const url = `${API_URL}/onboarding/session/${encodeURIComponent(sessionId)}/status`;
      return (await httpClient<SessionState>(url, { anonymous: true, signal })).json;
    } catch (error) {
      if (!(error instanceof HttpError)) throw new SignUpError(t.network);
      const fallback =
        error.status === 404
          ? en.pp.onboarding.errors.session_not_found
          : en.pp.onboarding.errors.status_failed;
      throw new SignUpError(detailOf(error.body) ?? fallback, error.status);
    }
  },

  /** Creates the account (and its practice, from the demo when one is named); answers the access token. */
  register: async (request: SignUpRequest): Promise<SignUpAnswer> => {
    let json: unknown;
    try {
      json = (
        await httpClient(`${API_URL}/auth/register`, {
          method: 'POST',
          body: request,
          anonymous: true,
          fallbackMessage: t.failed,
        })
      ).json;
    } catch (error) {
      if (error instanceof HttpError) throw new SignUpError(error.message || t.failed, error.status);
      throw new SignUpError(t.network);
    }
    const answer = json as { access_token?: unknown; token_type?: unknown; practice_id?: unknown } | null;
    if (typeof answer?.access_token !== 'string' || !answer.access_token) throw new SignUpError(t.no_token);
    const practiceId = answer.practice_id;
    return {
      access_token: answer.access_token,
      token_type: typeof answer.token_type === 'string' ? answer.token_type : undefined,
      practice_id:
        typeof practiceId === 'string' || typeof practiceId === 'number' ? String(practiceId) || null : null,
    };
  },
};
