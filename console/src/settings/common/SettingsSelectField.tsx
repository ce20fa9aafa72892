import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { SUCCESS_DISPLAY_MS, type FieldStatus } from './fieldState';

/**
 * A settings choice that saves when a choice is made (its commit), with the same saving / saved / failed
 * states as the text fields. A required choice cannot be emptied: it offers no empty option.
 */
export function SettingsSelectField({
  label,
  value,
  options,
  onSave,
  required,
  testId,
  placeholder,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onSave: (value: string) => Promise<unknown>;
  required?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  const translate = useTranslate();
  const [status, setStatus] = useState<FieldStatus>('idle');
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = async (next: string) => {
    if (next === value || status === 'saving') return;
    setPending(next);
    setStatus('saving');
    try {
      await onSave(next);
      setStatus('saved');
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => setStatus((now) => (now === 'saved' ? 'idle' : now)),
        SUCCESS_DISPLAY_MS,
      );
    } catch (error) {
      // The server's reason when it gave one (docs/decisions/0039-console-on-front-desk-screens.md).
      setProblem(failureText(error, translate('pp.leads.validation.save_failed')));
      setStatus('failed');
    } finally {
      setPending(null);
    }
  };

  // A stored value that is not one of the choices (a timezone set elsewhere) is shown as it is, not emptied.
  const choices =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      required={required}
      value={pending ?? value}
      onChange={(event) => void choose(event.target.value)}
      error={status === 'failed'}
      helperText={status === 'failed' ? problem : status === 'saved' ? translate('pp.settings.saved') : ' '}
      data-testid={testId}
      data-status={status}
      slotProps={{
        select: {
          displayEmpty: !!placeholder,
          renderValue: (selected: unknown) => (
            <Stack direction="row" spacing={1} alignItems="center" component="span">
              <span>{choices.find((option) => option.value === selected)?.label ?? placeholder ?? ''}</span>
              {status === 'saving' && (
                <CircularProgress size={14} aria-label={translate('pp.settings.saving')} />
              )}
              {status === 'saved' && <CheckCircleOutline fontSize="small" color="success" aria-hidden />}
            </Stack>
          ),
        },
        inputLabel: placeholder ? { shrink: true } : undefined,
        formHelperText: {
          role: status === 'failed' ? 'alert' : 'status',
          sx: status === 'saved' ? { color: 'success.main' } : undefined,
        } as object,
      }}
    >
      {choices.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
