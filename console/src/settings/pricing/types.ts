/**
 * The shapes of the procedure, fee and promotion calls (docs/product/settings.md#entities), defined once in
 * @pp/contracts (knowledge answers them), and the few the console adds.
 */
import type {
  ConsultationModality,
  CreateProcedureOfferingRequest,
  ProcedureSummaryItem,
  SavePromotionRequest,
  SetConsultationFeeRequest,
  UpdateOfferingRequest,
} from '@pp/contracts';

export type {
  ConsultationFee,
  ConsultationFees,
  PricingHistoryEntry,
  ProcedureSearchResult,
  ProcedureSummaryItem,
  Promotion,
  PromotionStatus,
  PromotionType,
  SeedFromExtractedResponse,
} from '@pp/contracts';
export { CONSULTATION_MODALITIES as MODALITIES, PROMOTION_STATUSES } from '@pp/contracts';

export type Modality = ConsultationModality;
export type Pricing = NonNullable<ProcedureSummaryItem['offerings']['all_locations']['pricing']>;
export type ModalityFees = NonNullable<import('@pp/contracts').ConsultationFees[Modality]>;
export type CreateOfferingRequest = CreateProcedureOfferingRequest;
export type OfferingUpdateRequest = UpdateOfferingRequest;
export type SaveFeeRequest = SetConsultationFeeRequest;
export type PromotionRequest = SavePromotionRequest;

export interface LocationOption {
  location_id: string;
  name: string;
}
