import type { LeadStatsResponse, StageFilterId } from '@pp/contracts';
import { STAGE_SIDEBAR } from '@pp/contracts';
import { Box, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { filterLabel, groupLabel } from '../list/listRules';
import { stageCount } from './stageCounts';

export const STAGE_SIDEBAR_WIDTH = 232;

/**
 * The stage sidebar (docs/product/leads.md, column 1): PIPELINE, BOOKINGS and ARCHIVE with a count
 * badge per entry. Choosing an entry is the page's business (switch, or refresh when it is the current one).
 */
export function StageSidebar({
  current,
  stats,
  onSelect,
}: {
  current: StageFilterId;
  stats: LeadStatsResponse | null | undefined;
  onSelect: (filterId: StageFilterId) => void;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="nav"
      aria-label={translate('pp.leads.stages')}
      sx={{
        width: STAGE_SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
      }}
    >
      {STAGE_SIDEBAR.map((group) => (
        <List
          key={group.title}
          dense
          aria-labelledby={`stage-group-${group.title}`}
          subheader={
            <ListSubheader
              id={`stage-group-${group.title}`}
              disableSticky
              sx={{ fontSize: 11, fontWeight: 700, letterSpacing: 1, lineHeight: '32px', mt: 1 }}
            >
              {groupLabel(group.title)}
            </ListSubheader>
          }
        >
          {group.entries.map((entry) => {
            const count = stageCount(entry.id, stats);
            const selected = entry.id === current;
            return (
              <ListItemButton
                key={entry.id}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={() => onSelect(entry.id)}
                data-filter={entry.id}
                sx={{ mx: 1, borderRadius: 1.5, py: 0.5 }}
              >
                <ListItemText
                  primary={filterLabel(entry.id)}
                  slotProps={{ primary: { noWrap: true, fontSize: 14 } }}
                />
                {count !== null && (
                  <Typography
                    component="span"
                    data-testid="stage-count"
                    sx={{
                      ml: 1,
                      minWidth: 28,
                      px: 0.75,
                      borderRadius: 10,
                      textAlign: 'center',
                      fontSize: 12,
                      fontWeight: 600,
                      bgcolor: selected ? 'primary.main' : 'action.selected',
                      color: selected ? 'primary.contrastText' : 'text.secondary',
                    }}
                  >
                    {count}
                  </Typography>
                )}
              </ListItemButton>
            );
          })}
        </List>
      ))}
    </Box>
  );
}
