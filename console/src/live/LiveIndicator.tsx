import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LiveTiming } from './reconnectPolicy';
import { useLiveStatus } from './LiveProvider';

/**
 * A small dot for the live connection: green when open, grey while connecting, red when closed. When not
 * open it also says why in words ('Connection lost', 'Max reconnection attempts reached' …).
 */
export function LiveIndicator() {
  const translate = useTranslate();
  const { state, error, attempts } = useLiveStatus();
  const colour = state === 'open' ? 'success.main' : state === 'connecting' ? 'grey.400' : 'error.main';
  const text =
    state === 'open'
      ? translate('pp.live.live')
      : state === 'connecting'
        ? attempts > 0
          ? translate('pp.live.reconnecting', { attempt: attempts, max: LiveTiming.maxAttempts })
          : translate('pp.live.connecting')
        : (error ?? '');
  return (
    <Tooltip title={text}>
      <Box
        role="status"
        aria-label={text}
        data-testid="live-status"
        data-state={state}
        data-attempts={attempts}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
      >
        <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colour, flexShrink: 0 }} />
        {state === 'closed' && error && (
          <Typography variant="caption" color="error" noWrap>
            {error}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
