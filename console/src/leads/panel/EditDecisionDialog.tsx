import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverDetail } from '../../common/errorText';
import { ErrorState } from '../../common/ErrorState';
import { useEditDecision } from '../api/personQueries';

/**
 * The edit dialog (docs/product/lead-panel.md): the message, 'Remember this correction for similar situations', and
 * 'Save & Send', disabled while saving or when the message is blank after trimming. A failed save is logged and
 * shown in the dialog with the server's reason, the text kept for another try
 * (docs/decisions/0039-console-on-front-desk-screens.md).
 */
export function EditDecisionDialog({
  personId,
  open,
  initialMessage,
  onClose,
}: {
  personId: string;
  open: boolean;
  initialMessage: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const edit = useEditDecision(personId);
  const [message, setMessage] = useState(initialMessage);
  const [remember, setRemember] = useState(false);
  const { reset } = edit;
  useEffect(() => {
    if (open) {
      setMessage(initialMessage);
      setRemember(false);
      reset();
    }
  }, [open, initialMessage, reset]);

  const saving = edit.isPending;
  const onSave = () =>
    edit.mutate(
      { corrected_message: message.trim(), remember_correction: remember },
      {
        onSuccess: onClose,
        onError: (error) => console.error('Editing the AI decision failed', error),
      },
    );

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('pp.leads.panel.edit_title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('pp.leads.panel.message')}
          multiline
          minRows={4}
          fullWidth
          autoFocus
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          sx={{ mt: 1 }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label={translate('pp.leads.panel.remember')}
        />
        <FormHelperText>
          {translate(remember ? 'pp.leads.panel.remember_on' : 'pp.leads.panel.remember_off')}
        </FormHelperText>
        {edit.error && (
          <Box sx={{ mt: 2 }}>
            <ErrorState
              testId="edit-failed"
              title={translate('pp.errors.edit')}
              message={serverDetail(edit.error)}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('pp.leads.panel.cancel')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving || message.trim() === ''}>
          {translate(saving ? 'pp.leads.panel.saving' : 'pp.leads.panel.save_send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
