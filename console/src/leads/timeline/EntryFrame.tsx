import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { activityTime } from '../format';
import { dateTime } from './eventText';

/**
 * The common frame of a timeline entry: icon, title, activity time ('Just now', 'N h ago', 'N d ago', else a
 * date; the exact moment on hover), optional reasoning, then the body.
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
          title={dateTime(at)}
        >
          {activityTime(at)}
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
