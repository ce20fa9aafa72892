import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDeleteLocation, type Location } from './api';

/**
 * 'Are you sure you want to delete {location name}? This action cannot be undone.' with Cancel and Delete
 * Location, which reads 'Deleting...' while busy (docs/product/settings.md#practice-settings). A failure is
 * only logged; the dialog closes either way.
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
  const busy = remove.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="delete-location-title">
      <DialogTitle id="delete-location-title">{translate('pp.settings.practice.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('pp.settings.practice.delete_confirm', { name: location.name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('pp.settings.practice.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => remove.mutate(location.location_id, { onSettled: onClose })}
        >
          {busy
            ? translate('pp.settings.practice.deleting')
            : translate('pp.settings.practice.delete_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
