import type { PersonDto } from '@pp/contracts';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  leadAge,
  leadScore,
  listScoreTier,
  parseInsights,
  personName,
  procedureNames,
  ProcedureBadges,
  ScoreIcon,
} from '../format';

/** How a row was chosen, kept in the history entry so the page knows not to re-anchor the list. */
export const LIST_CLICK = { origin: 'list' } as const;

function ScoreBadge({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const insights = parseInsights(person);
  const score = leadScore(person);
  if (score === null) return null;
  const engagement =
    insights?.conversation_analysis?.engagement_level ?? insights?.conversation_analysis?.engagement_score;
  const conversion = insights?.lead_intelligence?.conversion_probability;
  const contact = insights?.response_patterns?.preferred_contact_method;
  const t = (key: string, value: unknown) =>
    translate(`pp.leads.score_tooltip.${key}`, {
      value: value === null || value === undefined || value === '' ? '—' : value,
    });
  const tooltip = [
    t('score', Math.round(score)),
    t('engagement', engagement),
    t('conversion', typeof conversion === 'number' ? `${Math.round(conversion * 100)}%` : null),
    t('contact', contact),
  ].join(' · ');
  const tier = listScoreTier(score);
  return (
    <Tooltip title={tooltip}>
      <Chip
        size="small"
        variant="outlined"
        icon={<ScoreIcon tier={tier} />}
        label={Math.round(score)}
        data-testid="score-badge"
        data-tier={tier}
        aria-label={tooltip}
        sx={{ height: 22, fontWeight: 600, '& .MuiChip-label': { px: 0.75 } }}
      />
    </Tooltip>
  );
}

/**
 * One lead in the list (docs/product/leads.md "Lead list"): unseen dot, name, review warning,
 * score badge, procedure badges and age. The row is a link to the lead, named by the lead's name.
 */
export const LeadRow = memo(function LeadRow({
  person,
  selected,
  search,
  zone,
}: {
  person: PersonDto;
  selected: boolean;
  /** The practice's clock: the age counts days there. */
  zone?: string;
  /** The list's query string (?stage=…), kept when a lead is opened. */
  search: string;
}) {
  const translate = useTranslate();
  const name = personName(person);
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-person-id={person.person_id}>
      <Box
        component={Link}
        to={`/leads/${encodeURIComponent(person.person_id)}${search}`}
        state={LIST_CLICK}
        aria-label={name}
        aria-current={selected ? 'true' : undefined}
        sx={{
          display: 'block',
          px: 2,
          py: 1.25,
          color: 'text.primary',
          textDecoration: 'none',
          borderBottom: 1,
          borderColor: 'divider',
          borderLeft: 3,
          borderLeftColor: selected ? 'primary.main' : 'transparent',
          bgcolor: selected ? 'action.selected' : undefined,
          '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            title={person.is_unseen ? translate('pp.leads.unseen') : undefined}
            data-testid={person.is_unseen ? 'unseen-dot' : undefined}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: person.is_unseen ? 'info.main' : 'transparent',
            }}
          />
          <Typography
            noWrap
            sx={{ flex: 1, minWidth: 0, fontSize: 14, fontWeight: person.is_unseen ? 700 : 500 }}
          >
            {name}
          </Typography>
          {person.pending_review_type && (
            <Tooltip title={translate('pp.leads.needs_review')}>
              <WarningAmberRounded
                fontSize="small"
                color="warning"
                data-testid="review-warning"
                aria-label={translate('pp.leads.needs_review')}
                aria-hidden={false}
              />
            </Tooltip>
          )}
          <ScoreBadge person={person} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75, pl: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', maxHeight: 40 }}>
            <ProcedureBadges names={procedureNames(person)} />
          </Box>
          <Typography variant="caption" color="text.secondary" noWrap>
            {leadAge(person.created_at, undefined, zone)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
});
