import Logout from '@mui/icons-material/Logout';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import type { StaffIdentity } from '../providers/authProvider';
import { FIVE_MINUTES } from '../practices/usePractices';

/**
 * The avatar menu: full name (or email), email and initials; Account, Billing and Notifications have no action
 * yet (docs/product/shell.md); Log out signs out and goes to /login.
 */
export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity({ staleTime: FIVE_MINUTES });
  const user = identity as StaffIdentity | undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={translate('pp.shell.user_menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="user-menu"
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 600 }}>
          {user?.initials ?? ''}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 600 }}>{user?.initials ?? ''}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap data-testid="user-name">
              {user?.fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap data-testid="user-email">
              {user?.email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem onClick={close}>{translate('pp.shell.account')}</MenuItem>
        <MenuItem onClick={close}>{translate('pp.shell.billing')}</MenuItem>
        <MenuItem onClick={close}>{translate('pp.shell.notifications')}</MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {translate('pp.shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
