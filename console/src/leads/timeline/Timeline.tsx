import type { TimelineEventDto } from '@pp/contracts';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { ErrorState } from '../../common/ErrorState';
import { SectionBoundary } from '../../common/SectionBoundary';
import { usePracticeClock } from '../../practices/practiceClock';
import { CallEntry } from './CallEntry';
import { EventEntry } from './EventEntry';
import { buildTimeline, type TimelineItem } from './groupTimeline';
import { SessionEntry } from './SessionEntry';

/**
 * The lead's date-grouped activity timeline (docs/product/leads.md "Lead detail"). Everything a lead
 * or visitor wrote is rendered as React text, never as HTML.
 */
export function Timeline({
  events,
  isPending,
  error,
  onRetry,
}: {
  events: TimelineEventDto[] | undefined;
  isPending: boolean;
  error: Error | null;
  /** Asks for the events again after a failed load. */
  onRetry?: () => void;
}) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  // Days on the practice's clock (docs/decisions/0039-console-on-front-desk-screens.md).
  const days = useMemo(
    () =>
      buildTimeline(
        events ?? [],
        new Date(),
        { today: translate('pp.search.today'), yesterday: translate('pp.search.yesterday') },
        zone,
      ),
    [events, translate, zone],
  );

  if (isPending) return <CircularProgress size={20} aria-label={translate('pp.common.loading')} />;
  if (error) return <ErrorState testId="timeline-failed" message={error.message} onRetry={onRetry} />;
  if (days.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="timeline-empty">
        {translate('pp.leads.no_activity')}
      </Typography>
    );
  }
  return (
    <Stack
      spacing={2}
      data-testid="timeline"
      component="section"
      aria-label={translate('pp.leads.timeline.title')}
    >
      {days.map((day) => (
        <Box key={day.key} component="section" aria-label={day.label}>
          <Typography variant="overline" color="text.secondary" component="h4">
            {day.label}
          </Typography>
          <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {day.items.map((item) => (
              <Box component="li" key={item.key} data-testid="timeline-item" data-kind={itemKind(item)}>
                <SectionBoundary name={`timeline entry ${itemKind(item)}`} resetKey={item}>
                  <Entry item={item} />
                </SectionBoundary>
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

const itemKind = (item: TimelineItem) => (item.kind === 'event' ? item.event.event_type : item.kind);

function Entry({ item }: { item: TimelineItem }) {
  if (item.kind === 'session') return <SessionEntry session={item} />;
  if (item.kind === 'call') return <CallEntry call={item} />;
  return <EventEntry event={item.event} />;
}
