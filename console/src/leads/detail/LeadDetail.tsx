import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { SectionBoundary } from '../../common/SectionBoundary';
import { useLeadEvents, useMarkSeen, usePerson } from '../api/personQueries';
import { EscalationPanel } from '../escalation/EscalationPanel';
import { DecisionReview } from '../panel/DecisionReview';
import { openDecision } from '../panel/decisions';
import { useReviewInDetail } from '../panel/reviewPlacement';
import { parseInsights } from '../format';
import { Timeline } from '../timeline/Timeline';
import { AiBrainTimer } from './AiBrainTimer';
import { BehavioralInsights } from './BehavioralInsights';
import { ConsentBox } from './ConsentBox';
import { Enrichment } from './Enrichment';
import { LeadHeader } from './LeadHeader';
import { LeadIntelligence } from './LeadIntelligence';

/**
 * The lead detail column (docs/product/leads.md "Lead detail"): header with inline editing,
 * escalation panel, AI brain timer, Lead Intelligence, enrichment, consent, Behavioral Insights and the timeline.
 */
export function LeadDetail({ personId }: { personId: string | null }) {
  const translate = useTranslate();
  if (!personId) {
    return (
      <Stack
        alignItems="center"
        justifyContent="center"
        spacing={1}
        sx={{ height: '100%', p: 4 }}
        data-testid="no-lead"
      >
        <PersonSearchOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography variant="h6" component="h2">
          {translate('pp.leads.no_lead_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.no_lead_text')}
        </Typography>
      </Stack>
    );
  }
  return <LoadedLead key={personId} personId={personId} />;
}

/** Marks the lead seen once per opening when it has unseen activity (docs/product/leads.md "Seen state"). */
function useMarkSeenOnOpen(personId: string, isUnseen: boolean | undefined) {
  const markSeen = useMarkSeen(personId);
  const done = useRef(false);
  const { mutate } = markSeen;
  useEffect(() => {
    if (isUnseen && !done.current) {
      done.current = true;
      mutate();
    }
  }, [isUnseen, mutate]);
}

function LoadedLead({ personId }: { personId: string }) {
  const translate = useTranslate();
  const person = usePerson(personId);
  const events = useLeadEvents(personId);
  useMarkSeenOnOpen(personId, person.data?.is_unseen);
  const reviewInDetail = useReviewInDetail();

  if (person.isPending) {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={translate('pp.leads.detail.loading')} />
      </Box>
    );
  }
  if (person.error || !person.data) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void person.refetch()}>
            {translate('pp.errors.try_again')}
          </Button>
        }
      >
        {person.error?.message ?? translate('pp.leads.detail.load_failed')}
      </Alert>
    );
  }
  const lead = person.data;
  // Narrower windows: the AI's draft and 'Approve & Send' sit here, not behind the closed assistant panel.
  const review = reviewInDetail && !lead.next_scheduled_action ? openDecision(events.data) : null;
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="lead-detail" data-person-id={lead.person_id}>
      {/* Each part fails alone: one unreadable field never takes the whole lead (or page) down. */}
      <SectionBoundary name="lead header" resetKey={lead}>
        <LeadHeader person={lead} />
      </SectionBoundary>
      <SectionBoundary name="escalation" resetKey={events.data}>
        <EscalationPanel person={lead} events={events.data} />
      </SectionBoundary>
      {review && (
        <SectionBoundary name="decision review" resetKey={review.eventId}>
          <DecisionReview key={review.eventId} personId={lead.person_id} review={review} />
        </SectionBoundary>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // Two columns only when the detail itself is wide enough, whatever the window is.
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <SectionBoundary name="AI brain timer" resetKey={lead}>
            <AiBrainTimer person={lead} />
          </SectionBoundary>
          <SectionBoundary name="enrichment" resetKey={lead}>
            <Enrichment person={lead} />
          </SectionBoundary>
          <SectionBoundary name="consent" resetKey={lead}>
            <ConsentBox personId={lead.person_id} />
          </SectionBoundary>
        </Stack>
        <SectionBoundary name="lead intelligence" resetKey={lead}>
          <LeadIntelligence person={lead} />
        </SectionBoundary>
      </Box>
      <SectionBoundary name="behavioral insights" resetKey={lead}>
        <BehavioralInsights insights={parseInsights(lead)} />
      </SectionBoundary>
      <Box component="section">
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('pp.leads.timeline.title')}
        </Typography>
        <SectionBoundary name="timeline" resetKey={events.data}>
          <Timeline
            events={events.data}
            isPending={events.isPending}
            error={events.error}
            onRetry={() => void events.refetch()}
          />
        </SectionBoundary>
      </Box>
    </Stack>
  );
}
