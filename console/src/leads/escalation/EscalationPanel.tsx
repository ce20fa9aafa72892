import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { PendingReviewTypes, type PersonDto, type TimelineEventDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { EscalationOutcomeForm } from './EscalationOutcomeForm';

/** The newest AI escalation's reason and priority, to say why staff are asked. */
function latestEscalation(events: readonly TimelineEventDto[] | undefined) {
  const newest = (events ?? [])
    .filter((event) => event.event_type === 'ai_escalation')
    .sort((a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime())[0];
  const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  return newest
    ? { reason: str(newest.content_data.reason), priority: str(newest.content_data.priority) }
    : null;
}

/**
 * ESCALATION OUTCOME REQUIRED (docs/product/leads.md#escalations): shown while the lead waits for staff to
 * log what they did. Logging refreshes the person, whose pending_review_type then clears and the panel goes.
 */
export function EscalationPanel({
  person,
  events,
}: {
  person: PersonDto;
  events: readonly TimelineEventDto[] | undefined;
}) {
  const translate = useTranslate();
  if (person.pending_review_type !== PendingReviewTypes.escalate) return null;
  const escalation = latestEscalation(events);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: 'warning.main', borderWidth: 2 }}
      data-testid="escalation-panel"
      component="section"
      aria-label={translate('pp.leads.escalation_required')}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <WarningAmberOutlined color="warning" />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          {translate('pp.leads.escalation_required')}
        </Typography>
        {escalation?.priority && (
          <Typography variant="caption" color="warning.main">
            {translate('pp.leads.timeline.priority', { priority: escalation.priority })}
          </Typography>
        )}
      </Stack>
      {escalation?.reason && (
        <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          <strong>{translate('pp.leads.escalation.reason')}:</strong> {escalation.reason}
        </Typography>
      )}
      <EscalationOutcomeForm key={person.person_id} person={person} />
    </Paper>
  );
}
