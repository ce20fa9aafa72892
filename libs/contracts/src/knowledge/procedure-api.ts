/**
 * The pricing API's shapes and constants (docs/product/settings.md#entities, #pricing-validation,
 * #constants): knowledge answers them, the console reads them.
 */

/** Pricing units (docs/product/settings.md#pricing-validation). */
/** The highest price or fee the product keeps (numeric(12,2) holds more; no practice charges more). */
export const MAX_PRICE = 10_000_000;

export const PRICING_UNITS = [
  'None',
  'Area',
  'Procedure',
  'Session',
  'Syringe',
  'Treatment',
  'Unit',
  'Vial',
] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];

/** Currencies, USD by default. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

/** Consultation modalities. */
export const CONSULTATION_MODALITIES = ['medspa', 'surgery'] as const;
export type ConsultationModality = (typeof CONSULTATION_MODALITIES)[number];

/** Promotion types; `percent_discount` is the default. */
export const PROMOTION_TYPES = [
  'monetary_discount',
  'percent_discount',
  'up_to_monetary_discount',
  'up_to_percent_discount',
  'free_consultation',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const DEFAULT_PROMOTION_TYPE: PromotionType = 'percent_discount';
export const PERCENT_PROMOTION_TYPES: readonly PromotionType[] = [
  'percent_discount',
  'up_to_percent_discount',
];

export const PROMOTION_STATUSES = ['current', 'scheduled', 'expired'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The scope text of a promotion for every procedure. */
export const ALL_PROCEDURES_SCOPE = 'All procedures';

export interface Pricing {
  min: number | null;
  max: number | null;
  unit: PricingUnit;
  currency: Currency;
}

/** `GET procedures/{practice_id}/summary` (docs/product/settings.md#entities). */
export interface ProcedureSummaryItem {
  procedure_id: string;
  procedure_name: string;
  category_id: string | null;
  category_name: string | null;
  parent_id: string | null;
  parent_name: string | null;
  /** Pricing rows of the procedure in the practice, ended ones included. */
  history_count: number;
  /** A current promotion applies to it. */
  has_promotion: boolean;
  offerings: {
    all_locations: {
      offered: boolean;
      pricing: Pricing | null;
      practice_procedure_id: string | null;
    };
    locations: Record<string, { offered: boolean; pricing: Pricing | null; location_name: string }>;
  };
}

/** `GET procedures/{practice_id}/search?q=`. */
export interface ProcedureSearchResult {
  procedure_id: string;
  name: string;
  parent_name: string | null;
}

/** `GET procedures/{practice_id}/history/{procedure_id}`: one pricing row; effective_end null = current. */
export interface PricingHistoryEntry {
  location_id: string | null;
  location_name: string;
  price_min: number | null;
  price_max: number | null;
  unit: PricingUnit;
  currency: Currency;
  effective_start: string;
  effective_end: string | null;
}

/** `POST procedures/{practice_id}/create`. */
export interface CreateProcedureOfferingRequest {
  procedure_id?: string | null;
  procedure_name?: string | null;
  parent_id?: string | null;
  location_id?: string | null;
  is_offered?: boolean;
  price_min?: number | null;
  price_max?: number | null;
  unit?: PricingUnit;
  currency?: Currency;
}

/**
 * `POST procedures/{practice_id}/update-offering`: with `is_offered: false` it stops offering the procedure
 * at the location (null: all locations) and, unless `end_pricing_when_disabled` is false, ends its pricing;
 * with `is_offered: true` and prices it sets the price (ending the current row when it changes).
 */
export interface UpdateOfferingRequest {
  procedure_id: string;
  location_id?: string | null;
  is_offered: boolean;
  end_pricing_when_disabled?: boolean;
  price_min?: number | null;
  price_max?: number | null;
  unit?: PricingUnit;
  currency?: Currency;
}

/** The answer of create and update-offering: the procedure as the summary shows it. */
export type ProcedureOfferingResponse = ProcedureSummaryItem;

/** `POST procedures/{practice_id}/seed-from-extracted`. */
export interface SeedFromExtractedResponse {
  /** Chunks read. */
  chunks_scanned: number;
  /** Procedures found in the practice's pages. */
  procedures_found: number;
  /** Offerings added to the practice. */
  offerings_created: number;
  /** Prices set or changed (an earlier, different price is ended, never lost). */
  prices_set: number;
  procedures: { procedure_id: string; procedure_name: string; pricing: Pricing | null }[];
}

export interface ConsultationFee {
  fee: number | null;
  currency: Currency;
  is_free: boolean;
}

/** `GET procedures/{practice_id}/consultation-fees`: keyed by modality, only configured ones present. */
export type ConsultationFees = Partial<
  Record<
    ConsultationModality,
    {
      all_locations: (ConsultationFee & { policy_id: string }) | null;
      locations: Record<string, ConsultationFee>;
    }
  >
>;

/** `POST procedures/{practice_id}/consultation-fees`. */
export interface SetConsultationFeeRequest {
  location_id?: string | null;
  modality: ConsultationModality;
  fee?: number | null;
  currency?: Currency;
  is_free?: boolean;
}

/** A promotion (docs/product/settings.md#entities). start and end are calendar days, YYYY-MM-DD. */
export interface Promotion {
  promotion_id: string;
  name: string;
  type: PromotionType;
  amount: number | null;
  location_id: string | null;
  location_name: string | null;
  scope: string;
  selected_procedures: string[];
  is_all_procedures: boolean;
  start: string;
  end: string;
  terms: null;
  status: PromotionStatus;
}

/** `POST procedures/{practice_id}/promotions`: with promotion_id it edits that promotion. */
export interface SavePromotionRequest {
  promotion_id?: string | null;
  name: string;
  type?: PromotionType;
  amount?: number | null;
  location_id?: string | null;
  selected_procedures?: string[];
  is_all_procedures?: boolean;
  start: string;
  end: string;
  terms?: string | null;
}

/** Refusals of the pricing API that the console may show as they are. */
export const ProcedureApiMessages = {
  procedureNotFound: 'Procedure not found',
  parentNotFound: 'Parent procedure not found',
  promotionNotFound: 'Promotion not found',
  procedureRequired: 'Choose a procedure or type a new name',
  procedureNameTooLong: 'The procedure name is too long (200 characters at most)',
  parentIsSelf: 'A parent cannot be its own child',
  parentIsChild: 'A parent cannot be a child of another procedure',
  parentHasChildren: 'A procedure with children cannot become a child',
  priceInvalid: 'Prices must be numbers from 0 to 10,000,000 with at most 2 decimals',
  unitInvalid: `The unit must be one of ${PRICING_UNITS.join(', ')}`,
  currencyInvalid: `The currency must be one of ${CURRENCIES.join(', ')}`,
  modalityInvalid: `The modality must be one of ${CONSULTATION_MODALITIES.join(', ')}`,
  feeRequired: 'Enter a fee or mark the consultation free',
  feeInvalid: 'The fee must be a number from 0 to 1,000,000 with at most 2 decimals',
  promotionNameRequired: 'Please enter a promotion name',
  promotionNameTooLong: 'The promotion name is too long (200 characters at most)',
  promotionTypeInvalid: `The type must be one of ${PROMOTION_TYPES.join(', ')}`,
  promotionAmountRequired: 'Enter the amount of the discount',
  promotionPercentInvalid: 'A percent discount must be more than 0 and at most 100',
  promotionAmountInvalid:
    'The amount must be a number more than 0 and at most 1,000,000 with at most 2 decimals',
  promotionDatesRequired: 'Choose a start and an end date',
  promotionDateInvalid: 'Dates must be YYYY-MM-DD or an ISO timestamp of that day',
  promotionEndBeforeStart: 'The end date cannot be before the start date',
  promotionNotCurrent: 'Only a current promotion can be ended early',
  promotionEnded:
    'This promotion was ended early and can no longer be edited. Create a new promotion instead.',
  promotionStatusInvalid: `status must be one of ${PROMOTION_STATUSES.join(', ')}`,
  tooManyProcedures: 'Select at most 500 procedures',
  searchTooLong: 'The search is too long (200 characters at most)',
} as const;
