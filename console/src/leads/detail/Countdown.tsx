import { Box, Chip, Stack, Typography } from '@mui/material';
import { countdownParts, formatCountdown, isExpired, type CountdownFormat } from './countdownFormat';
import { useNow } from './useNow';

export type CountdownVariant = 'badge' | 'segmented' | 'default';

/**
 * A countdown to a moment that ticks each second (docs/product/leads.md, AI brain timer). Formats:
 * compact, minimal, full; styles: badge (a chip), segmented (a box per unit), default (text). Once the moment
 * has passed it shows `expiredText`.
 */
export function Countdown({
  target,
  format = 'compact',
  variant = 'default',
  expiredText,
}: {
  target: string | Date;
  format?: CountdownFormat;
  variant?: CountdownVariant;
  expiredText: string;
}) {
  const now = useNow(1000);
  const remaining = new Date(target).getTime() - now.getTime();
  const expired = Number.isNaN(remaining) || isExpired(remaining);
  const label = expired ? expiredText : formatCountdown(remaining, format);

  if (variant === 'badge') {
    return (
      <Chip
        size="small"
        color={expired ? 'warning' : 'primary'}
        label={label}
        data-testid="countdown"
        role="timer"
      />
    );
  }
  if (variant === 'segmented' && !expired) {
    const parts = countdownParts(remaining);
    const units: [string, number][] = [
      ...(parts.days > 0 ? ([['d', parts.days]] as [string, number][]) : []),
      ['h', parts.hours],
      ['m', parts.minutes],
      ['s', parts.seconds],
    ];
    return (
      <Stack
        direction="row"
        spacing={0.5}
        data-testid="countdown"
        role="timer"
        aria-label={formatCountdown(remaining, 'full')}
      >
        {units.map(([unit, value]) => (
          <Box
            key={unit}
            sx={{
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'action.selected',
              textAlign: 'center',
              minWidth: 32,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {String(value).padStart(2, '0')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {unit}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Typography
      variant="body2"
      component="span"
      data-testid="countdown"
      role="timer"
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    >
      {label}
    </Typography>
  );
}
