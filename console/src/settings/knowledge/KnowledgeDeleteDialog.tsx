import { useTranslate } from 'react-admin';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';

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
    <ConfirmDeleteDialog
      title={title}
      text={`${text} ${translate('pp.settings.knowledge.cannot_undo')}`}
      cancelLabel={translate('pp.settings.knowledge.cancel')}
      confirmLabel={translate('pp.settings.knowledge.delete')}
      busyLabel={translate('pp.settings.knowledge.deleting')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
