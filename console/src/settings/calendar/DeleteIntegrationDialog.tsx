import { useTranslate } from 'react-admin';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';
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
  const remove = useDeleteIntegration(practiceId);
  return (
    <ConfirmDeleteDialog
      title={translate('pp.settings.calendar_integrations.delete_title')}
      text={translate('pp.settings.calendar_integrations.delete_confirm', {
        provider: providerName(translate, integration.provider),
      })}
      cancelLabel={translate('pp.settings.calendar_integrations.cancel')}
      confirmLabel={translate('pp.settings.calendar_integrations.delete')}
      busyLabel={translate('pp.settings.calendar_integrations.deleting')}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(integration.calendar_integration_id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
