import { API_URL, httpClient } from '../../providers/http';
import type {
  ConsultationFees,
  CreateOfferingRequest,
  Modality,
  OfferingUpdateRequest,
  PricingHistoryEntry,
  ProcedureSearchResult,
  ProcedureSummaryItem,
  Promotion,
  PromotionRequest,
  SaveFeeRequest,
  SeedFromExtractedResponse,
} from './types';

/** The procedure, fee and promotion calls (docs/product/settings.md#procedure-calls), through the one HTTP client. */

const base = (practiceId: string) => `${API_URL}/procedures/${encodeURIComponent(practiceId)}`;

async function get<T>(url: string, signal?: AbortSignal): Promise<T> {
  const { json } = await httpClient<T>(url, { signal });
  return json;
}

async function send<T>(url: string, method: 'POST' | 'DELETE', body?: unknown): Promise<T> {
  const { json } = await httpClient<T>(url, { method, body });
  return json;
}

/** A list answer, or the list inside an object answer ({items: [...]} and the like). */
function listOf<T>(json: unknown, ...keys: string[]): T[] {
  if (Array.isArray(json)) return json as T[];
  if (json && typeof json === 'object') {
    for (const key of keys) {
      const value = (json as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

export const pricingApi = {
  async summary(practiceId: string, signal?: AbortSignal) {
    return listOf<ProcedureSummaryItem>(
      await get(`${base(practiceId)}/summary`, signal),
      'procedures',
      'items',
    );
  },

  /** GET search?q=: a failure is an empty list (docs/product/settings.md#procedure-calls). */
  async search(practiceId: string, q: string, signal?: AbortSignal): Promise<ProcedureSearchResult[]> {
    try {
      const json = await get(`${base(practiceId)}/search?${new URLSearchParams({ q })}`, signal);
      return listOf<ProcedureSearchResult>(json, 'results', 'procedures', 'items');
    } catch {
      return [];
    }
  },

  async history(practiceId: string, procedureId: string, locationId?: string | null, signal?: AbortSignal) {
    const query = locationId ? `?${new URLSearchParams({ location_id: locationId })}` : '';
    const json = await get(`${base(practiceId)}/history/${encodeURIComponent(procedureId)}${query}`, signal);
    return listOf<PricingHistoryEntry>(json, 'history', 'entries', 'items');
  },

  seed: (practiceId: string) =>
    send<SeedFromExtractedResponse | null>(`${base(practiceId)}/seed-from-extracted`, 'POST'),

  create: (practiceId: string, body: CreateOfferingRequest) =>
    send<ProcedureSummaryItem>(`${base(practiceId)}/create`, 'POST', body),

  updateOffering: (practiceId: string, body: OfferingUpdateRequest) =>
    send(`${base(practiceId)}/update-offering`, 'POST', body),

  async consultationFees(practiceId: string, signal?: AbortSignal) {
    return (await get<ConsultationFees | null>(`${base(practiceId)}/consultation-fees`, signal)) ?? {};
  },

  saveConsultationFee: (practiceId: string, body: SaveFeeRequest) =>
    send(`${base(practiceId)}/consultation-fees`, 'POST', body),

  stopModality: (practiceId: string, modality: Modality) =>
    send(`${base(practiceId)}/consultation-fees/modality/${encodeURIComponent(modality)}`, 'DELETE'),

  async promotions(practiceId: string, signal?: AbortSignal) {
    return listOf<Promotion>(await get(`${base(practiceId)}/promotions`, signal), 'promotions', 'items');
  },

  savePromotion: (practiceId: string, body: PromotionRequest) =>
    send<Promotion>(`${base(practiceId)}/promotions`, 'POST', body),

  endPromotion: (practiceId: string, promotionId: string) =>
    send(`${base(practiceId)}/promotions/${encodeURIComponent(promotionId)}`, 'DELETE'),
};
