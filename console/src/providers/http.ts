import { HttpError } from 'react-admin';
import { en } from '../i18n/en';
import { getAccessToken } from './storage';
import { BACKGROUND_HEADER, userIsActive, watchUserActivity } from './userActivity';

/** Every call goes to the same origin: the gateway serves the console, and Vite proxies /api in development. */
export const API_URL = '/api/v1';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface HttpOptions extends Omit<RequestInit, 'body'> {
  /** A JSON body (serialised here) or a ready body such as URLSearchParams. */
  body?: unknown;
  /** Public calls (sign-in) go without the bearer token. */
  anonymous?: boolean;
  /** The message when the server gives no detail (docs/product/shell.md, "Data calls"). */
  fallbackMessage?: string;
  /** Give up after this long (default REQUEST_TIMEOUT_MS): no request keeps a spinner turning for ever. */
  timeoutMs?: number;
}

/**
 * How long a call may take before the console gives up on it with 'The server took too long to answer.'. Longer
 * than the gateway's own upstream timeout, so a slow service's 504 (with its detail) normally arrives first.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The status of a call the console gave up on (no answer within its timeout). */
export const TIMEOUT_STATUS = 408;

/**
 * The one HTTP client of the console. It adds the bearer token, sends JSON, and turns every non-OK reply into
 * an HttpError whose message is the server's `detail` (or the call's default message), with the status, so
 * react-admin's checkError sees 401 and 403. The signature suits ra-data-simple-rest's httpClient.
 */
export async function httpClient<T = unknown>(
  url: string,
  options: HttpOptions = {},
): Promise<HttpResponse<T>> {
  const { body, anonymous, fallbackMessage, timeoutMs = REQUEST_TIMEOUT_MS, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!anonymous) {
    const token = getAccessToken();
    if (!token) throw new HttpError(en.pp.errors.no_token, 401, { detail: en.pp.errors.no_token });
    headers.set('Authorization', `Bearer ${token}`);
    watchUserActivity();
    if (!userIsActive()) headers.set(BACKGROUND_HEADER, '1');
  }
  let payload: BodyInit | undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams || body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }

  // The caller's signal (a query cancelled) and the timeout both end the request.
  const controller = new AbortController();
  const outer = init.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, headers, body: payload, signal: controller.signal });
    text = await response.text();
  } catch (error) {
    if (timedOut) {
      throw new HttpError(en.pp.errors.timeout, TIMEOUT_STATUS, { detail: en.pp.errors.timeout });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
  const json = parseJson(text);
  if (!response.ok) {
    throw new HttpError(errorMessage(json, fallbackMessage ?? response.statusText), response.status, json);
  }
  return { status: response.status, headers: response.headers, body: text, json: json as T };
}

/** The server's `{"detail": ...}`; FastAPI-style lists of problems give their first message. */
export function detailOf(json: unknown): string | undefined {
  if (!json || typeof json !== 'object' || !('detail' in json)) return undefined;
  const { detail } = json as { detail: unknown };
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0] as { msg?: unknown };
    if (typeof first?.msg === 'string') return first.msg;
  }
  return undefined;
}

function errorMessage(json: unknown, fallback: string): string {
  return detailOf(json) ?? (fallback || en.pp.errors.request_failed);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const isAuthError = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};
