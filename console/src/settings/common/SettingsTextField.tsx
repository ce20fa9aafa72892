import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { CircularProgress, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { fieldReducer, initialFieldState, planCommit, SUCCESS_DISPLAY_MS } from './fieldState';

export interface SettingsTextFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  onSave: (value: string) => Promise<unknown>;
  /** The rule: a message when the trimmed draft is refused. */
  validate?: (value: string) => string | null;
  /** Shapes the draft as it is typed (a phone). */
  normalise?: (draft: string) => string;
  /** What is saved for a draft (default: trimmed). */
  toSave?: (draft: string) => string;
  required?: boolean;
  placeholder?: string;
  type?: TextFieldProps['type'];
  testId?: string;
  disabled?: boolean;
}

/**
 * A settings field that saves on commit (blur or Enter), Escape restoring the saved value
 * (docs/product/settings.md#practice-settings): a spinner while saving, a tick and 'Saved' for 2 s, a
 * problem or 'Failed to save. Please try again.' under the field.
 */
export function SettingsTextField({
  label,
  value,
  onSave,
  validate,
  normalise = (draft) => draft,
  toSave,
  required,
  placeholder,
  type = 'text',
  testId,
  disabled,
}: SettingsTextFieldProps) {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(fieldReducer, value, initialFieldState);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  useEffect(() => dispatch({ type: 'reset', value }), [value]);

  const commit = async () => {
    const plan = planCommit(state, { validate, toSave });
    if (plan.kind === 'skip') {
      if (state.status === 'invalid' || state.status === 'failed') dispatch({ type: 'cancel' });
      return;
    }
    if (plan.kind === 'invalid') return dispatch({ type: 'invalid', message: plan.message });
    dispatch({ type: 'saving', value: plan.value });
    try {
      await onSave(plan.value);
      dispatch({ type: 'saved', value: plan.value });
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => dispatch({ type: 'settle' }), SUCCESS_DISPLAY_MS);
    } catch (error) {
      // The server's reason when it gave one (docs/decisions/0039-console-on-front-desk-screens.md).
      dispatch({ type: 'failed', message: failureText(error, translate('pp.leads.validation.save_failed')) });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      dispatch({ type: 'cancel' });
    }
  };

  const problem = state.status === 'invalid' || state.status === 'failed';
  const adornment =
    state.status === 'saving' ? (
      <CircularProgress size={16} aria-label={translate('pp.settings.saving')} />
    ) : state.status === 'saved' ? (
      <CheckCircleOutline fontSize="small" color="success" aria-hidden />
    ) : null;

  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      type={type}
      value={state.draft}
      required={required}
      placeholder={placeholder}
      disabled={disabled}
      error={problem}
      helperText={problem ? state.message : state.status === 'saved' ? translate('pp.settings.saved') : ' '}
      onChange={(event) => dispatch({ type: 'change', draft: normalise(event.target.value) })}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
      data-testid={testId}
      data-status={state.status}
      slotProps={{
        input: adornment ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } : {},
        formHelperText: {
          role: problem ? 'alert' : 'status',
          sx: state.status === 'saved' ? { color: 'success.main' } : undefined,
        } as object,
      }}
    />
  );
}
