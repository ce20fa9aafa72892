import { Box, Paper, TextField, Typography, type SxProps } from '@mui/material';
import { LEAD_STAGES, type PersonDto } from '@pp/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useUpdatePerson } from '../api/personQueries';
import { conversionColour, leadAge, leadScore, parseInsights } from '../format';
import { percent } from './BehavioralInsights';
import { SUCCESS_DISPLAY_MS } from './inlineFieldState';

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

function Fact({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, ...sx }}>
        {children ?? '—'}
      </Typography>
    </Box>
  );
}

/**
 * The Lead Intelligence box (docs/product/leads.md): score /100, engagement, conversion coloured by
 * its thresholds, preferred channel, intent, budget, lead age, and the stage dropdown that saves on selection.
 */
export function LeadIntelligence({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const insights = parseInsights(person);
  const score = leadScore(person);
  const conversion = insights?.lead_intelligence?.conversion_probability;
  const hasConversion = typeof conversion === 'number' && Number.isFinite(conversion);
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.leads.detail.${key}`, options);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="lead-intelligence">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('pp.leads.lead_intelligence')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}>
        <Fact label={t('score')}>
          {score === null ? null : t('score_value', { score: Math.round(score) })}
        </Fact>
        <Fact label={t('engagement')}>{str(insights?.conversation_analysis?.engagement_level)}</Fact>
        <Fact
          label={t('conversion')}
          sx={hasConversion ? { color: `${conversionColour(conversion)}.main` } : undefined}
        >
          {hasConversion ? percent(conversion) : null}
        </Fact>
        <Fact label={t('preferred_channel')}>
          {str(insights?.response_patterns?.preferred_contact_method)}
        </Fact>
        <Fact label={t('intent')}>
          {str(person.current_outreach_state?.ai_insights?.intent_classification)}
        </Fact>
        <Fact label={t('budget')}>{str(insights?.lead_intelligence?.budget_indicator)}</Fact>
        <Fact label={t('lead_age')}>{leadAge(person.created_at)}</Fact>
      </Box>
      <StageSelect person={person} />
    </Paper>
  );
}

export const STAGE_SELECT_MIN_WIDTH = 220;

/** The stage dropdown: saves on selection (PATCH stage), with the same saving and success feedback. */
function StageSelect({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const update = useUpdatePerson(person.person_id);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!message?.ok) return;
    const timer = setTimeout(() => setMessage(null), SUCCESS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const stages: string[] = LEAD_STAGES.includes(person.stage as never)
    ? [...LEAD_STAGES]
    : [person.stage, ...LEAD_STAGES];
  const onChange = async (stage: string) => {
    if (stage === person.stage) return;
    setMessage(null);
    try {
      await update.mutateAsync({ stage });
      setMessage({ ok: true, text: translate('pp.leads.detail.stage_saved') });
    } catch {
      setMessage({ ok: false, text: translate('pp.leads.validation.save_failed') });
    }
  };
  return (
    <TextField
      select
      size="small"
      fullWidth
      // Wide enough for the longest stage ('Attempting Contact', 'No Show / Cancelled'): never cut a value.
      sx={{ mt: 2, minWidth: STAGE_SELECT_MIN_WIDTH }}
      label={translate('pp.leads.detail.stage')}
      value={update.isPending ? (update.variables?.stage ?? person.stage) : person.stage}
      disabled={update.isPending}
      onChange={(event) => void onChange(event.target.value)}
      slotProps={{ select: { native: true }, formHelperText: { role: message?.ok ? 'status' : 'alert' } }}
      error={message ? !message.ok : false}
      helperText={update.isPending ? translate('pp.leads.detail.saving') : message?.text}
    >
      {stages.map((stage) => (
        <option key={stage} value={stage}>
          {stage}
        </option>
      ))}
    </TextField>
  );
}
