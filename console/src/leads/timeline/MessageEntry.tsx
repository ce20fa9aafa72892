import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { TimelineEventDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { dateTimeOn, usePracticeClock } from '../../practices/practiceClock';
import { activityTime } from '../format';
import { isMock, messageDirection, reasoningOf } from './eventText';

/**
 * An SMS or email as a chat bubble: the lead's on the left, ours on the right. The text is whatever the lead
 * (or the AI) wrote, shown as text.
 */
export function MessageEntry({ event }: { event: TimelineEventDto }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const direction = messageDirection(event.event_type);
  const outbound = direction === 'outbound';
  const subject = typeof event.content_data.subject === 'string' ? event.content_data.subject : null;
  const message = typeof event.content_data.message === 'string' ? event.content_data.message : '';
  const at = new Date(event.timestamp);
  const reasoning = reasoningOf(event);
  const by = event.event_metadata.approved_by_name ?? event.event_metadata.performed_by_name;
  return (
    <Stack alignItems={outbound ? 'flex-end' : 'flex-start'} data-direction={direction}>
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: outbound ? 'primary.main' : 'action.selected',
          color: outbound ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="caption" sx={{ fontWeight: 600, opacity: 0.9 }}>
            {translate(`pp.leads.timeline.${event.event_type}`)}
          </Typography>
          {isMock(event) && (
            <Tooltip title={translate('pp.leads.timeline.mock_hint')}>
              <Chip
                size="small"
                label={translate('pp.leads.timeline.mock')}
                sx={{ height: 18, fontSize: 11, bgcolor: 'warning.light', color: 'warning.contrastText' }}
              />
            </Tooltip>
          )}
        </Stack>
        {subject && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('pp.leads.timeline.subject', { subject })}
          </Typography>
        )}
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="message-text"
        >
          {message}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25 }} title={dateTimeOn(at, zone)}>
        {[
          activityTime(at, undefined, zone),
          typeof by === 'string' && by ? translate('pp.leads.timeline.by', { name: by }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {reasoning && (
        <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic', maxWidth: '85%' }}>
          {translate('pp.leads.timeline.reasoning')}: {reasoning}
        </Typography>
      )}
    </Stack>
  );
}
