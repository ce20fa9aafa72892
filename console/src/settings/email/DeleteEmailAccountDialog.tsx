import type { EmailAccount } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';
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
  const remove = useDeleteEmailAccount(practiceId);
  return (
    <ConfirmDeleteDialog
      title={translate('pp.settings.email.delete_title')}
      text={translate('pp.settings.email.delete_confirm', { address: account.email_address })}
      cancelLabel={translate('pp.settings.email.cancel')}
      confirmLabel={translate('pp.settings.email.delete_button')}
      busyLabel={translate('pp.settings.email.deleting')}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(account.email_account_id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
