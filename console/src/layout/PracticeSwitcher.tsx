import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePractices, useSwitchPractice } from '../practices/usePractices';

/**
 * The practice switcher: the selected practice's name (or 'Select Practice') over the sub-label 'Practice';
 * the menu lists only the user's own practices.
 */
export function PracticeSwitcher() {
  const translate = useTranslate();
  const { practices, selected } = usePractices();
  const switchPractice = useSwitchPractice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'practice-menu' : undefined}
        data-testid="practice-switcher"
        startIcon={<LocalHospitalOutlined color="primary" />}
        endIcon={<ExpandMore />}
        sx={{ textAlign: 'left', px: 1.5, py: 0.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 220 }}>
            {selected?.name ?? translate('pp.shell.select_practice')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
            {translate('pp.shell.practice')}
          </Typography>
        </Box>
      </Button>
      <Menu
        id="practice-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': translate('pp.shell.practices_menu'), dense: true } }}
      >
        {practices.length === 0 && <MenuItem disabled>{translate('pp.shell.no_practices')}</MenuItem>}
        {practices.map((practice) => {
          const isSelected = practice.practice_id === selected?.practice_id;
          return (
            <MenuItem
              key={practice.practice_id}
              selected={isSelected}
              onClick={() => {
                setAnchor(null);
                switchPractice(practice.practice_id);
              }}
            >
              <ListItemIcon>{isSelected && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText>{practice.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
