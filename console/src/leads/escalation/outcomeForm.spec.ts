import type { EscalationOutcome, PersonDto } from '@pp/contracts';
import {
  defaultEmailSubject,
  initialOutcomeForm,
  isoDay,
  outcomeAvailability,
  timeSlots,
  toActionRequest,
  toAppointment,
  validateOutcomeForm,
  type LocationOption,
  type OutcomeForm,
} from './outcomeForm';

const person = (changes: Partial<PersonDto> = {}) =>
  ({
    person_id: 'lead-1',
    primary_phone: '+12145550131',
    primary_email: 'sofia@mail.example',
    current_outreach_state: { control_mode: 'ai' },
    ...changes,
  }) as PersonDto;

const ONE: LocationOption[] = [{ location_id: 'loc-1', name: 'Uptown' }];
const TWO: LocationOption[] = [...ONE, { location_id: 'loc-2', name: 'Plano', is_primary: true }];
const TODAY = '2025-03-02';

function form(outcome: EscalationOutcome, changes: Partial<OutcomeForm> = {}): OutcomeForm {
  return {
    ...initialOutcomeForm({ person: person(), practiceName: 'Glow Aesthetics', outcome }),
    ...changes,
  };
}

const problem = (value: OutcomeForm, locations = ONE, who = person()) =>
  validateOutcomeForm(value, { person: who, locations, today: TODAY })?.message ?? null;

describe('the starting form', () => {
  it('follows up in 24 hours at 10:00, with a subject from the practice', () => {
    const start = initialOutcomeForm({ person: person(), practiceName: 'Glow Aesthetics' });
    expect(start).toMatchObject({
      outcome: null,
      followUpHours: 24,
      time: '10:00',
      emailSubject: 'Following up from Glow Aesthetics',
    });
  });

  it('defaults the control mode to the current one', () => {
    expect(initialOutcomeForm({ person: person() }).controlMode).toBe('ai');
    expect(
      initialOutcomeForm({ person: person({ current_outreach_state: { control_mode: 'human' } }) })
        .controlMode,
    ).toBe('human');
  });

  it('preselects the only location, and none when there are several', () => {
    expect(initialOutcomeForm({ person: person(), locations: ONE }).locationId).toBe('loc-1');
    expect(initialOutcomeForm({ person: person(), locations: TWO }).locationId).toBe('');
  });

  it('falls back to "the practice" without a practice name', () => {
    expect(defaultEmailSubject(null)).toBe('Following up from the practice');
  });
});

describe('which outcomes are possible', () => {
  it('disables call and SMS without a phone, email without an address', () => {
    expect(outcomeAvailability(person({ primary_phone: null }))).toMatchObject({
      phone_call_sent: false,
      sms_sent: false,
      email_sent: true,
      patient_scheduled: true,
    });
    expect(outcomeAvailability(person({ primary_email: ' ' }))).toMatchObject({
      phone_call_sent: true,
      sms_sent: true,
      email_sent: false,
    });
  });

  it('offers no SMS or email to a lead who asked to be removed', () => {
    const removed = person({ current_outreach_state: { control_mode: 'human', opted_out: true } });
    expect(outcomeAvailability(removed)).toMatchObject({
      phone_call_sent: true,
      sms_sent: false,
      email_sent: false,
      snooze: true,
    });
  });

  it('refuses an outcome the lead cannot receive', () => {
    expect(problem(form('sms_sent', { smsMessage: 'Hi' }), ONE, person({ primary_phone: null }))).toMatch(
      /contact details/,
    );
  });
});

describe('the form rules', () => {
  it('wants an outcome', () => {
    expect(problem(initialOutcomeForm({ person: person() }))).toBe('Please choose an outcome');
  });

  it('needs the SMS message, blank does not count', () => {
    expect(problem(form('sms_sent', { smsMessage: '   ' }))).toBe('Please enter the SMS message');
    expect(problem(form('sms_sent', { smsMessage: 'See you soon' }))).toBeNull();
  });

  it('needs the email message', () => {
    expect(problem(form('email_sent'))).toBe('Please enter the email message');
    expect(problem(form('email_sent', { emailMessage: 'Hello' }))).toBeNull();
  });

  it('needs both date and time to schedule', () => {
    expect(problem(form('patient_scheduled', { date: '' }))).toBe(
      'Please select both date and time for the appointment',
    );
    expect(problem(form('patient_scheduled', { date: TODAY, time: '' }))).toBe(
      'Please select both date and time for the appointment',
    );
  });

  it('refuses a date in the past, allows today', () => {
    expect(problem(form('patient_scheduled', { date: '2025-03-01' }))).toBe(
      'The appointment date cannot be in the past',
    );
    expect(problem(form('patient_scheduled', { date: TODAY }))).toBeNull();
  });

  it('keeps times on the 30-minute step', () => {
    expect(problem(form('patient_scheduled', { date: TODAY, time: '10:15' }))).toMatch(/half hour/);
    expect(timeSlots()).toHaveLength(48);
    expect(timeSlots().slice(19, 22)).toEqual(['09:30', '10:00', '10:30']);
  });

  it('needs a location only when the practice has more than one', () => {
    expect(problem(form('patient_scheduled', { date: TODAY, locationId: '' }), TWO)).toBe(
      'Please select a location',
    );
    expect(problem(form('patient_scheduled', { date: TODAY, locationId: 'loc-2' }), TWO)).toBeNull();
    expect(problem(form('patient_scheduled', { date: TODAY, locationId: '' }), ONE)).toBeNull();
    expect(problem(form('patient_scheduled', { date: TODAY, locationId: '' }), [])).toBeNull();
  });

  it('needs nothing more for a call, a removal or a snooze', () => {
    for (const outcome of ['phone_call_sent', 'patient_wants_removal', 'snooze'] as const) {
      expect(problem(form(outcome))).toBeNull();
    }
  });
});

describe('what is sent', () => {
  it('sends the SMS message with the follow-up and control mode', () => {
    expect(
      toActionRequest({
        ...form('sms_sent', { smsMessage: ' See you ', notes: ' texted ', controlMode: 'human' }),
        outcome: 'sms_sent',
      }),
    ).toEqual({
      action: 'sms_sent',
      notes: 'texted',
      message: 'See you',
      follow_up_hours: 24,
      control_mode: 'human',
    });
  });

  it('sends subject and message for an email', () => {
    expect(
      toActionRequest({
        ...form('email_sent', { emailMessage: 'Hello', followUpHours: 168 }),
        outcome: 'email_sent',
      }),
    ).toEqual({
      action: 'email_sent',
      subject: 'Following up from Glow Aesthetics',
      message: 'Hello',
      follow_up_hours: 168,
      control_mode: 'ai',
    });
  });

  it('does not schedule a follow-up for a lead who wants to be removed', () => {
    expect(
      toActionRequest({ ...form('patient_wants_removal'), outcome: 'patient_wants_removal' }),
    ).not.toHaveProperty('follow_up_hours');
  });

  it('books a 30-minute consultation at the chosen local time and location', () => {
    const { locationId, body } = toAppointment(
      form('patient_scheduled', { date: '2025-03-04', time: '14:30', locationId: 'loc-2' }),
      {
        personId: 'lead-1',
        personName: 'Sofia Marquez',
        locations: TWO,
      },
    );
    expect(locationId).toBe('loc-2');
    expect(body).toMatchObject({
      person_id: 'lead-1',
      title: 'Consultation: Sofia Marquez',
      location: 'Plano',
    });
    expect(new Date(body.start_time)).toEqual(new Date(2025, 2, 4, 14, 30));
    expect(new Date(body.end_time)).toEqual(new Date(2025, 2, 4, 15, 0));
  });

  it('books at the only location when there is one', () => {
    const { locationId, body } = toAppointment(form('patient_scheduled', { date: TODAY, locationId: '' }), {
      personId: 'lead-1',
      personName: 'Sofia Marquez',
      locations: ONE,
    });
    expect(locationId).toBe('loc-1');
    expect(body.location).toBe('Uptown');
  });
});

describe('isoDay', () => {
  it('is the local calendar day', () => {
    expect(isoDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
