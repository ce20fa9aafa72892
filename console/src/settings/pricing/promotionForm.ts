import { DEFAULT_PROMOTION_TYPE, type PromotionSelection, type PromotionType } from '@pp/contracts';
import { parseAmount } from './money';
import { amountKind, dayOf, dayToIso } from './promotionRules';
import type { Promotion, PromotionRequest } from './types';

/** The promotion form's state and what it sends (docs/product/settings.md#promotion-validation). */

export interface PromotionForm {
  promotion_id: string | null;
  name: string;
  type: PromotionType;
  /** The percent or dollar amount as typed; unused for a free consultation. */
  amount: string;
  /** '' is all locations. */
  location_id: string;
  selection: PromotionSelection;
  /** YYYY-MM-DD, '' until chosen. */
  start: string;
  end: string;
}

export function initialPromotionForm(promotion?: Promotion | null): PromotionForm {
  if (!promotion) {
    return {
      promotion_id: null,
      name: '',
      type: DEFAULT_PROMOTION_TYPE,
      amount: '',
      location_id: '',
      selection: { is_all_procedures: true, selected_procedures: [] },
      start: '',
      end: '',
    };
  }
  return {
    promotion_id: promotion.promotion_id,
    name: promotion.name,
    type: promotion.type,
    amount: promotion.amount === null ? '' : String(promotion.amount),
    location_id: promotion.location_id ?? '',
    selection: {
      is_all_procedures: promotion.is_all_procedures,
      selected_procedures: promotion.is_all_procedures ? [] : [...promotion.selected_procedures],
    },
    start: dayOf(promotion.start),
    end: dayOf(promotion.end),
  };
}

/** Save/Add needs a name, a start and an end, and nothing busy. */
export const canSavePromotion = (form: PromotionForm, busy: boolean) =>
  !busy && form.name.trim() !== '' && form.start !== '' && form.end !== '';

/** The request: dates as ISO timestamps, the amount a number (none for a free consultation), terms null. */
export function promotionRequest(form: PromotionForm): PromotionRequest {
  return {
    ...(form.promotion_id ? { promotion_id: form.promotion_id } : {}),
    name: form.name.trim(),
    type: form.type,
    amount: amountKind(form.type) === 'benefit' ? null : parseAmount(form.amount),
    location_id: form.location_id || null,
    selected_procedures: form.selection.is_all_procedures ? [] : form.selection.selected_procedures,
    is_all_procedures: form.selection.is_all_procedures,
    start: dayToIso(form.start),
    end: dayToIso(form.end),
    terms: null,
  };
}
