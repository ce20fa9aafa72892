import type {
  ConsentLedgerDto,
  CreateAppointmentRequest,
  EditDecisionRequest,
  LeadActionRequest,
  LeadActionResponse,
  LeadListResponse,
  LeadStatsResponse,
  PersonDto,
  SandboxChannels,
  SimulatedReplyRequest,
  TimelineEventDto,
} from '@pp/contracts';
import { LeadLimits } from '@pp/contracts';
import { en } from '../i18n/en';
import { API_URL, httpClient } from './http';
import { normaliseEvents } from './normaliseEvent';

/** Query of `GET /people/`: a stage filter id ('all', 'review', 'escalated' ...) and at most one cursor. */
export interface LeadListQuery {
  practiceId: string;
  filterId: string;
  limit?: number;
  after?: string | null;
  before?: string | null;
  anchorId?: string | null;
  signal?: AbortSignal;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const person = (personId: string) => `${API_URL}/people/${encodeURIComponent(personId)}`;

/** `POST /people/{id}/ask-ai` (docs/product/lead-panel.md#ask-ai): a question about the lead. */
export interface AskAiRequest {
  question: string;
}

/** A source the answer rests on: a page of the practice's knowledge. */
export interface AskAiCitation {
  chunk_id: string;
  source_url: string;
  page_title: string | null;
}

export interface AskAiResponse {
  /** Plain text. */
  answer: string;
  /** False when neither the lead's timeline nor the practice's knowledge held the answer. */
  grounded: boolean;
  citations: AskAiCitation[];
}

/**
 * The people calls of docs/product/leads.md#calls, each with its default message (#errors). The list filter
 * 'all' sends no stage; 'review' sends pending_review=true; any other id is sent as the stage.
 */
export const peopleApi = {
  async list({ practiceId, filterId, limit, after, before, anchorId, signal }: LeadListQuery) {
    const filter =
      filterId === 'all' ? {} : filterId === 'review' ? { pending_review: 'true' } : { stage: filterId };
    const qs = query({
      practice_id: practiceId,
      limit: limit ?? LeadLimits.pageSize,
      ...filter,
      after,
      before,
      anchor_id: anchorId,
    });
    const { json } = await httpClient<LeadListResponse>(`${API_URL}/people/?${qs}`, { signal });
    return json;
  },

  async stats(practiceId: string, signal?: AbortSignal) {
    const { json } = await httpClient<LeadStatsResponse>(
      `${API_URL}/people/stats?${query({ practice_id: practiceId })}`,
      { signal, fallbackMessage: en.pp.errors.stats },
    );
    return json;
  },

  /** A list, or an object with items (docs/product/shell.md#calls); non-OK gives an empty list. Aborts propagate. */
  async search(practiceId: string, q: string, signal?: AbortSignal): Promise<PersonDto[]> {
    try {
      const { json } = await httpClient<PersonDto[] | { items: PersonDto[] }>(
        `${API_URL}/people/search?${query({ practice_id: practiceId, q, limit: LeadLimits.searchLimit })}`,
        { signal },
      );
      return Array.isArray(json) ? json : (json?.items ?? []);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      return [];
    }
  },

  async get(personId: string, signal?: AbortSignal) {
    const { json } = await httpClient<PersonDto>(person(personId), {
      signal,
      fallbackMessage: en.pp.errors.person,
    });
    return json;
  },

  async update(
    personId: string,
    changes: Partial<
      Pick<PersonDto, 'first_name' | 'last_name' | 'primary_phone' | 'primary_email' | 'stage'>
    >,
  ) {
    const { json } = await httpClient<PersonDto>(person(personId), {
      method: 'PATCH',
      body: changes,
      fallbackMessage: en.pp.errors.update_person,
    });
    return json;
  },

  /** The lead's consent ledger (docs/product/channels.md#consent-ledger). */
  async consents(personId: string, signal?: AbortSignal): Promise<ConsentLedgerDto> {
    const { json } = await httpClient<ConsentLedgerDto>(`${person(personId)}/consents`, {
      signal,
      fallbackMessage: en.pp.errors.consents,
    });
    return json;
  },

  async events(personId: string, signal?: AbortSignal): Promise<TimelineEventDto[]> {
    const { json } = await httpClient<unknown>(
      `${person(personId)}/events?${query({ limit: LeadLimits.eventLimit })}`,
      { signal, fallbackMessage: en.pp.errors.request_failed },
    );
    return normaliseEvents(json);
  },

  async markSeen(personId: string) {
    await httpClient(`${person(personId)}/seen`, { method: 'POST' });
  },

  async approveDecision(personId: string) {
    await httpClient(`${person(personId)}/approve-decision`, {
      method: 'POST',
      fallbackMessage: en.pp.errors.approve,
    });
  },

  async editDecision(personId: string, body: EditDecisionRequest) {
    await httpClient(`${person(personId)}/edit-decision`, {
      method: 'POST',
      body,
      fallbackMessage: en.pp.errors.edit,
    });
  },

  async logAction(personId: string, body: LeadActionRequest) {
    const { json } = await httpClient<LeadActionResponse>(`${person(personId)}/actions`, {
      method: 'POST',
      body,
      fallbackMessage: en.pp.errors.log_action,
    });
    return json;
  },

  /** Which channels of the practice are the sandbox (docs/product/channels.md#simulated-replies). */
  async sandboxChannels(practiceId: string, signal?: AbortSignal): Promise<SandboxChannels> {
    const { json } = await httpClient<SandboxChannels>(
      `${API_URL}/channels/sandbox?${query({ practice_id: practiceId })}`,
      { signal, fallbackMessage: en.pp.errors.sandbox_channels },
    );
    return json;
  },

  /** A reply in the lead's name on a sandboxed channel; the AI answers it as a real one. */
  async simulateReply(personId: string, body: SimulatedReplyRequest) {
    const { json } = await httpClient<{ event_id: string }>(`${person(personId)}/simulate-reply`, {
      method: 'POST',
      body,
      fallbackMessage: en.pp.errors.simulate_reply,
    });
    return json;
  },

  async askAi(personId: string, body: AskAiRequest) {
    const { json } = await httpClient<AskAiResponse>(`${person(personId)}/ask-ai`, {
      method: 'POST',
      body,
      fallbackMessage: en.pp.errors.ask_ai,
    });
    return json;
  },

  async createAppointment(practiceId: string, locationId: string | null, body: CreateAppointmentRequest) {
    const { json } = await httpClient<Record<string, unknown>>(
      `${API_URL}/calendar/appointments?${query({ practice_id: practiceId, location_id: locationId })}`,
      { method: 'POST', body },
    );
    return json;
  },
};

export type PeopleApi = typeof peopleApi;
