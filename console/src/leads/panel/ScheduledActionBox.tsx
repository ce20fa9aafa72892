import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { Link, Paper, Stack, Typography } from '@mui/material';
import type { PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { useSwitchToAi } from '../detail/useSwitchToAi';
import { Countdown } from '../detail/Countdown';

/**
 * Instead of the review box when the lead has a scheduled next action (docs/product/lead-panel.md): a countdown to it and,
 * for a lead under human control, the switch back to AI control.
 */
export function ScheduledActionBox({
  person,
}: {
  person: Pick<PersonDto, 'person_id' | 'next_scheduled_action' | 'current_outreach_state'>;
}) {
  const translate = useTranslate();
  const { switchToAi, isPending } = useSwitchToAi(person.person_id);
  const human = person.current_outreach_state?.control_mode === 'human';
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="scheduled-action">
      <Stack direction="row" spacing={1} alignItems="center">
        <ScheduleOutlined fontSize="small" color="action" />
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('pp.leads.panel.scheduled_title')}
        </Typography>
        <Countdown
          target={person.next_scheduled_action!}
          format="minimal"
          variant="segmented"
          expiredText={translate(human ? 'pp.leads.times_up' : 'pp.leads.analyzing_now')}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate(human ? 'pp.leads.manual_review_mode' : 'pp.leads.ai_brain_active')}
      </Typography>
      {human && (
        <Link component="button" variant="body2" display="block" disabled={isPending} onClick={switchToAi}>
          {translate(isPending ? 'pp.leads.brain.switching' : 'pp.leads.panel.switch_to_ai')}
        </Link>
      )}
    </Paper>
  );
}
