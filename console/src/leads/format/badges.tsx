import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Star from '@mui/icons-material/Star';
import { Box, type SvgIconProps } from '@mui/material';
import { procedureColour } from './procedure';
import type { ListScoreTier } from './score';

/** Procedure-interest badges, each coloured by its name (docs/product/leads.md). */
export function ProcedureBadges({ names, max }: { names: string[]; max?: number }) {
  const shown = max === undefined ? names : names.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
      {shown.map((name) => {
        const colour = procedureColour(name);
        return (
          <Box
            key={name}
            component="span"
            data-testid="procedure-badge"
            sx={{
              px: 0.75,
              py: 0.125,
              borderRadius: 1,
              fontSize: 11,
              fontWeight: 600,
              lineHeight: '16px',
              whiteSpace: 'nowrap',
              maxWidth: 160,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              bgcolor: colour.bg,
              color: colour.fg,
            }}
          >
            {name}
          </Box>
        );
      })}
    </Box>
  );
}

const TIER_ICONS = { flame: LocalFireDepartment, star: Star, thought: ChatBubbleOutline } as const;
const TIER_COLOURS = { flame: 'error', star: 'warning', thought: 'action' } as const;

/** The score tier's icon: a flame, a star or a thought bubble. */
export function ScoreIcon({ tier, ...props }: { tier: ListScoreTier } & SvgIconProps) {
  const Icon = TIER_ICONS[tier];
  return <Icon color={TIER_COLOURS[tier]} data-tier={tier} {...props} />;
}
