import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  monthGrid,
  parseDay,
  pickDay,
  presetOf,
  presetRange,
  PRESETS,
  rangeText,
  type DayRange,
} from './dateRange';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/**
 * The date range picker (docs/product/analytics.md#date-range): presets Today, Yesterday, Last 7 days, This month,
 * Last 30 days and Last 90 days, and a range calendar (the first click starts the range, the second ends it).
 * Shows 'Select date range' when empty.
 */
export function DateRangePicker({
  value,
  onChange,
}: {
  value: DayRange | null;
  onChange: (range: DayRange) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<{ start: string; end: string | null } | null>(null);
  const [month, setMonth] = useState(() => {
    const shown = value ? parseDay(value.end) : new Date();
    return { year: shown.getFullYear(), month: shown.getMonth() };
  });
  const active = presetOf(value);
  const shown = pending ?? value;
  const close = () => {
    setAnchor(null);
    setPending(null);
  };
  const choose = (range: DayRange) => {
    onChange(range);
    close();
  };
  const step = (delta: number) =>
    setMonth(({ year, month: current }) => {
      const next = new Date(year, current + delta, 1);
      return { year: next.getFullYear(), month: next.getMonth() };
    });
  const inRange = (day: string) => Boolean(shown && day >= shown.start && day <= (shown.end ?? shown.start));
  const monthName = new Date(month.year, month.month, 1).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
  });

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CalendarMonthOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={translate('pp.analytics.range.label')}
        aria-haspopup="dialog"
        data-testid="date-range"
        sx={{ textTransform: 'none' }}
      >
        {value ? rangeText(value) : translate('pp.analytics.range.empty')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate('pp.analytics.range.label') } }}
      >
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
          <List dense sx={{ minWidth: 150, borderRight: { sm: 1 }, borderColor: { sm: 'divider' } }}>
            {PRESETS.map((preset) => (
              <ListItemButton
                key={preset}
                selected={preset === active}
                onClick={() => choose(presetRange(preset))}
              >
                <ListItemText primary={translate(`pp.analytics.range.presets.${preset}`)} />
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ p: 1.5 }} data-testid="range-calendar">
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <IconButton
                size="small"
                onClick={() => step(-1)}
                aria-label={translate('pp.analytics.range.previous_month')}
              >
                <ChevronLeft />
              </IconButton>
              <Typography variant="subtitle2" component="span">
                {monthName}
              </Typography>
              <IconButton
                size="small"
                onClick={() => step(1)}
                aria-label={translate('pp.analytics.range.next_month')}
              >
                <ChevronRight />
              </IconButton>
            </Box>
            <Box role="grid" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 36px)', gap: 0.25 }}>
              {WEEKDAYS.map((day) => (
                <Typography
                  key={day}
                  variant="caption"
                  color="text.secondary"
                  align="center"
                  role="columnheader"
                >
                  {day}
                </Typography>
              ))}
              {monthGrid(month.year, month.month)
                .flat()
                .map((day, index) =>
                  day ? (
                    <Button
                      key={day}
                      size="small"
                      variant={inRange(day) ? 'contained' : 'text'}
                      disableElevation
                      aria-label={parseDay(day).toLocaleDateString('en-US', {
                        month: 'long',
                        day: 'numeric',
                        year: 'numeric',
                      })}
                      aria-pressed={inRange(day)}
                      data-day={day}
                      onClick={() => {
                        const next = pickDay(pending, day);
                        if (next.end) choose({ start: next.start, end: next.end });
                        else setPending(next);
                      }}
                      sx={{ minWidth: 0, width: 36, height: 32, p: 0 }}
                    >
                      {parseDay(day).getDate()}
                    </Button>
                  ) : (
                    <Box key={`blank-${index}`} />
                  ),
                )}
            </Box>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
