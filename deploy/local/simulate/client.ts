// The simulator's calls to the running stack, all through the gateway as a browser or the console would make
// them: the public tracking ingress as the practice's website script, everything else as a signed-in staff user.
import type { TrackingEvent } from './events';
import type { BusinessHours } from './booking';

/** The stack cannot be used (not running, refused the sign-in…): the message says what to do. */
export class StackError extends Error {}

export interface Practice {
  id: string;
  name: string;
  site_key: string;
  website_url: string | null;
}

export interface Location {
  id: string;
  name: string;
  address: string | null;
  timezone: string;
  is_primary: boolean;
  is_active: boolean;
  business_hours: BusinessHours;
}

export interface Lead {
  person_id: string;
  first_name: string | null;
  last_name: string | null;
  primary_phone: string | null;
  primary_email: string | null;
}

export interface RealtimePageview {
  visitor_id: string;
  city: string | null;
  source: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** At most this many ingress requests a second: under the ingress's default per-IP limit (20). */
const INGRESS_PER_SECOND = 12;

export class Gateway {
  private token: string | null = null;
  private credentials: { email: string; password: string } | null = null;
  private nextIngressSlot = 0;

  constructor(readonly baseUrl: string) {}

  /** Signs in as the console does (form-encoded, bearer token back); explains a stack that is not up. */
  async signIn(email: string, password: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new StackError(
        `PracticePilot is not answering at ${this.baseUrl} (${reason(error)}).\n` +
          'Start it first with `npm start` (another terminal), wait for "PracticePilot is running", then run this again.',
      );
    }
    if (response.status === 401)
      throw new StackError(`Signing in as ${email} was refused: wrong e-mail or password.`);
    if (!response.ok) {
      throw new StackError(
        `Signing in answered ${response.status}: ${await detail(response)}. Is the stack fully up?`,
      );
    }
    const body = (await response.json()) as { access_token?: string };
    if (!body.access_token)
      throw new StackError('Signing in gave no token: is this a PracticePilot gateway?');
    this.token = body.access_token;
    this.credentials = { email, password };
  }

  /** A signed-in call; JSON back. Throws StackError with the server's `detail` on any other status than `ok`. */
  async api<T>(method: string, path: string, body?: unknown, ok: number[] = [200, 201]): Promise<T> {
    let response = await this.send(method, path, body);
    // A long quiet run outlives the session's idle timeout: sign in again, once.
    if (response.status === 401 && this.credentials) {
      await response.body?.cancel();
      await this.signIn(this.credentials.email, this.credentials.password);
      response = await this.send(method, path, body);
    }
    if (!ok.includes(response.status)) {
      throw new HttpError(
        response.status,
        `${method} ${path.split('?')[0]}: ${response.status} ${await detail(response)}`,
      );
    }
    return (await response.json()) as T;
  }

  private send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  }

  async practices(): Promise<Practice[]> {
    const mine = await this.api<{ practice_id: string; name: string }[]>('GET', '/api/v1/users/me/practices');
    return Promise.all(
      mine.map(async ({ practice_id }) => {
        const practice = await this.api<Practice & { practice_id: string }>(
          'GET',
          `/api/v1/practices/${practice_id}`,
        );
        return {
          id: practice.practice_id,
          name: practice.name,
          site_key: practice.site_key,
          website_url: practice.website_url,
        };
      }),
    );
  }

  async locations(practiceId: string): Promise<Location[]> {
    const rows = await this.api<(Location & { location_id: string })[]>(
      'GET',
      `/api/v1/practices/${practiceId}/locations`,
    );
    return rows.map((row) => ({ ...row, id: row.location_id }));
  }

  sandboxChannels(practiceId: string) {
    return this.api<{ sms: boolean; email: boolean }>(
      'GET',
      `/api/v1/channels/sandbox?practice_id=${practiceId}`,
    );
  }

  async findLead(practiceId: string, email: string): Promise<Lead | null> {
    const query = new URLSearchParams({ practice_id: practiceId, q: email, limit: '5' });
    const found = await this.api<Lead[]>('GET', `/api/v1/people/search?${query}`);
    return found.find((lead) => lead.primary_email?.toLowerCase() === email.toLowerCase()) ?? null;
  }

  lead(personId: string) {
    return this.api<Lead & { pending_review_type: string | null }>('GET', `/api/v1/people/${personId}`);
  }

  /** 'Approve & Send' on the lead panel: the AI's decision waiting for review goes out. */
  approveDecision(personId: string) {
    return this.api<unknown>('POST', `/api/v1/people/${personId}/approve-decision`);
  }

  leadEvents(personId: string) {
    return this.api<{ event_type: string }[]>('GET', `/api/v1/people/${personId}/events?limit=50`);
  }

  simulateReply(personId: string, channel: 'sms' | 'email', message: string) {
    return this.api<{ event_id: string }>('POST', `/api/v1/people/${personId}/simulate-reply`, {
      channel,
      message,
    });
  }

  book(practiceId: string, locationId: string, body: Record<string, unknown>) {
    const query = new URLSearchParams({ practice_id: practiceId, location_id: locationId });
    return this.api<{ id?: string; appointment_id?: string }>(
      'POST',
      `/api/v1/calendar/appointments?${query}`,
      body,
      [200, 201],
    );
  }

  async realtimePageviews(practiceId: string): Promise<RealtimePageview[]> {
    const body = await this.api<{ pageviews: RealtimePageview[] }>(
      'GET',
      `/api/v1/analytics/realtime/pageviews?practice_id=${practiceId}&seconds=1800`,
    );
    return body.pageviews;
  }

  async leadCount(practiceId: string): Promise<number> {
    const stats = await this.api<{ total: number }>('GET', `/api/v1/people/stats?practice_id=${practiceId}`);
    return stats.total;
  }

  /**
   * Posts a batch to the public ingress as the website script does (text/plain JSON, no token, the visitor's
   * browser and the CDN's location headers). Retries like the script: 429 after Retry-After, 408/5xx/network
   * errors with backoff; a 4xx otherwise is a bug in the simulator and is thrown.
   */
  async track(
    siteKey: string,
    events: TrackingEvent[],
    headers: Record<string, string>,
    signal?: AbortSignal,
  ) {
    let delay = 1000;
    for (let attempt = 1; ; attempt++) {
      await this.pace();
      let status = 0;
      let retryAfter = 0;
      try {
        const response = await fetch(`${this.baseUrl}/api/v1/tracking/events`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
          body: JSON.stringify({ site_key: siteKey, events }),
          signal: AbortSignal.timeout(15_000),
        });
        status = response.status;
        if (status === 202) return;
        retryAfter = Number(response.headers.get('retry-after') ?? 0) * 1000;
        if (status !== 408 && status !== 429 && status < 500) {
          throw new StackError(`The tracking ingress refused a batch: ${status} ${await detail(response)}`);
        }
        await response.body?.cancel();
      } catch (error) {
        if (error instanceof StackError) throw error;
      }
      if (attempt >= 6 || signal?.aborted) {
        throw new StackError(
          status
            ? `The tracking ingress keeps answering ${status}`
            : `The tracking ingress is not answering at ${this.baseUrl}`,
        );
      }
      await sleep(Math.max(delay, retryAfter));
      delay = Math.min(delay * 2, 15_000);
    }
  }

  private async pace() {
    const now = Date.now();
    const slot = Math.max(now, this.nextIngressSlot);
    this.nextIngressSlot = slot + 1000 / INGRESS_PER_SECOND;
    if (slot > now) await sleep(slot - now);
  }
}

export class HttpError extends StackError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function detail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
