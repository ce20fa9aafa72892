import AnalyticsOutlined from '@mui/icons-material/InsightsOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Menu from '@mui/icons-material/Menu';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Box, Divider, IconButton, Tooltip } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useLeftPanel } from './LeftPanel';
import { AREAS, isActivePath } from './navigation';
import { SHELL } from './theme';

const ICONS: Record<(typeof AREAS)[number]['path'], SvgIconComponent> = {
  '/leads': PeopleAltOutlined,
  '/calendar': CalendarMonthOutlined,
  '/analytics': AnalyticsOutlined,
  '/settings': SettingsOutlined,
};

/** The narrow icon sidebar: the left-panel toggle, then one icon per area, active by path prefix. */
export function IconSidebar() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const leftPanel = useLeftPanel();
  const toggleLabel = translate(leftPanel.open ? 'pp.shell.hide_sidebar' : 'pp.shell.show_sidebar');
  return (
    <Box
      component="nav"
      aria-label={translate('pp.shell.navigation')}
      sx={{
        width: SHELL.sidebarWidth,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Tooltip title={toggleLabel} placement="right">
        <IconButton aria-label={toggleLabel} aria-pressed={leftPanel.open} onClick={leftPanel.toggle}>
          {leftPanel.open ? <MenuOpen /> : <Menu />}
        </IconButton>
      </Tooltip>
      <Divider flexItem sx={{ mx: 1.5 }} />
      {AREAS.map(({ path, label }) => {
        const Icon = ICONS[path];
        const active = isActivePath(pathname, path);
        return (
          <Tooltip key={path} title={translate(label)} placement="right">
            <IconButton
              component={Link}
              to={path}
              aria-label={translate(label)}
              aria-current={active ? 'page' : undefined}
              sx={{
                width: 44,
                height: 44,
                borderRadius: 2.5,
                color: active ? 'primary.main' : 'text.secondary',
                bgcolor: active ? 'rgba(15, 95, 115, 0.1)' : 'transparent',
                '&:hover': { bgcolor: active ? 'rgba(15, 95, 115, 0.16)' : 'action.hover' },
              }}
            >
              <Icon />
            </IconButton>
          </Tooltip>
        );
      })}
    </Box>
  );
}
