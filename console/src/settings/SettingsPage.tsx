import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { usePractices } from '../practices/usePractices';
import { isAuthError } from '../providers/http';
import { SETTINGS_PAGES } from './categories';
import { ComingSoon } from './ComingSoon';
import { findCategory } from './menu';
import { SettingsMenu } from './SettingsMenu';
import { KnowledgeNoPractice } from './knowledge/KnowledgeNoPractice';

/**
 * /settings/{category}[/{action}[/{provider}]] (docs/product/settings.md#settings-shell): the side menu and the
 * category's page for the selected practice. The practice is the stored one when it is among the user's
 * practices, else the first (stored); a 401/403 sends the user to /login; other failures retry twice.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const { category: key } = useParams();
  const category = findCategory(key);
  const { selected, isPending, error } = usePractices();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error && isAuthError(error)) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);

  const Page = category ? SETTINGS_PAGES[category.key] : undefined;
  let content;
  if (!category) {
    content = (
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 720 }}>
        <Typography color="text.secondary">{translate('pp.settings.unknown_category')}</Typography>
      </Paper>
    );
  } else if (!Page) {
    content = <ComingSoon title={category.label} />;
  } else if (isPending) {
    content = <CircularProgress aria-label={translate('pp.common.loading')} />;
  } else if (error && !isAuthError(error)) {
    content = <Alert severity="error">{(error as Error).message}</Alert>;
  } else if (!selected) {
    content =
      category.key === 'knowledge' ? (
        <KnowledgeNoPractice />
      ) : (
        <Typography color="text.secondary">{translate('pp.settings.no_practice')}</Typography>
      );
  } else {
    // Keyed by practice: switching practice starts the page afresh (no edits of one practice under another).
    content = <Page key={selected.practice_id} practiceId={selected.practice_id} />;
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('pp.settings.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: { xs: 2, lg: 3 }, alignItems: 'flex-start' }}>
        <Box
          component="aside"
          sx={{ width: { xs: 196, lg: 232 }, flexShrink: 0, position: 'sticky', top: 0 }}
        >
          <SettingsMenu active={category?.key} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }} data-testid="settings-content">
          {content}
        </Box>
      </Box>
    </Box>
  );
}
