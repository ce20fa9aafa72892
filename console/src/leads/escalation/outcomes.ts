import { ESCALATION_OUTCOMES, type EscalationOutcome } from '@pp/contracts';

/** The catalogue key of each outcome's label; 'patient_scheduled' reads 'Schedule Consultation' (docs/product/lead-panel.md). */
export const OUTCOME_LABEL_KEYS: Record<EscalationOutcome, string> = Object.fromEntries(
  ESCALATION_OUTCOMES.map((outcome) => [outcome, `pp.leads.outcomes.${outcome}`]),
) as Record<EscalationOutcome, string>;
