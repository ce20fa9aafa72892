import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { ErrorState } from '../../common/ErrorState';

/**
 * The settings' delete confirmation: a title, the spec's sentence, Cancel and a red confirm button that reads its
 * busy label while the delete runs. While busy neither button nor a click outside closes it. A failed delete can
 * be said in it (`failure`), the dialog left open to try again.
 */
export function ConfirmDeleteDialog({
  title,
  text,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  failure,
}: {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  failure?: string | null;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {failure && (
          <Box sx={{ mt: 2 }}>
            <ErrorState testId="delete-failed" message={failure} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
