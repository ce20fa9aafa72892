import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A knowledge delete confirmation: each says the action cannot be undone (docs/product/settings.md#knowledge). */
export function KnowledgeDeleteDialog({
  title,
  text,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="knowledge-delete-title">
      <DialogTitle id="knowledge-delete-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {text} {translate('pp.settings.knowledge.cannot_undo')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('pp.settings.knowledge.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {busy ? translate('pp.settings.knowledge.deleting') : translate('pp.settings.knowledge.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
