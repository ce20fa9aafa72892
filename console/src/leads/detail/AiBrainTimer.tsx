import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { Alert, Link, Paper, Stack, Typography } from '@mui/material';
import type { PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { Countdown, type CountdownVariant } from './Countdown';
import type { CountdownFormat } from './countdownFormat';
import { useSwitchToAi } from './useSwitchToAi';

/**
 * The AI brain timer card (docs/product/leads.md): 'AI Brain Active' or 'Manual Review Mode', the
 * 'Next analysis' countdown to next_scheduled_action, and 'Switch back to AI mode' for a human-held lead.
 */
export function AiBrainTimer({
  person,
  format = 'compact',
  variant = 'badge',
}: {
  person: Pick<PersonDto, 'person_id' | 'current_outreach_state' | 'next_scheduled_action'>;
  format?: CountdownFormat;
  variant?: CountdownVariant;
}) {
  const translate = useTranslate();
  const { switchToAi, isPending, error } = useSwitchToAi(person.person_id);
  const human = person.current_outreach_state?.control_mode === 'human';
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ai-brain-timer">
      <Stack direction="row" spacing={1} alignItems="center">
        {human ? <SupervisorAccountOutlined color="warning" /> : <PsychologyOutlined color="secondary" />}
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate(human ? 'pp.leads.manual_review_mode' : 'pp.leads.ai_brain_active')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.next_analysis')}
        </Typography>
        {person.next_scheduled_action ? (
          <Countdown
            target={person.next_scheduled_action}
            format={format}
            variant={variant}
            expiredText={translate(human ? 'pp.leads.times_up' : 'pp.leads.analyzing_now')}
          />
        ) : (
          <Typography variant="body2">{translate('pp.leads.brain.nothing_scheduled')}</Typography>
        )}
      </Stack>
      {human && (
        <Link component="button" variant="body2" sx={{ mt: 1 }} disabled={isPending} onClick={switchToAi}>
          {translate(isPending ? 'pp.leads.brain.switching' : 'pp.leads.switch_to_ai')}
        </Link>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('pp.leads.brain.switch_failed')}
        </Alert>
      )}
    </Paper>
  );
}
