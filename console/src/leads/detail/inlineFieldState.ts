import {
  capitalizeWords,
  nationalDigits,
  validateEmail,
  validatePhone,
  validateRequiredName,
} from '@pp/contracts';
import { en } from '../../i18n/en';

/**
 * The inline field of the lead header (docs/product/leads.md#inline-fields, #validation): idle,
 * saving, valid (success shown 2 s), invalid. Pure: the component dispatches, a hook runs the timer.
 */

export type InlineFieldName = 'first_name' | 'last_name' | 'primary_phone' | 'primary_email';
export type InlineStatus = 'idle' | 'saving' | 'valid' | 'invalid';

/** docs/product/leads.md#constants, "inline save success display". */
export const SUCCESS_DISPLAY_MS = 2000;

export interface InlineFieldState {
  editing: boolean;
  draft: string;
  status: InlineStatus;
  /** The success text (valid) or the problem (invalid). */
  message: string | null;
}

export const initialInlineState: InlineFieldState = {
  editing: false,
  draft: '',
  status: 'idle',
  message: null,
};

const isName = (field: InlineFieldName) => field === 'first_name' || field === 'last_name';

/** What the input shows while typing: names are capitalised per word as they are typed. */
export function normaliseDraft(field: InlineFieldName, draft: string): string {
  return isName(field) ? capitalizeWords(draft) : draft;
}

export type SavePlan =
  { kind: 'skip' } | { kind: 'invalid'; message: string } | { kind: 'save'; value: string | null };

/**
 * What submitting a draft means: invalid (with the spec's message), nothing to do (unchanged), or the value
 * to PATCH. A phone is sent as typed (the server normalises it) and counts as unchanged when its digits are
 * the same; an emptied optional field is sent as null.
 */
export function planSave(
  field: InlineFieldName,
  draft: string,
  current: string | null | undefined,
): SavePlan {
  const value = normaliseDraft(field, draft).trim();
  const before = (current ?? '').trim();
  const problem =
    field === 'first_name'
      ? validateRequiredName(value, 'first')
      : field === 'last_name'
        ? validateRequiredName(value, 'last')
        : field === 'primary_phone'
          ? validatePhone(value)
          : validateEmail(value);
  if (problem) return { kind: 'invalid', message: problem };
  const unchanged =
    field === 'primary_phone' ? nationalDigits(value) === nationalDigits(before) : value === before;
  if (unchanged) return { kind: 'skip' };
  return { kind: 'save', value: value === '' ? null : value };
}

export function successMessage(field: InlineFieldName): string {
  const t = en.pp.leads.validation;
  return {
    first_name: t.first_name_saved,
    last_name: t.last_name_saved,
    primary_phone: t.phone_saved,
    primary_email: t.email_saved,
  }[field];
}

export type InlineAction =
  | { type: 'edit'; value: string }
  | { type: 'change'; field: InlineFieldName; draft: string }
  | { type: 'cancel' }
  | { type: 'skip' }
  | { type: 'saving' }
  | { type: 'saved'; message: string }
  | { type: 'invalid'; message: string }
  | { type: 'settle' };

export function inlineReducer(state: InlineFieldState, action: InlineAction): InlineFieldState {
  switch (action.type) {
    case 'edit':
      return state.status === 'saving'
        ? state
        : { editing: true, draft: action.value, status: 'idle', message: null };
    case 'change':
      // Typing clears an earlier problem; the rule is checked again on save.
      return { ...state, draft: normaliseDraft(action.field, action.draft), status: 'idle', message: null };
    case 'cancel':
    case 'skip':
      return { ...state, editing: false, status: 'idle', message: null };
    case 'saving':
      return { ...state, editing: false, status: 'saving', message: null };
    case 'saved':
      return { ...state, editing: false, status: 'valid', message: action.message };
    case 'invalid':
      // The input stays open with the message, so the user can correct it.
      return { ...state, editing: true, status: 'invalid', message: action.message };
    case 'settle':
      return state.status === 'valid' ? { ...state, status: 'idle', message: null } : state;
  }
}
