import { Box, Chip, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { OverviewView } from './OverviewView';
import { RealtimeView } from './RealtimeView';
import { visuallyHidden } from '@mui/utils';

/** The side menu: the two working views, and two that are not built yet (disabled, marked 'Soon'). */
export const ANALYTICS_MENU = [
  { key: 'realtime', label: 'pp.analytics.menu.realtime', enabled: true },
  { key: 'overview', label: 'pp.analytics.menu.overview', enabled: true },
  { key: 'reports', label: 'pp.analytics.menu.reports', enabled: false },
  { key: 'insights', label: 'pp.analytics.menu.insights', enabled: false },
] as const;

export type AnalyticsView = 'overview' | 'realtime';

/**
 * The analytics area, /analytics (the Overview) and /analytics/realtime (docs/product/analytics.md): the side menu
 * and the chosen view. Loaded lazily (App.tsx), so recharts and Leaflet are not in the leads workspace's bundle.
 */
export default function AnalyticsPage() {
  const translate = useTranslate();
  const { view } = useParams();
  if (view !== undefined && view !== 'overview' && view !== 'realtime') {
    return <Navigate to="/analytics" replace />;
  }
  const active: AnalyticsView = view === 'realtime' ? 'realtime' : 'overview';
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        p: { xs: 1.5, md: 2 },
        minWidth: 0,
      }}
    >
      <Paper
        variant="outlined"
        sx={{ flex: { md: '0 0 200px' }, alignSelf: 'flex-start', width: { xs: '100%', md: 200 } }}
      >
        <List
          component="nav"
          aria-label={translate('pp.analytics.menu_label')}
          dense
          data-testid="analytics-menu"
          sx={{ display: { xs: 'flex', md: 'block' }, flexWrap: 'wrap' }}
        >
          {ANALYTICS_MENU.map((item) => {
            const selected = item.key === active;
            return item.enabled ? (
              <ListItemButton
                key={item.key}
                component={RouterLink}
                to={item.key === 'overview' ? '/analytics' : `/analytics/${item.key}`}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                data-key={item.key}
              >
                <ListItemText primary={translate(item.label)} />
              </ListItemButton>
            ) : (
              <ListItemButton key={item.key} disabled data-key={item.key} aria-disabled="true">
                <ListItemText primary={translate(item.label)} />
                <Chip size="small" label={translate('pp.analytics.menu.soon')} sx={{ ml: 1, height: 20 }} />
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
      <Box component="section" sx={{ flex: 1, minWidth: 0 }} data-testid="analytics-main">
        <Typography variant="h4" component="h1" sx={visuallyHidden}>
          {translate('pp.analytics.page_title')}
        </Typography>
        {active === 'overview' ? <OverviewView /> : <RealtimeView />}
      </Box>
    </Box>
  );
}
