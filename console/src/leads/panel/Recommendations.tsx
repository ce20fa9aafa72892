import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { Alert, Chip, Paper, Stack, Typography } from '@mui/material';
import type { PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { recommendationsFor } from './recommendations';

/** The AI recommendations box (docs/product/lead-panel.md): the suggested action, the urgency warning, key concerns. */
export function Recommendations({
  person,
}: {
  person: Pick<PersonDto, 'behavioral_insights' | 'current_outreach_state'>;
}) {
  const translate = useTranslate();
  const { suggestedAction, highUrgency, keyConcerns } = recommendationsFor(person);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="recommendations" component="section">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('pp.leads.panel.recommendations')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <LightbulbOutlined fontSize="small" color="warning" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {suggestedAction}
        </Typography>
      </Stack>
      {highUrgency && (
        <Alert severity="error" icon={<PriorityHigh fontSize="small" />} sx={{ mt: 1, py: 0 }}>
          {translate('pp.leads.panel.high_urgency')}
        </Alert>
      )}
      {keyConcerns.length > 0 && (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {translate('pp.leads.panel.key_concerns')}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {keyConcerns.map((concern) => (
              <Chip key={concern} size="small" variant="outlined" label={concern} />
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
