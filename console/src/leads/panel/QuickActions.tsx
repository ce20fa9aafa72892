import { Button, Stack, Typography } from '@mui/material';
import { ESCALATION_OUTCOMES, type EscalationOutcome, type PersonDto } from '@pp/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { EscalationOutcomeDialog } from '../escalation/EscalationOutcomeDialog';
import { outcomeAvailability } from '../escalation/outcomeForm';
import { OUTCOME_LABEL_KEYS } from '../escalation/outcomes';

/** The quick action row (docs/product/lead-panel.md): each outcome opens the outcome form with it preselected. */
export function QuickActions({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<EscalationOutcome | null>(null);
  const available = outcomeAvailability(person);
  return (
    <section aria-label={translate('pp.leads.panel.quick_actions')} data-testid="quick-actions">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('pp.leads.panel.quick_actions')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {ESCALATION_OUTCOMES.map((value) => (
          <Button
            key={value}
            size="small"
            variant="outlined"
            disabled={!available[value]}
            onClick={() => setOutcome(value)}
          >
            {translate(OUTCOME_LABEL_KEYS[value])}
          </Button>
        ))}
      </Stack>
      <EscalationOutcomeDialog person={person} outcome={outcome} onClose={() => setOutcome(null)} />
    </section>
  );
}
