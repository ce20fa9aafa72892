import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { emailAccountStatusLabel, type EmailAccount } from '@pp/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SettingsPageProps } from '../categories';
import { useOAuthFailedBanner } from '../common/useOAuthFailedBanner';
import { AddEmailAccount } from './AddEmailAccount';
import { useEmailAccounts } from './api';
import { DeleteEmailAccountDialog } from './DeleteEmailAccountDialog';

const STATUS_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  active: 'success',
  error: 'error',
  pending: 'warning',
};

/**
 * Settings › Email (docs/product/settings.md#email-accounts): /settings/email lists the accounts,
 * /settings/email/add chooses a provider, /settings/email/add/generic is the placeholder of the form to come.
 */
export function EmailSettings({ practiceId }: SettingsPageProps) {
  const { action } = useParams();
  if (action === 'add') return <AddEmailAccount practiceId={practiceId} />;
  return <EmailAccountList practiceId={practiceId} />;
}

function EmailAccountList({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.email.${key}`, options);
  const accounts = useEmailAccounts(practiceId);
  const [failed, dismiss] = useOAuthFailedBanner();
  const [deleting, setDeleting] = useState<EmailAccount | null>(null);

  let body;
  if (accounts.isLoading) {
    body = (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  } else if (!accounts.data?.length) {
    // A failed fetch is only logged (docs/product/settings.md#errors): the list is then simply empty.
    body = (
      <Typography color="text.secondary" data-testid="email-accounts-empty">
        {t('empty')}
      </Typography>
    );
  } else {
    body = (
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.address')}</TableCell>
            <TableCell>{t('columns.provider')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
            <TableCell>{t('columns.last_sync')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {accounts.data.map((account) => (
            <TableRow key={account.email_account_id} data-testid="email-account-row">
              <TableCell>{account.email_address}</TableCell>
              <TableCell>
                {translate(`pp.settings.email.providers.${account.provider}`, { _: account.provider })}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={emailAccountStatusLabel(account.status)}
                  color={STATUS_COLOURS[account.status] ?? 'default'}
                />
              </TableCell>
              <TableCell>
                {account.last_sync_timestamp
                  ? new Date(account.last_sync_timestamp).toLocaleString()
                  : t('never_synced')}
              </TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={t('delete_label', { address: account.email_address })}
                  onClick={() => setDeleting(account)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Stack spacing={2}>
      {failed && (
        <Alert severity="error" onClose={dismiss} data-testid="email-oauth-failed">
          {t('oauth_failed')}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Box
            sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}
          >
            <Box>
              <Typography variant="h5" component="h2">
                {t('title')}
              </Typography>
              <Typography color="text.secondary">{t('intro')}</Typography>
            </Box>
            <Button variant="contained" component={RouterLink} to="/settings/email/add">
              {t('add')}
            </Button>
          </Box>
          {body}
        </CardContent>
      </Card>
      {deleting && (
        <DeleteEmailAccountDialog
          practiceId={practiceId}
          account={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
