import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

/**
 * The settings' delete confirmation: a title, the spec's sentence, Cancel and a red confirm button that reads its
 * busy label while the delete runs. While busy neither button nor a click outside closes it.
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
}: {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
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
