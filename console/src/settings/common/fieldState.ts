/**
 * The save-on-commit rule of a settings field (docs/product/settings.md#practice-settings; the leads
 * workspace's inline field rule, console/src/leads/detail/inlineFieldState.ts): the draft is committed on blur
 * or Enter; an unchanged draft saves nothing; a problem stays under the field; saving, then 'saved' for
 * SUCCESS_DISPLAY_MS, or a failure message. Escape puts the saved value back. Pure.
 */
import { SUCCESS_DISPLAY_MS } from '../../leads/detail/inlineFieldState';

export { SUCCESS_DISPLAY_MS };

export type FieldStatus = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed';

export interface FieldState {
  /** What the field shows. */
  draft: string;
  /** The last value known saved: the server's, or what this field saved. */
  baseline: string;
  status: FieldStatus;
  message: string | null;
}

export const initialFieldState = (value: string): FieldState => ({
  draft: value,
  baseline: value,
  status: 'idle',
  message: null,
});

export type FieldAction =
  | { type: 'reset'; value: string }
  | { type: 'change'; draft: string }
  | { type: 'cancel' }
  | { type: 'saving'; value: string }
  | { type: 'saved'; value: string }
  | { type: 'invalid'; message: string }
  | { type: 'failed'; message: string }
  | { type: 'settle' };

export type CommitPlan =
  { kind: 'skip' } | { kind: 'invalid'; message: string } | { kind: 'save'; value: string };

/** What committing the draft means: refused (the rule's message), nothing to do, or the value to save. */
export function planCommit(
  state: FieldState,
  {
    validate,
    toSave = (draft) => draft.trim(),
  }: {
    validate?: (value: string) => string | null;
    toSave?: (draft: string) => string;
  } = {},
): CommitPlan {
  if (state.status === 'saving') return { kind: 'skip' };
  const problem = validate?.(state.draft.trim()) ?? null;
  if (problem) return { kind: 'invalid', message: problem };
  const value = toSave(state.draft);
  if (value === state.baseline.trim()) return { kind: 'skip' };
  return { kind: 'save', value };
}

export function fieldReducer(state: FieldState, action: FieldAction): FieldState {
  switch (action.type) {
    case 'reset':
      // The server's value changed (a refetch): shown unless the user is editing or saving.
      if (state.status === 'saving' || state.draft !== state.baseline)
        return { ...state, baseline: action.value };
      return { ...state, draft: action.value, baseline: action.value };
    case 'change':
      return { ...state, draft: action.draft, status: 'idle', message: null };
    case 'cancel':
      return { ...state, draft: state.baseline, status: 'idle', message: null };
    case 'saving':
      return { ...state, draft: action.value, status: 'saving', message: null };
    case 'saved':
      return { ...state, draft: action.value, baseline: action.value, status: 'saved', message: null };
    case 'invalid':
      return { ...state, status: 'invalid', message: action.message };
    case 'failed':
      return { ...state, status: 'failed', message: action.message };
    case 'settle':
      return state.status === 'saved' ? { ...state, status: 'idle' } : state;
  }
}
