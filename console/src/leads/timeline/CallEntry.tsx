import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { Button, Chip, Collapse, Link, Typography } from '@mui/material';
import { formatPhone } from '@pp/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { EntryFrame } from './EntryFrame';
import { formatDuration, reasoningOf, safeHttpUrl } from './eventText';
import type { CallItem } from './groupTimeline';

const ICONS = {
  inbound: <CallReceivedOutlined fontSize="small" />,
  outbound: <CallMadeOutlined fontSize="small" />,
  unknown: <PhoneOutlined fontSize="small" />,
};

/** A call merged with its completed-call event: duration, status, summary, transcript and recording. */
export function CallEntry({ call }: { call: CallItem }) {
  const translate = useTranslate();
  const [showTranscript, setShowTranscript] = useState(false);
  // A call staff logged reads as they logged it ('Called Patient'), not as a call still under way.
  const title = call.logged
    ? 'pp.leads.outcomes.phone_call_sent'
    : {
        inbound: 'pp.leads.timeline.call_inbound',
        outbound: 'pp.leads.timeline.call_outbound',
        unknown: 'pp.leads.timeline.call',
      }[call.direction];
  const other = call.direction === 'outbound' ? call.to : call.from;
  const recording = safeHttpUrl(call.recordingUrl);
  const reasoning = call.events.map(reasoningOf).find(Boolean) ?? null;
  return (
    <EntryFrame
      icon={ICONS[call.direction]}
      title={translate(title)}
      at={call.timestamp}
      reasoning={reasoning}
      meta={
        <Chip
          size="small"
          variant="outlined"
          label={
            call.logged
              ? translate('pp.leads.timeline.call_logged')
              : (call.status ?? translate('pp.leads.timeline.call_in_progress'))
          }
          color={call.completed ? 'default' : 'success'}
          data-testid="call-status"
        />
      }
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {[
          other && formatPhone(other),
          formatDuration(call.durationSeconds),
          call.performedBy && translate('pp.leads.timeline.by', { name: call.performedBy }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {call.summary && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {call.summary}
        </Typography>
      )}
      {call.notes && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {call.notes}
        </Typography>
      )}
      {call.transcript && (
        <>
          <Button
            size="small"
            onClick={() => setShowTranscript((open) => !open)}
            aria-expanded={showTranscript}
          >
            {translate(
              showTranscript ? 'pp.leads.timeline.hide_transcript' : 'pp.leads.timeline.show_transcript',
            )}
          </Button>
          <Collapse in={showTranscript} unmountOnExit>
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
            >
              {call.transcript}
            </Typography>
          </Collapse>
        </>
      )}
      {recording && (
        <Link href={recording} target="_blank" rel="noopener noreferrer" variant="body2" display="block">
          {translate('pp.leads.timeline.recording')}
        </Link>
      )}
    </EntryFrame>
  );
}
