import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ESCALATION_OUTCOMES,
  FOLLOW_UP_HOURS,
  type ControlMode,
  type EscalationOutcome,
  type PersonDto,
} from '@pp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { personName } from '../format';
import {
  defaultEmailSubject,
  hasFollowUp,
  initialOutcomeForm,
  isoDay,
  outcomeAvailability,
  timeSlots,
  type OutcomeField,
  type OutcomeForm,
} from './outcomeForm';
import { OUTCOME_LABEL_KEYS } from './outcomes';
import { useLogOutcome } from './useLogOutcome';
import { useOutcomeContext } from './useOutcomeContext';

type FormPerson = Pick<
  PersonDto,
  | 'person_id'
  | 'practice_id'
  | 'first_name'
  | 'last_name'
  | 'primary_phone'
  | 'primary_email'
  | 'current_outreach_state'
>;

/**
 * The escalation outcome form (docs/product/leads.md#escalations): outcome, its details, notes, follow-up
 * and who handles the lead next. Used in the ESCALATION OUTCOME REQUIRED panel and by the side panel's quick
 * actions (with the outcome preselected).
 */
export function EscalationOutcomeForm({
  person,
  initialOutcome = null,
  onDone,
  onCancel,
}: {
  person: FormPerson;
  initialOutcome?: EscalationOutcome | null;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const { practiceName, locations } = useOutcomeContext(person);
  const [form, setForm] = useState<OutcomeForm>(() =>
    initialOutcomeForm({ person, outcome: initialOutcome, locations }),
  );
  // The subject follows the practice's name (which may load after the form opens) until staff edit it.
  const [subjectEdited, setSubjectEdited] = useState(false);
  const effective: OutcomeForm = {
    ...form,
    emailSubject: subjectEdited ? form.emailSubject : defaultEmailSubject(practiceName),
  };
  const { submit, problem, failure, submitting, clearProblem } = useLogOutcome({
    person,
    personName: personName(person),
    locations,
    onDone,
  });
  const available = outcomeAvailability(person);

  const set = <K extends keyof OutcomeForm>(field: K, value: OutcomeForm[K]) => {
    clearProblem();
    setForm((current) => ({ ...current, [field]: value }));
  };
  const errorOf = (field: OutcomeField) => (problem?.field === field ? problem.message : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(effective);
  };
  const outcome = form.outcome;

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="escalation-form">
      <FormControl error={Boolean(errorOf('outcome'))}>
        <FormLabel id="escalation-outcome">{translate('pp.leads.escalation.outcome')}</FormLabel>
        <RadioGroup
          aria-labelledby="escalation-outcome"
          value={outcome ?? ''}
          onChange={(event) => set('outcome', event.target.value as EscalationOutcome)}
        >
          {ESCALATION_OUTCOMES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio size="small" />}
              disabled={!available[value]}
              label={
                <>
                  {translate(OUTCOME_LABEL_KEYS[value])}
                  {!available[value] && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {translate(
                        value === 'email_sent'
                          ? 'pp.leads.escalation.no_email'
                          : 'pp.leads.escalation.no_phone',
                      )}
                    </Typography>
                  )}
                </>
              }
            />
          ))}
        </RadioGroup>
        {errorOf('outcome') && <FormHelperText>{errorOf('outcome')}</FormHelperText>}
      </FormControl>

      {outcome === 'sms_sent' && (
        <TextField
          label={translate('pp.leads.escalation.sms_message')}
          multiline
          minRows={2}
          required
          value={form.smsMessage}
          onChange={(event) => set('smsMessage', event.target.value)}
          error={Boolean(errorOf('smsMessage'))}
          helperText={errorOf('smsMessage')}
        />
      )}

      {outcome === 'email_sent' && (
        <>
          <TextField
            label={translate('pp.leads.escalation.email_subject')}
            value={effective.emailSubject}
            onChange={(event) => {
              setSubjectEdited(true);
              set('emailSubject', event.target.value);
            }}
          />
          <TextField
            label={translate('pp.leads.escalation.email_message')}
            multiline
            minRows={3}
            required
            value={form.emailMessage}
            onChange={(event) => set('emailMessage', event.target.value)}
            error={Boolean(errorOf('emailMessage'))}
            helperText={errorOf('emailMessage')}
          />
        </>
      )}

      {outcome === 'patient_scheduled' && (
        <Scheduling form={form} set={set} errorOf={errorOf} locations={locations} />
      )}

      <TextField
        label={translate('pp.leads.escalation.notes')}
        multiline
        minRows={2}
        value={form.notes}
        onChange={(event) => set('notes', event.target.value)}
      />

      {hasFollowUp(outcome) && (
        <TextField
          select
          label={translate('pp.leads.escalation.follow_up')}
          value={form.followUpHours}
          onChange={(event) => set('followUpHours', Number(event.target.value))}
          slotProps={{ select: { native: true } }}
        >
          {FOLLOW_UP_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {translate('pp.leads.escalation.follow_up_hours', { smart_count: hours })}
            </option>
          ))}
        </TextField>
      )}

      <FormControl>
        <FormLabel id="escalation-control">{translate('pp.leads.escalation.after_logging')}</FormLabel>
        <RadioGroup
          aria-labelledby="escalation-control"
          value={form.controlMode}
          onChange={(event) => set('controlMode', event.target.value as ControlMode)}
        >
          <FormControlLabel
            value="ai"
            control={<Radio size="small" />}
            label={translate('pp.leads.let_ai_follow_up')}
          />
          <FormControlLabel
            value="human"
            control={<Radio size="small" />}
            label={translate('pp.leads.keep_human')}
          />
        </RadioGroup>
      </FormControl>

      {problem &&
        !['outcome', 'smsMessage', 'emailMessage', 'date', 'time', 'locationId'].includes(problem.field) && (
          <Alert severity="error">{problem.message}</Alert>
        )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}

      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            {translate('pp.leads.escalation.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={submitting || !outcome}>
          {translate(submitting ? 'pp.leads.escalation.submitting' : 'pp.leads.escalation.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Date (not before today), time on the half hour (10:00 by default) and, with several locations, a location. */
function Scheduling({
  form,
  set,
  errorOf,
  locations,
}: {
  form: OutcomeForm;
  set: <K extends keyof OutcomeForm>(field: K, value: OutcomeForm[K]) => void;
  errorOf: (field: OutcomeField) => string | undefined;
  locations: readonly { location_id: string; name: string }[];
}) {
  const translate = useTranslate();
  const dateProblem = errorOf('date') ?? errorOf('time');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <TextField
          type="date"
          label={translate('pp.leads.escalation.date')}
          value={form.date}
          onChange={(event) => set('date', event.target.value)}
          required
          sx={{ flex: 1 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(new Date()) } }}
          error={Boolean(dateProblem)}
        />
        <TextField
          select
          label={translate('pp.leads.escalation.time')}
          value={form.time}
          onChange={(event) => set('time', event.target.value)}
          required
          sx={{ flex: 1 }}
          slotProps={{ select: { native: true } }}
          error={Boolean(errorOf('time'))}
        >
          {timeSlots().map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </TextField>
      </Stack>
      {dateProblem && <FormHelperText error>{dateProblem}</FormHelperText>}
      {locations.length > 1 && (
        <TextField
          select
          label={translate('pp.leads.escalation.location')}
          value={form.locationId}
          onChange={(event) => set('locationId', event.target.value)}
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          error={Boolean(errorOf('locationId'))}
          helperText={errorOf('locationId')}
        >
          <option value="" />
          {locations.map((location) => (
            <option key={location.location_id} value={location.location_id}>
              {location.name}
            </option>
          ))}
        </TextField>
      )}
      {locations.length === 1 && (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.escalation.location')}: {locations[0].name}
        </Typography>
      )}
    </Stack>
  );
}
