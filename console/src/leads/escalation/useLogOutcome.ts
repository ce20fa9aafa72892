import type { PersonDto } from '@pp/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLogAction } from '../api/personQueries';
import { detailOf } from '../../providers/http';
import { peopleApi } from '../../providers/peopleApi';
import {
  isoDay,
  toActionRequest,
  toAppointment,
  validateOutcomeForm,
  type LocationOption,
  type OutcomeForm,
  type OutcomeProblem,
} from './outcomeForm';

const detailOrMessage = (error: unknown) =>
  detailOf((error as { body?: unknown } | null)?.body) ?? (error as Error | null)?.message ?? '';

/**
 * Logging an escalation outcome (docs/product/leads.md#escalations, #errors). 'patient_scheduled' books the
 * consultation first; if that fails the outcome is not logged, so nothing claims a booking that did not
 * happen. Success refreshes the person, events, stats and lists (through useLogAction).
 */
export function useLogOutcome(options: {
  person: Pick<PersonDto, 'person_id' | 'practice_id' | 'primary_phone' | 'primary_email'>;
  personName: string;
  locations: readonly LocationOption[];
  onDone?: () => void;
}) {
  const { person, personName, locations, onDone } = options;
  const translate = useTranslate();
  const logAction = useLogAction(person.person_id);
  const [problem, setProblem] = useState<OutcomeProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (form: OutcomeForm) => {
    setFailure(null);
    const found = validateOutcomeForm(form, { person, locations, today: isoDay(new Date()) });
    setProblem(found);
    if (found || !form.outcome) return false;
    setSubmitting(true);
    try {
      if (form.outcome === 'patient_scheduled') {
        const { locationId, body } = toAppointment(form, {
          personId: person.person_id,
          personName,
          locations,
        });
        try {
          await peopleApi.createAppointment(person.practice_id, locationId, body);
        } catch (error) {
          setFailure(translate('pp.leads.appointment_failed', { detail: detailOrMessage(error) }));
          return false;
        }
      }
      try {
        await logAction.mutateAsync(toActionRequest({ ...form, outcome: form.outcome }));
      } catch {
        setFailure(translate('pp.leads.escalation_log_failed'));
        return false;
      }
      onDone?.();
      return true;
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, problem, failure, submitting, clearProblem: () => setProblem(null) };
}
