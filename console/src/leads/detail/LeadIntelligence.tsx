import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Paper, Stack, TextField, Tooltip, Typography, type SxProps } from '@mui/material';
import { LEAD_STAGES, type PersonDto, type ScoreFactor } from '@pp/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useUpdatePerson } from '../api/personQueries';
import {
  conversionColour,
  formatShortDuration,
  leadAge,
  leadScore,
  parseInsights,
  scoreFactors,
} from '../format';
import { percent } from './BehavioralInsights';
import { usePracticeClock } from '../../practices/practiceClock';
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
 * The Lead Intelligence box (docs/product/leads.md): score /100 (its tooltip explains it: each score factor's
 * points and why, and the conversion probability), engagement, conversion coloured by its thresholds, preferred
 * channel, intent, budget, lead age, speed to lead (when known), and the stage dropdown that saves on selection.
 */
export function LeadIntelligence({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const insights = parseInsights(person);
  const { zone } = usePracticeClock();
  const score = leadScore(person);
  const conversion = insights?.lead_intelligence?.conversion_probability;
  const hasConversion = typeof conversion === 'number' && Number.isFinite(conversion);
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.leads.detail.${key}`, options);
  const speedToLead = formatShortDuration(person.speed_to_lead_seconds);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="lead-intelligence">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('pp.leads.lead_intelligence')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}>
        <Fact label={t('score')}>
          {score === null ? null : (
            <ScoreWithFactors
              text={t('score_value', { score: Math.round(score) })}
              factors={scoreFactors(person)}
              conversion={hasConversion ? percent(conversion) : null}
            />
          )}
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
        <Fact label={t('lead_age')}>{leadAge(person.created_at, undefined, zone)}</Fact>
        {speedToLead && (
          <Fact label={t('speed_to_lead')}>
            <span data-testid="speed-to-lead">{speedToLead}</span>
          </Fact>
        )}
      </Box>
      <StageSelect person={person} />
    </Paper>
  );
}

/** Points with one decimal at most: 12.5, 18. */
const points = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The score, with a tooltip (on hover and on keyboard focus) that explains it: each factor's contribution of
 * its weight and the reason, then the conversion probability. Without either, the score alone.
 */
function ScoreWithFactors({
  text,
  factors,
  conversion,
}: {
  text: string;
  factors: ScoreFactor[];
  conversion: string | null;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.leads.detail.${key}`, options);
  if (factors.length === 0 && !conversion) return <>{text}</>;
  const breakdown = (
    <Box sx={{ py: 0.5 }} data-testid="score-factors">
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {t('score_breakdown')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {factors.map((factor) => (
          <Box component="li" key={`${factor.factor}-${factor.label}`} sx={{ mb: 0.5 }}>
            <Stack direction="row" spacing={1} justifyContent="space-between">
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {factor.label}
              </Typography>
              <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('factor_points', {
                  contribution: points(factor.contribution),
                  weight: points(factor.weight),
                })}
              </Typography>
            </Stack>
            {typeof factor.explanation === 'string' && factor.explanation.trim() && (
              <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
                {factor.explanation}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {conversion && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5, fontWeight: 600 }}>
          {t('conversion_probability', { value: conversion })}
        </Typography>
      )}
    </Box>
  );
  return (
    <Tooltip title={breakdown} describeChild placement="bottom-start">
      <Box
        component="span"
        tabIndex={0}
        data-testid="lead-score"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, cursor: 'help' }}
      >
        {text}
        <InfoOutlined sx={{ fontSize: 14 }} color="action" aria-hidden />
      </Box>
    </Tooltip>
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
