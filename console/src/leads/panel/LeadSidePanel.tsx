import { CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLeadEvents, usePerson } from '../api/personQueries';
import { personName } from '../format';
import { AskAi } from './AskAi';
import { DecisionReview } from './DecisionReview';
import { openDecision } from './decisions';
import { QuickActions } from './QuickActions';
import { useReviewInDetail } from './reviewPlacement';
import { Recommendations } from './Recommendations';
import { ScheduledActionBox } from './ScheduledActionBox';
import { SimulateReply } from './SimulateReply';

/**
 * The lead side panel in the AI Assistant panel's body (docs/product/lead-panel.md): the AI
 * decision review (or the scheduled-action countdown), recommendations, quick actions, a simulated reply in the
 * sandbox, inquiry summary and the ask-AI box. It shares the person and events queries with the lead detail.
 */
export function LeadSidePanel({ personId }: { personId: string }) {
  const translate = useTranslate();
  const person = usePerson(personId);
  const events = useLeadEvents(personId);
  const reviewInDetail = useReviewInDetail();
  if (person.isPending) return <CircularProgress size={20} aria-label={translate('pp.common.loading')} />;
  if (!person.data) return null;
  const lead = person.data;
  const review = openDecision(events.data);
  const summary = lead.current_outreach_state?.ai_insights?.inquiry_summary;
  return (
    <Stack spacing={2} data-testid="lead-side-panel">
      {lead.next_scheduled_action ? (
        <ScheduledActionBox person={lead} />
      ) : (
        review &&
        !reviewInDetail && <DecisionReview key={review.eventId} personId={lead.person_id} review={review} />
      )}
      <Recommendations person={lead} />
      <QuickActions person={lead} />
      <SimulateReply person={lead} />
      <section aria-label={translate('pp.leads.panel.inquiry_summary')}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {translate('pp.leads.panel.inquiry_summary')}
        </Typography>
        <Typography
          variant="body2"
          color={summary ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-wrap' }}
          data-testid="inquiry-summary"
        >
          {typeof summary === 'string' && summary.trim() ? summary : translate('pp.leads.panel.no_summary')}
        </Typography>
      </section>
      <AskAi key={lead.person_id} personId={lead.person_id} name={personName(lead)} />
    </Stack>
  );
}
