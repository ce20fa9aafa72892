import Search from '@mui/icons-material/Search';
import { AppBar, Box, InputBase, Toolbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Brand } from './Brand';
import { PracticeSwitcher } from './PracticeSwitcher';
import { SHELL } from './theme';
import { UserMenu } from './UserMenu';

/**
 * The top bar: product name, lead search box, practice switcher and avatar menu. The search box is in place;
 * searching arrives with the leads workspace.
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
        <Box
          role="search"
          sx={{
            flex: 1,
            maxWidth: 480,
            mx: 'auto',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            height: 38,
            borderRadius: 2,
            bgcolor: 'background.default',
            border: 1,
            borderColor: 'divider',
            '&:focus-within': { borderColor: 'primary.main', bgcolor: 'background.paper' },
          }}
        >
          <Search fontSize="small" color="action" />
          <InputBase
            placeholder={translate('pp.shell.search_placeholder')}
            inputProps={{ 'aria-label': translate('pp.shell.search_label'), type: 'search' }}
            sx={{ flex: 1, fontSize: 14 }}
          />
        </Box>
        <PracticeSwitcher />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
