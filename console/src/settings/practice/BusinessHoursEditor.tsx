import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import {
  Box,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { SUCCESS_DISPLAY_MS, type FieldStatus } from '../common/fieldState';
import { WEEKDAYS, withDay, type BusinessHours, type Weekday } from './hours';

/**
 * Business hours per weekday: open, close, closed (docs/product/settings.md#business-hours). Editable hours save
 * on commit (a time on blur, Closed when switched) as the whole week; read-only hours (inherited) show as text.
 */
export function BusinessHoursEditor({
  hours,
  readOnly,
  onSave,
  label,
}: {
  hours: BusinessHours;
  readOnly: boolean;
  onSave: (hours: BusinessHours) => Promise<unknown>;
  label: string;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(hours);
  const [status, setStatus] = useState<FieldStatus>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saved = JSON.stringify(hours);
  useEffect(() => {
    if (status !== 'saving') setDraft(JSON.parse(saved) as BusinessHours);
  }, [saved]); // only a new saved value resets the draft

  // A commit while a save runs is queued (only the latest is kept) and saved when that save ends, so the
  // controls stay enabled and keyboard focus stays where the user moved it.
  const running = useRef(false);
  const queued = useRef<BusinessHours | null>(null);
  const latestInvalid = useRef(false);

  const commit = async (next: BusinessHours) => {
    setDraft(next);
    const wrong = WEEKDAYS.find((day) => !next[day].closed && next[day].close <= next[day].open);
    if (wrong) {
      latestInvalid.current = true;
      queued.current = null;
      setStatus('invalid');
      setProblem(
        `${translate(`pp.settings.practice.days.${wrong}`)}: ${translate('pp.settings.practice.close_after_open')}`,
      );
      return;
    }
    latestInvalid.current = false;
    if (running.current) {
      queued.current = next;
      return;
    }
    if (JSON.stringify(next) === saved) {
      setStatus('idle');
      setProblem(null);
      return;
    }
    running.current = true;
    setStatus('saving');
    setProblem(null);
    try {
      let week = next;
      for (;;) {
        await onSave(week);
        const later = queued.current;
        queued.current = null;
        if (!later || JSON.stringify(later) === JSON.stringify(week)) break;
        week = later;
      }
      if (latestInvalid.current) return;
      setStatus('saved');
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => setStatus((now) => (now === 'saved' ? 'idle' : now)),
        SUCCESS_DISPLAY_MS,
      );
    } catch (error) {
      queued.current = null;
      setStatus('failed');
      setProblem(failureText(error, translate('pp.leads.validation.save_failed')));
    } finally {
      running.current = false;
    }
  };

  const dayLabel = (day: Weekday) => translate(`pp.settings.practice.days.${day}`);

  return (
    <Box role="group" aria-label={label} data-testid="business-hours" data-status={status}>
      {WEEKDAYS.map((day) => {
        const value = draft[day];
        return (
          <Box
            key={day}
            data-day={day}
            sx={{
              display: 'grid',
              gridTemplateColumns: '110px 120px 1fr 1fr',
              gap: 1.5,
              alignItems: 'center',
              py: 0.5,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {dayLabel(day)}
            </Typography>
            {readOnly ? (
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '2 / span 3' }}>
                {value.closed ? translate('pp.settings.practice.closed') : `${value.open} – ${value.close}`}
              </Typography>
            ) : (
              <>
                <FormControlLabel
                  label={translate('pp.settings.practice.closed')}
                  control={
                    <Switch
                      size="small"
                      checked={value.closed}
                      onChange={(event) => void commit(withDay(draft, day, { closed: event.target.checked }))}
                      slotProps={{
                        input: {
                          'aria-label': `${dayLabel(day)} ${translate('pp.settings.practice.closed')}`,
                        },
                      }}
                    />
                  }
                />
                {(['open', 'close'] as const).map((edge) => (
                  <TextField
                    key={edge}
                    type="time"
                    size="small"
                    value={value[edge]}
                    disabled={value.closed}
                    onChange={(event) => setDraft(withDay(draft, day, { [edge]: event.target.value }))}
                    onBlur={() => void commit(draft)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void commit(draft);
                    }}
                    slotProps={{
                      htmlInput: {
                        'aria-label': translate(
                          edge === 'open'
                            ? 'pp.settings.practice.open_time'
                            : 'pp.settings.practice.close_time',
                          { day: dayLabel(day) },
                        ),
                        step: 300,
                      },
                    }}
                  />
                ))}
              </>
            )}
          </Box>
        );
      })}
      <Box sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 1 }}>
        {status === 'saving' && <CircularProgress size={14} aria-label={translate('pp.settings.saving')} />}
        {status === 'saved' && (
          <FormHelperText
            role="status"
            sx={{ color: 'success.main', display: 'flex', gap: 0.5, alignItems: 'center' }}
          >
            <CheckCircleOutline fontSize="inherit" aria-hidden />
            {translate('pp.settings.saved')}
          </FormHelperText>
        )}
        {problem && (
          <FormHelperText error role="alert">
            {problem}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
