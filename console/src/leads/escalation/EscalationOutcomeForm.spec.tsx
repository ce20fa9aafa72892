import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi } from '../../providers/peopleApi';
import { aPerson, httpFailure, renderWithAdmin } from '../detail/testKit';
import { EscalationOutcomeForm } from './EscalationOutcomeForm';
import { isoDay } from './outcomeForm';

const api = {
  createAppointment: jest.spyOn(peopleApi, 'createAppointment'),
  logAction: jest.spyOn(peopleApi, 'logAction'),
};

beforeEach(() => {
  jest.clearAllMocks();
  api.createAppointment.mockResolvedValue({ appointment_id: 'a-1' });
  api.logAction.mockResolvedValue({ person: aPerson(), next_scheduled_action: null });
});

const TWO_LOCATIONS = [
  { location_id: 'loc-1', name: 'Uptown' },
  { location_id: 'loc-2', name: 'Plano' },
];
const tomorrow = () => isoDay(new Date(Date.now() + 86_400_000));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Log outcome' }));

describe('EscalationOutcomeForm', () => {
  it('offers the six outcomes and disables call and SMS without a phone', async () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson({ primary_phone: null })} />);
    const names = [
      'Called Patient',
      'Sent SMS',
      'Sent Email',
      'Schedule Consultation',
      'Wants Removal',
      'Snooze',
    ];
    for (const name of names)
      expect(screen.getByRole('radio', { name: new RegExp(name) })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Called Patient/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Sent SMS/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Sent Email/ })).toBeEnabled();
  });

  it('disables email without an address', () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson({ primary_email: null })} />);
    expect(screen.getByRole('radio', { name: /Sent Email/ })).toBeDisabled();
  });

  it('defaults to 24 hours and the current control mode', () => {
    renderWithAdmin(
      <EscalationOutcomeForm
        person={aPerson({ current_outreach_state: { control_mode: 'human' } })}
        initialOutcome="snooze"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Follow up in' })).toHaveValue('24');
    expect(
      [...(screen.getByRole('combobox', { name: 'Follow up in' }) as HTMLSelectElement).options].map(
        (option) => option.text,
      ),
    ).toEqual(['1 hour', '4 hours', '24 hours', '48 hours', '72 hours', '168 hours']);
    expect(screen.getByRole('radio', { name: 'Keep under human control' })).toBeChecked();
  });

  it('needs the SMS message, then logs it with the chosen follow-up and mode', async () => {
    const onDone = jest.fn();
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} onDone={onDone} />);
    await userEvent.click(screen.getByRole('radio', { name: /Sent SMS/ }));
    await submit();
    expect(await screen.findByText('Please enter the SMS message')).toBeInTheDocument();
    expect(api.logAction).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('textbox', { name: 'SMS message' }));
    await userEvent.paste('We have a slot Friday');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Follow up in' }), '48');
    await userEvent.click(screen.getByRole('radio', { name: 'Keep under human control' }));
    await submit();

    await waitFor(() =>
      expect(api.logAction).toHaveBeenCalledWith('lead-1', {
        action: 'sms_sent',
        message: 'We have a slot Friday',
        follow_up_hours: 48,
        control_mode: 'human',
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('needs the email message and starts the subject from the practice name', async () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="email_sent" />);
    expect(await screen.findByDisplayValue('Following up from Glow Aesthetics')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Please enter the email message')).toBeInTheDocument();
  });

  it('needs a date, and a location when the practice has several', async () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="patient_scheduled" />, {
      locations: TWO_LOCATIONS,
    });
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveValue('10:00');
    await submit();
    expect(
      await screen.findByText('Please select both date and time for the appointment'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Date/), tomorrow());
    await screen.findByRole('combobox', { name: /Location/ });
    await submit();
    expect(await screen.findByText('Please select a location')).toBeInTheDocument();
    expect(api.createAppointment).not.toHaveBeenCalled();
  });

  it('books the consultation first, then logs the outcome', async () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="patient_scheduled" />, {
      locations: TWO_LOCATIONS,
    });
    await userEvent.type(screen.getByLabelText(/Date/), tomorrow());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time' }), '14:30');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /Location/ }), 'loc-2');
    await submit();

    await waitFor(() => expect(api.logAction).toHaveBeenCalled());
    const [practiceId, locationId, body] = api.createAppointment.mock.calls[0];
    expect([practiceId, locationId]).toEqual(['p-glow', 'loc-2']);
    expect(body).toMatchObject({
      person_id: 'lead-1',
      title: 'Consultation: Sofia Marquez',
      location: 'Plano',
    });
    expect(new Date(body.end_time).getTime() - new Date(body.start_time).getTime()).toBe(30 * 60_000);
    expect(new Date(body.start_time).getHours()).toBe(14);
    expect(api.logAction.mock.calls[0][1]).toMatchObject({
      action: 'patient_scheduled',
      follow_up_hours: 24,
    });
    expect(api.createAppointment.mock.invocationCallOrder[0]).toBeLessThan(
      api.logAction.mock.invocationCallOrder[0],
    );
  });

  it('does not log the outcome when the appointment cannot be created', async () => {
    api.createAppointment.mockRejectedValue(httpFailure(409, 'That time is already booked'));
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="patient_scheduled" />);
    await userEvent.type(screen.getByLabelText(/Date/), tomorrow());
    await submit();

    expect(
      await screen.findByText('Failed to create appointment: That time is already booked'),
    ).toBeInTheDocument();
    expect(api.logAction).not.toHaveBeenCalled();
  });

  it('says so when the outcome cannot be logged', async () => {
    api.logAction.mockRejectedValue(httpFailure(500));
    const onDone = jest.fn();
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="snooze" onDone={onDone} />);
    await submit();
    expect(
      await screen.findByText('Failed to log escalation outcome. Please try again.'),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('has no follow-up choice for a lead who wants removal', () => {
    renderWithAdmin(<EscalationOutcomeForm person={aPerson()} initialOutcome="patient_wants_removal" />);
    expect(screen.queryByRole('combobox', { name: 'Follow up in' })).not.toBeInTheDocument();
  });
});
