import { Chip, List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SETTINGS_MENU } from './menu';

/** The settings side menu: every category of docs/product/settings.md#settings-shell, in order. */
export function SettingsMenu({ active }: { active: string | undefined }) {
  const translate = useTranslate();
  return (
    <List
      component="nav"
      aria-label={translate('pp.settings.menu_label')}
      dense
      sx={{ py: 0 }}
      data-testid="settings-menu"
    >
      {SETTINGS_MENU.map((category) => {
        const selected = category.key === active;
        return (
          <ListItemButton
            key={category.key}
            component={RouterLink}
            to={`/settings/${category.key}`}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            data-key={category.key}
            sx={{ borderRadius: 1, mb: 0.25 }}
          >
            <ListItemText primary={translate(category.label)} />
            {category.badge && (
              <Chip size="small" label={translate(category.badge)} sx={{ ml: 1, height: 20 }} />
            )}
          </ListItemButton>
        );
      })}
    </List>
  );
}
