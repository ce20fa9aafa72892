import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { EmailAccount } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { useDeleteEmailAccount } from './api';

/**
 * Deleting an account asks for confirmation ('This action cannot be undone.';
 * docs/product/settings.md#email-accounts). A failure is only logged; the dialog closes either way.
 */
export function DeleteEmailAccountDialog({
  practiceId,
  account,
  onClose,
}: {
  practiceId: string;
  account: EmailAccount;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.email.${key}`, options);
  const remove = useDeleteEmailAccount(practiceId);
  const busy = remove.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="delete-email-account-title">
      <DialogTitle id="delete-email-account-title">{t('delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete_confirm', { address: account.email_address })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => remove.mutate(account.email_account_id, { onSettled: onClose })}
        >
          {busy ? t('deleting') : t('delete_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
