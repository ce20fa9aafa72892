import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import {
  Box,
  CircularProgress,
  FormHelperText,
  InputBase,
  Stack,
  Typography,
  type SxProps,
} from '@mui/material';
import { useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  initialInlineState,
  inlineReducer,
  planSave,
  successMessage,
  SUCCESS_DISPLAY_MS,
  type InlineFieldName,
} from './inlineFieldState';

/**
 * An inline-editable lead field (docs/product/leads.md, inline fields and validation): click or focus to edit, Enter or blur
 * saves, Escape cancels. Saving shows a spinner, success its message for 2 s, a problem stays under the
 * open input. A failed save says 'Failed to save. Please try again.'.
 */
export function InlineField({
  field,
  label,
  value,
  placeholder,
  format = (raw) => raw,
  onSave,
  inputType = 'text',
  sx,
}: {
  field: InlineFieldName;
  label: string;
  value: string | null;
  placeholder: string;
  format?: (raw: string) => string;
  onSave: (value: string | null) => Promise<unknown>;
  inputType?: 'text' | 'tel' | 'email';
  sx?: SxProps;
}) {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(inlineReducer, initialInlineState);
  // Enter and Escape close the input themselves; the blur that follows must not save a second time.
  const closing = useRef(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  const startEditing = () => {
    if (state.editing || state.status === 'saving') return;
    closing.current = false;
    clearTimeout(settleTimer.current);
    dispatch({ type: 'edit', value: value ?? '' });
  };

  const save = async () => {
    const plan = planSave(field, state.draft, value);
    if (plan.kind === 'skip') return dispatch({ type: 'skip' });
    if (plan.kind === 'invalid') return dispatch({ type: 'invalid', message: plan.message });
    dispatch({ type: 'saving' });
    try {
      await onSave(plan.value);
      dispatch({ type: 'saved', message: successMessage(field) });
      settleTimer.current = setTimeout(() => dispatch({ type: 'settle' }), SUCCESS_DISPLAY_MS);
    } catch {
      // The spec's words, never the server's raw detail (docs/product/leads.md, validation).
      dispatch({ type: 'invalid', message: translate('pp.leads.validation.save_failed') });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      closing.current = true;
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closing.current = true;
      dispatch({ type: 'cancel' });
    }
  };

  const onBlur = () => {
    if (closing.current) return;
    void save();
  };

  const invalid = state.status === 'invalid';
  const shown = state.status === 'saving' ? state.draft : (value ?? '');

  return (
    <Box
      sx={[{ minWidth: 0, maxWidth: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={`inline-${field}`}
      data-status={state.status}
    >
      {state.editing ? (
        <InputBase
          autoFocus
          value={state.draft}
          type={inputType}
          onChange={(event) => {
            closing.current = false;
            dispatch({ type: 'change', field, draft: event.target.value });
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          inputProps={{ 'aria-label': label, 'aria-invalid': invalid }}
          sx={{
            px: 0.5,
            borderBottom: 2,
            borderColor: invalid ? 'error.main' : 'primary.main',
            font: 'inherit',
            width: '100%',
          }}
        />
      ) : (
        <Stack direction="row" spacing={0.5} alignItems="center" sx={{ minWidth: 0 }}>
          <Typography
            component="span"
            role="button"
            tabIndex={0}
            // A long value is cut with an ellipsis: the whole of it on hover, and in the field on focus.
            title={shown ? format(shown) : undefined}
            aria-label={translate('pp.leads.detail.edit_field', { field: label })}
            onClick={startEditing}
            onFocus={startEditing}
            sx={{
              font: 'inherit',
              cursor: 'text',
              px: 0.5,
              borderRadius: 0.5,
              color: shown ? 'inherit' : 'text.disabled',
              minWidth: 0,
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            {shown ? format(shown) : placeholder}
          </Typography>
          {state.status === 'saving' && (
            <CircularProgress size={14} aria-label={translate('pp.leads.detail.saving')} />
          )}
          {state.status === 'valid' && <CheckCircleOutline fontSize="small" color="success" />}
        </Stack>
      )}
      {state.message && (
        <FormHelperText
          error={invalid}
          sx={{ color: invalid ? undefined : 'success.main', mx: 0.5 }}
          role={invalid ? 'alert' : 'status'}
        >
          {state.message}
        </FormHelperText>
      )}
    </Box>
  );
}
