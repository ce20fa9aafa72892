import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';
import { useDeleteLocation, type Location } from './api';

/**
 * 'Are you sure you want to delete {location name}? This action cannot be undone.' with Cancel and Delete
 * Location, which reads 'Deleting...' while busy (docs/product/settings.md#practice-settings). A failure is
 * logged and said in the dialog with the server's reason, which stays open to try again
 * (docs/decisions/0039-console-on-front-desk-screens.md).
 */
export function DeleteLocationDialog({
  practiceId,
  location,
  onClose,
}: {
  practiceId: string;
  location: Location;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const remove = useDeleteLocation(practiceId);
  return (
    <ConfirmDeleteDialog
      title={translate('pp.settings.practice.delete_title')}
      text={translate('pp.settings.practice.delete_confirm', { name: location.name })}
      cancelLabel={translate('pp.settings.practice.cancel')}
      confirmLabel={translate('pp.settings.practice.delete_button')}
      busyLabel={translate('pp.settings.practice.deleting')}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(location.location_id, { onSuccess: onClose })}
      onClose={onClose}
      failure={
        remove.isError ? failureText(remove.error, translate('pp.leads.validation.save_failed')) : null
      }
    />
  );
}
