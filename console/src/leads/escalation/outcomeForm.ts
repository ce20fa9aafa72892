import {
  DEFAULT_FOLLOW_UP_HOURS,
  LeadLimits,
  type ControlMode,
  type CreateAppointmentRequest,
  type EscalationOutcome,
  type LeadActionRequest,
  type PersonDto,
} from '@pp/contracts';
import { en } from '../../i18n/en';

/**
 * The escalation outcome form's rules (docs/product/leads.md#escalations, #escalation-form),
 * pure so they can be tested without a browser. The form component only holds the state.
 */

export const DEFAULT_APPOINTMENT_TIME = '10:00';
export const TIME_STEP_MINUTES = 30;

export interface OutcomeForm {
  outcome: EscalationOutcome | null;
  notes: string;
  followUpHours: number;
  controlMode: ControlMode;
  smsMessage: string;
  emailSubject: string;
  emailMessage: string;
  /** yyyy-mm-dd, local. */
  date: string;
  /** HH:MM, on a 30-minute step. */
  time: string;
  locationId: string;
}

export interface LocationOption {
  location_id: string;
  name: string;
  is_primary?: boolean;
}

export type OutcomeField = keyof OutcomeForm;

export interface OutcomeProblem {
  field: OutcomeField;
  message: string;
}

type Contactable = Pick<PersonDto, 'primary_phone' | 'primary_email'> &
  Partial<Pick<PersonDto, 'current_outreach_state'>>;

/** yyyy-mm-dd of a moment in local time (the value of a date input). */
export function isoDay(date: Date): string {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
}

/** Every time of day on the 30-minute step: '00:00', '00:30' … '23:30'. */
export function timeSlots(): string[] {
  return Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) => {
    const minutes = index * TIME_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/**
 * Call and SMS need a phone, email needs an address; the rest is always possible. A lead who asked to be
 * removed gets no SMS or email from the product (the server refuses them too); a call staff made can still
 * be logged.
 */
export function outcomeAvailability(person: Contactable): Record<EscalationOutcome, boolean> {
  const optedOut = person.current_outreach_state?.opted_out === true;
  const hasPhone = Boolean(person.primary_phone?.trim());
  const hasEmail = Boolean(person.primary_email?.trim());
  return {
    phone_call_sent: hasPhone,
    sms_sent: hasPhone && !optedOut,
    email_sent: hasEmail && !optedOut,
    patient_scheduled: true,
    patient_wants_removal: true,
    snooze: true,
  };
}

/** A lead asking to be removed is not followed up, so that outcome has no follow-up choice. */
export const hasFollowUp = (outcome: EscalationOutcome | null) => outcome !== 'patient_wants_removal';

/** The subject an email starts with: 'Following up from {practice}'. */
export const defaultEmailSubject = (practiceName: string | null | undefined) =>
  en.pp.leads.escalation.default_subject.replace(
    '%{practice}',
    practiceName?.trim() || en.pp.leads.escalation.the_practice,
  );

/** The one location when there is exactly one; with several staff must choose. */
const defaultLocation = (locations: readonly LocationOption[]) =>
  locations.length === 1 ? locations[0].location_id : '';

export function initialOutcomeForm(options: {
  person: Pick<PersonDto, 'current_outreach_state'>;
  practiceName?: string | null;
  outcome?: EscalationOutcome | null;
  locations?: readonly LocationOption[];
}): OutcomeForm {
  return {
    outcome: options.outcome ?? null,
    notes: '',
    followUpHours: DEFAULT_FOLLOW_UP_HOURS,
    // The choice defaults to the lead's current mode (docs/product/leads.md, "Control mode").
    controlMode: options.person.current_outreach_state?.control_mode === 'human' ? 'human' : 'ai',
    smsMessage: '',
    emailSubject: defaultEmailSubject(options.practiceName),
    emailMessage: '',
    date: '',
    time: DEFAULT_APPOINTMENT_TIME,
    locationId: defaultLocation(options.locations ?? []),
  };
}

/**
 * The first problem that stops the form from being sent, or null. `today` is the local yyyy-mm-dd; the
 * appointment may be today or later.
 */
export function validateOutcomeForm(
  form: OutcomeForm,
  context: { person: Contactable; locations: readonly LocationOption[]; today: string },
): OutcomeProblem | null {
  const t = en.pp.leads.validation;
  if (!form.outcome) return { field: 'outcome', message: en.pp.leads.escalation.choose_outcome };
  if (!outcomeAvailability(context.person)[form.outcome]) {
    return { field: 'outcome', message: en.pp.leads.escalation.unavailable };
  }
  if (form.outcome === 'sms_sent' && !form.smsMessage.trim()) {
    return { field: 'smsMessage', message: t.sms_required };
  }
  if (form.outcome === 'email_sent' && !form.emailMessage.trim()) {
    return { field: 'emailMessage', message: t.email_message_required };
  }
  if (form.outcome === 'patient_scheduled') {
    if (!form.date || !form.time)
      return { field: form.date ? 'time' : 'date', message: t.date_time_required };
    if (form.date < context.today) return { field: 'date', message: en.pp.leads.escalation.date_past };
    if (!timeSlots().includes(form.time)) return { field: 'time', message: en.pp.leads.escalation.time_step };
    if (context.locations.length > 1 && !form.locationId) {
      return { field: 'locationId', message: t.location_required };
    }
  }
  return null;
}

/** The body of POST /people/{id}/actions for a valid form. */
export function toActionRequest(form: OutcomeForm & { outcome: EscalationOutcome }): LeadActionRequest {
  const notes = form.notes.trim();
  return {
    action: form.outcome,
    ...(notes ? { notes } : {}),
    ...(form.outcome === 'sms_sent' ? { message: form.smsMessage.trim() } : {}),
    ...(form.outcome === 'email_sent'
      ? { subject: form.emailSubject.trim(), message: form.emailMessage.trim() }
      : {}),
    ...(hasFollowUp(form.outcome) ? { follow_up_hours: form.followUpHours } : {}),
    control_mode: form.controlMode,
  };
}

/**
 * The consultation to book for 'patient_scheduled': 30 minutes from the chosen local date and time, at the
 * chosen location (or the only one).
 */
export function toAppointment(
  form: OutcomeForm,
  context: { personId: string; personName: string; locations: readonly LocationOption[] },
): { locationId: string | null; body: CreateAppointmentRequest } {
  const start = new Date(`${form.date}T${form.time}:00`);
  const end = new Date(start.getTime() + LeadLimits.appointmentMinutes * 60_000);
  const location =
    context.locations.find((candidate) => candidate.location_id === form.locationId) ??
    (context.locations.length === 1 ? context.locations[0] : undefined);
  const notes = form.notes.trim();
  return {
    locationId: location?.location_id ?? null,
    body: {
      person_id: context.personId,
      title: en.pp.leads.escalation.appointment_title.replace('%{name}', context.personName),
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      description: notes || null,
      location: location?.name ?? null,
    },
  };
}
