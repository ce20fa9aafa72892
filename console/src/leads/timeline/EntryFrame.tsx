import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { dateTimeOn, usePracticeClock } from '../../practices/practiceClock';
import { activityTime } from '../format';

/**
 * The common frame of a timeline entry: icon, title, activity time ('Just now', 'N h ago', 'N d ago', else a
 * date; the exact moment on hover), optional reasoning, then the body. Dates and moments are on the practice's
 * clock (docs/decisions/0039-console-on-front-desk-screens.md).
 */
export function EntryFrame({
  icon,
  title,
  at,
  meta,
  reasoning,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  at: Date;
  meta?: ReactNode;
  reasoning?: string | null;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {meta}
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={at.toISOString()}
          title={dateTimeOn(at, zone)}
        >
          {activityTime(at, undefined, zone)}
        </Typography>
      </Stack>
      {children && <Box sx={{ mt: 1 }}>{children}</Box>}
      {reasoning && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1, fontStyle: 'italic' }}
        >
          {translate('pp.leads.timeline.reasoning')}: {reasoning}
        </Typography>
      )}
    </Paper>
  );
}
