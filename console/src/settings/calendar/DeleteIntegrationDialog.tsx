import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDeleteIntegration } from './api';
import { providerName } from './providerNames';
import type { CalendarIntegration } from './types';

/**
 * Deleting an integration asks for confirmation ('This will remove all calendar sync capabilities.';
 * docs/product/settings.md#calendar-integrations). A failure is only logged; the dialog closes either way.
 */
export function DeleteIntegrationDialog({
  practiceId,
  integration,
  onClose,
}: {
  practiceId: string;
  integration: CalendarIntegration;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.calendar_integrations.${key}`, options);
  const remove = useDeleteIntegration(practiceId);
  const busy = remove.isPending;
  const provider = providerName(translate, integration.provider);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="delete-calendar-integration-title">
      <DialogTitle id="delete-calendar-integration-title">{t('delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete_confirm', { provider })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => remove.mutate(integration.calendar_integration_id, { onSettled: onClose })}
        >
          {busy ? t('deleting') : t('delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
