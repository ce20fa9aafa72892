import { AppBar, Box, Toolbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LeadSearch } from '../search/LeadSearch';
import { Brand } from './Brand';
import { PracticeSwitcher } from './PracticeSwitcher';
import { SHELL } from './theme';
import { UserMenu } from './UserMenu';

/**
 * The top bar: product name, lead search box (search/LeadSearch), practice switcher and avatar menu.
 */
export function TopBar() {
  const translate = useTranslate();
  return (
    <AppBar position="static" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ minHeight: SHELL.topBarHeight, gap: 2 }} variant="dense">
        <Box
          component={Link}
          to="/leads"
          sx={{ textDecoration: 'none' }}
          aria-label={translate('pp.product')}
        >
          <Brand />
        </Box>
        <LeadSearch />
        <PracticeSwitcher />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
