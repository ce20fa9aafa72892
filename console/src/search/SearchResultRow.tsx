import type { PersonDto } from '@pp/contracts';
import { formatPhone } from '@pp/contracts';
import { Avatar, Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  createdDay,
  initials,
  leadScore,
  personName,
  procedureNames,
  ProcedureBadges,
  ScoreIcon,
  searchRelativeTime,
  searchScoreTier,
} from '../leads/format';
import { usePracticeClock } from '../practices/practiceClock';
import { highlightPhone, highlightText } from './highlight';
import { Highlighted } from './Highlighted';

/** At most 3 procedure badges per row (docs/product/shell.md). */
export const SEARCH_PROCEDURE_BADGES = 3;

/**
 * One search result (docs/product/shell.md "Lead search"): avatar, name, created day, last activity,
 * email, phone, procedure badges and score badge, with the typed text highlighted.
 */
export function SearchResultRow({ person, query }: { person: PersonDto; query: string }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const name = personName(person);
  const phone = formatPhone(person.primary_phone);
  const score = searchScoreTier(leadScore(person));
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      {/* Initials, never the enrichment's remote image (docs/decisions/0044-console-csp-and-map-tiles.md). */}
      <Avatar alt="" sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.light' }}>
        {initials(person)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="search-name">
            <Highlighted segments={highlightText(name, query)} />
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {createdDay(person.created_at, undefined, zone)}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('pp.search.last_activity')} {searchRelativeTime(person.last_activity_at)}
        </Typography>
        {person.primary_email && (
          <Typography variant="body2" noWrap data-testid="search-email">
            <Highlighted segments={highlightText(person.primary_email, query)} />
          </Typography>
        )}
        {phone && (
          <Typography variant="body2" noWrap data-testid="search-phone">
            <Highlighted segments={highlightPhone(phone, query)} />
          </Typography>
        )}
        <Box sx={{ mt: 0.5 }}>
          <ProcedureBadges names={procedureNames(person)} max={SEARCH_PROCEDURE_BADGES} />
        </Box>
      </Box>
      {score.score !== null && (
        <Chip
          size="small"
          color={score.colour}
          icon={<ScoreIcon tier={score.tier} />}
          label={score.score}
          data-testid="search-score"
          data-tier={score.tier}
          sx={{ '& .MuiChip-icon': { color: 'inherit' } }}
        />
      )}
    </Box>
  );
}
