import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverDetail } from '../../common/errorText';
import { ErrorState } from '../../common/ErrorState';
import { useApproveDecision } from '../api/personQueries';
import { decisionKind, decisionLabel, type ReviewItem } from './decisions';
import { EditDecisionDialog } from './EditDecisionDialog';

/**
 * The AI decision review box (docs/product/lead-panel.md): what the AI wants to send and why, 'Approve & Send' and 'Edit'.
 * A failed approval is logged, as the product says, and also shown in the box with the server's reason
 * (docs/decisions/0039-console-on-front-desk-screens.md); the refreshed events remove the box once the decision
 * is resolved.
 */
export function DecisionReview({ personId, review }: { personId: string; review: ReviewItem }) {
  const translate = useTranslate();
  const approve = useApproveDecision(personId);
  const [editing, setEditing] = useState(false);
  const { decision } = review;
  const onApprove = () =>
    approve.mutate(undefined, {
      onError: (error) => console.error('Approving the AI decision failed', error),
    });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, borderColor: 'secondary.main' }}
      data-testid="decision-review"
      component="section"
      aria-label={decisionLabel(decision.action_type)}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <AutoAwesomeOutlined fontSize="small" color="secondary" />
        <Typography variant="subtitle2" component="h3">
          {decisionLabel(decision.action_type)}
        </Typography>
      </Stack>
      {decisionKind(decision.action_type) === 'email' && decision.subject && (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          <strong>{translate('pp.leads.panel.subject')}:</strong> {decision.subject}
        </Typography>
      )}
      {decision.message && (
        <Box
          sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', typography: 'body2' }}
          data-testid="decision-message"
        >
          {decision.message}
        </Box>
      )}
      {decision.reasoning && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          <strong>{translate('pp.leads.panel.reasoning')}:</strong> {decision.reasoning}
        </Typography>
      )}
      {approve.error && (
        <Box sx={{ mt: 1.5 }}>
          <ErrorState
            testId="approve-failed"
            title={translate('pp.errors.approve')}
            message={serverDetail(approve.error)}
          />
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" size="small" onClick={onApprove} disabled={approve.isPending}>
          {translate(approve.isPending ? 'pp.leads.panel.approving' : 'pp.leads.panel.approve')}
        </Button>
        <Button variant="outlined" size="small" onClick={() => setEditing(true)} disabled={approve.isPending}>
          {translate('pp.leads.panel.edit')}
        </Button>
      </Stack>
      <EditDecisionDialog
        personId={personId}
        open={editing}
        initialMessage={decision.message ?? ''}
        onClose={() => setEditing(false)}
      />
    </Paper>
  );
}
