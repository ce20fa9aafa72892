import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Chip, Collapse, Paper, Stack, Typography } from '@mui/material';
import type { BehavioralInsights as Insights } from '@pp/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { dateTimeOn, usePracticeClock } from '../../practices/practiceClock';

const str = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null;
const list = (value: unknown) =>
  Array.isArray(value)
    ? value.map((entry) => str(entry)).filter((entry): entry is string => Boolean(entry))
    : [];

/** 0.7 → '70%', 70 → '70%'; a text likelihood ('high') is shown as given. */
export function percent(value: unknown): string | null {
  if (typeof value === 'string') return str(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return `${Math.round(value <= 1 ? value * 100 : value)}%`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, typography: 'body2' }}>
        {children}
      </Box>
    </Box>
  );
}

const chips = (values: string[]) =>
  values.length ? (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {values.map((value) => (
        <Chip key={value} size="small" label={value} variant="outlined" />
      ))}
    </Stack>
  ) : null;

/** The collapsible Behavioral Insights block (docs/product/leads.md#lead-detail, every field of #person). */
export function BehavioralInsights({ insights }: { insights: Insights | null }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.leads.detail.${key}`, options);
  const conversation = insights?.conversation_analysis ?? {};
  const patterns = insights?.response_patterns ?? {};
  const metrics = insights?.calculated_metrics;
  const predicted = (insights?.lead_intelligence?.predicted_objections ?? [])
    .filter((objection) => str(objection?.objection_type))
    .map((objection) => {
      const likelihood = percent(objection.likelihood);
      return likelihood
        ? `${objection.objection_type} (${t('likelihood', { likelihood })})`
        : String(objection.objection_type);
    });
  const siteActivity = metrics
    ? [
        `${t('sessions')}: ${metrics.total_sessions ?? 0}`,
        `${t('pages')}: ${metrics.total_pages_viewed ?? 0}`,
        `${t('minutes')}: ${Math.round((metrics.total_time_on_site ?? 0) / 60)}`,
      ].join(' · ')
    : null;

  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="behavioral-insights">
      <Button
        fullWidth
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
        sx={{ justifyContent: 'space-between', color: 'text.primary' }}
      >
        {translate('pp.leads.behavioral_insights')}
      </Button>
      <Collapse in={open} unmountOnExit>
        {!insights ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {t('no_insights')}
          </Typography>
        ) : (
          <Box
            component="dl"
            sx={{ m: 0, p: 1, display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', gap: 1 }}
          >
            <Row label={t('communication_style')}>{str(patterns.communication_style)}</Row>
            <Row label={t('engagement_score')}>{str(conversation.engagement_score)}</Row>
            <Row label={t('buying_signals')}>{chips(list(conversation.buying_signals))}</Row>
            <Row label={t('detected_objections')}>{chips(list(conversation.detected_objections))}</Row>
            <Row label={t('predicted_objections')}>{chips(predicted)}</Row>
            <Row label={t('conversation_stage')}>{str(conversation.conversation_stage)}</Row>
            <Row label={t('preferred_contact_time')}>{str(patterns.preferred_contact_time)}</Row>
            <Row label={t('site_activity')}>{siteActivity}</Row>
            <Row label={t('ai_confidence')}>{percent(insights.confidence_score)}</Row>
            <Row label={t('last_analysis')}>{dateTimeOn(insights.last_analysis_at, zone) || null}</Row>
          </Box>
        )}
      </Collapse>
    </Paper>
  );
}
