/**
 * The shapes of the procedure, fee and promotion calls (docs/product/settings.md#entities and #procedure-calls).
 */

export interface Pricing {
  min: number | null;
  max: number | null;
  unit: string | null;
  currency: string | null;
}

export interface AllLocationsOffering {
  offered: boolean;
  pricing: Pricing | null;
  practice_procedure_id?: string | null;
}

export interface LocationOffering {
  offered: boolean;
  pricing: Pricing | null;
  location_name: string;
}

export interface ProcedureSummaryItem {
  procedure_id: string;
  procedure_name: string;
  category_id: string | null;
  category_name: string | null;
  parent_id: string | null;
  parent_name: string | null;
  history_count: number;
  has_promotion: boolean;
  offerings: {
    all_locations: AllLocationsOffering | null;
    locations: Record<string, LocationOffering>;
  };
}

export interface ProcedureSearchResult {
  procedure_id: string;
  name: string;
  parent_name: string | null;
}

export interface PricingHistoryEntry {
  location_id: string | null;
  location_name: string | null;
  price_min: number | null;
  price_max: number | null;
  effective_start: string;
  effective_end: string | null;
}

export const MODALITIES = ['medspa', 'surgery'] as const;
export type Modality = (typeof MODALITIES)[number];

export interface FeeValue {
  fee: number | null;
  currency: string | null;
  is_free: boolean;
}

export interface ModalityFees {
  all_locations: (FeeValue & { policy_id?: string | null }) | null;
  locations: Record<string, FeeValue>;
}

export type ConsultationFees = Partial<Record<Modality, ModalityFees>>;

export const PROMOTION_STATUSES = ['current', 'scheduled', 'expired'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export interface Promotion {
  promotion_id: string;
  name: string;
  type: string;
  amount: number | null;
  location_id: string | null;
  location_name: string | null;
  scope: string | null;
  selected_procedures: string[];
  is_all_procedures: boolean;
  start: string;
  end: string;
  terms: string | null;
  status?: PromotionStatus;
}

export interface LocationOption {
  location_id: string;
  name: string;
}

export interface CreateOfferingRequest {
  procedure_id?: string;
  procedure_name?: string;
  parent_id: string | null;
  location_id: string | null;
  is_offered: boolean;
  price_min: number | null;
  price_max: number | null;
  unit: string | null;
  currency: string;
}

export interface DisableOfferingRequest {
  procedure_id: string;
  location_id: string | null;
  is_offered: false;
  end_pricing_when_disabled: true;
}

export interface SaveFeeRequest {
  location_id: string | null;
  modality: Modality;
  fee: number | null;
  currency: string;
  is_free: boolean;
}

export interface SavePromotionRequest {
  promotion_id?: string;
  name: string;
  type: string;
  amount: number | null;
  location_id: string | null;
  selected_procedures: string[];
  is_all_procedures: boolean;
  start: string;
  end: string;
  terms: null;
}
