import { useMutation, useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { en } from '../i18n/en';
import { API_URL, detailOf, httpClient, type HttpOptions } from '../providers/http';
import { nextPoll, retrySessionStatus, type ExtractedData, type SessionStatus } from './rules';

/**
 * The public demo's calls (docs/product/onboarding.md#calls). No sign-in: every call goes without the bearer
 * token. A failure becomes an OnboardingError whose message is the one the page shows (#errors).
 */

export interface SessionState {
  status: SessionStatus;
  website_url: string;
  error_message?: string | null;
  extracted_data?: ExtractedData | null;
  /** The page each extracted item came from, by field name. */
  sources?: Partial<Record<string, string | null>> | null;
  progress?: { pages_found?: number; pages_processed?: number } | null;
  expires_at?: string | null;
}

export interface Citation {
  url: string;
  title?: string | null;
}

export interface ChatAnswer {
  reply: string;
  citations?: Citation[] | null;
}

/** A demo call's failure, with the message to show and the HTTP status (none for a network error). */
export class OnboardingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OnboardingError';
  }
}

/** What a call shows when the server gives no `detail`: a JSON answer, an answer that is not JSON, no answer. */
interface Fallbacks {
  failed: string;
  notJson: string;
  network: string;
  /** Answers by status that replace the server's message (the status call's 404). */
  byStatus?: Partial<Record<number, string>>;
}

const t = en.pp.onboarding.errors;

export const onboardingKeys = {
  status: (sessionId: string) => ['onboarding', sessionId, 'status'] as const,
};

const sessionPath = (sessionId: string) => `${API_URL}/onboarding/session/${encodeURIComponent(sessionId)}`;
const voicePath = (sessionId: string) => `${API_URL}/voice/demo/${encodeURIComponent(sessionId)}`;

async function call<T>(url: string, options: HttpOptions, fallbacks: Fallbacks): Promise<T> {
  try {
    return (await httpClient<T>(url, { ...options, anonymous: true })).json;
  } catch (error) {
    if (!(error instanceof HttpError)) throw new OnboardingError(fallbacks.network);
    const special = fallbacks.byStatus?.[error.status];
    const body: unknown = error.body;
    const message =
      special ??
      detailOf(body) ??
      (body === null || body === undefined ? fallbacks.notJson : fallbacks.failed);
    throw new OnboardingError(message, error.status);
  }
}

export const onboardingApi = {
  start: async (websiteUrl: string): Promise<string> => {
    const answer = await call<{ demo_session_id?: unknown } | null>(
      `${API_URL}/onboarding/start`,
      { method: 'POST', body: { website_url: websiteUrl } },
      { failed: t.start_failed, notJson: t.start_failed_short, network: t.start_network },
    );
    const id = answer?.demo_session_id;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '')
      throw new OnboardingError(t.start_failed);
    return String(id);
  },
  status: (sessionId: string) =>
    call<SessionState>(
      `${sessionPath(sessionId)}/status`,
      {},
      {
        failed: t.status_failed,
        notJson: t.status_not_ok,
        network: t.status_failed,
        byStatus: { 404: t.session_not_found },
      },
    ),
  chat: (sessionId: string, message: string) =>
    call<ChatAnswer>(
      `${sessionPath(sessionId)}/chat`,
      { method: 'POST', body: { message } },
      { failed: t.chat_failed, notJson: t.chat_failed, network: t.chat_failed },
    ),
  /** The phone update, then (only when it succeeded) the call itself. */
  callMe: async (sessionId: string, phoneNumber: string): Promise<void> => {
    await call<unknown>(
      `${voicePath(sessionId)}/phone`,
      { method: 'POST', body: { phone_number: phoneNumber } },
      { failed: t.phone_failed, notJson: t.phone_failed_short, network: t.call_network },
    );
    await call<unknown>(
      `${voicePath(sessionId)}/call`,
      { method: 'POST' },
      { failed: t.call_failed, notJson: t.call_failed_short, network: t.call_network },
    );
  },
};

/** The session's status: asked every 5 s until ready or failed; retried up to 3 times, never after a 404. */
export function useSessionStatus(sessionId: string) {
  return useQuery<SessionState, Error>({
    queryKey: onboardingKeys.status(sessionId),
    queryFn: () => onboardingApi.status(sessionId),
    retry: retrySessionStatus,
    refetchInterval: (query) => nextPoll(query.state.data?.status, query.state.status === 'error'),
    refetchOnWindowFocus: false,
  });
}

export function useStartDemo() {
  return useMutation({ mutationFn: (websiteUrl: string) => onboardingApi.start(websiteUrl) });
}

export function useDemoChat(sessionId: string) {
  return useMutation({ mutationFn: (message: string) => onboardingApi.chat(sessionId, message) });
}

export function useCallMe(sessionId: string) {
  return useMutation({ mutationFn: (phoneNumber: string) => onboardingApi.callMe(sessionId, phoneNumber) });
}
