import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { EscalationOutcome, PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { personName } from '../format';
import { EscalationOutcomeForm } from './EscalationOutcomeForm';

/** The outcome form in a dialog, opened by a quick action with that outcome preselected (docs/product/lead-panel.md). */
export function EscalationOutcomeDialog({
  person,
  outcome,
  onClose,
}: {
  person: PersonDto;
  outcome: EscalationOutcome | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={outcome !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('pp.leads.escalation.dialog_title', { name: personName(person) })}</DialogTitle>
      <DialogContent>
        {outcome && (
          <EscalationOutcomeForm
            key={`${person.person_id}:${outcome}`}
            person={person}
            initialOutcome={outcome}
            onDone={onClose}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
