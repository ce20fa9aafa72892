import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi } from '../../providers/peopleApi';
import { leadKeys } from '../api/keys';
import { aPerson, anEvent, httpFailure, renderWithAdmin } from '../detail/testKit';
import { LeadSidePanel } from './LeadSidePanel';

const api = {
  get: jest.spyOn(peopleApi, 'get'),
  events: jest.spyOn(peopleApi, 'events'),
  approve: jest.spyOn(peopleApi, 'approveDecision'),
  edit: jest.spyOn(peopleApi, 'editDecision'),
  logAction: jest.spyOn(peopleApi, 'logAction'),
  sandbox: jest.spyOn(peopleApi, 'sandboxChannels'),
};

const SMS_TEXT = 'Hi Sofia, we have openings on Friday. Book here: https://glow.example/book';
const smsDecision = anEvent('pending_review', {
  original_decision: {
    decision_id: 'd-1',
    action_type: 'send_sms',
    channel: 'sms',
    message: SMS_TEXT,
    subject: null,
    reasoning: 'She asked about Botox pricing twice',
  },
});

beforeEach(() => {
  jest.clearAllMocks();
  api.sandbox.mockResolvedValue({ sms: false, email: false });
  localStorage.setItem('selectedPracticeId', 'p-glow');
  api.get.mockResolvedValue(aPerson({ pending_review_type: 'approval' }));
  api.events.mockResolvedValue([smsDecision]);
  api.approve.mockResolvedValue(undefined);
  api.edit.mockResolvedValue(undefined);
  api.logAction.mockResolvedValue({ person: aPerson(), next_scheduled_action: null });
});

const reviewBox = () => screen.findByTestId('decision-review');

describe('the AI decision review box', () => {
  it('shows what the AI wants to send, labelled by the action type, and why', async () => {
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    const box = await reviewBox();
    expect(within(box).getByText('SMS Ready to Send')).toBeInTheDocument();
    expect(within(box).getByText(/we have openings on Friday/)).toBeInTheDocument();
    expect(within(box).getByText('She asked about Botox pricing twice')).toBeInTheDocument();
  });

  it('shows the subject of an email decision', async () => {
    api.events.mockResolvedValue([
      anEvent('pending_review', {
        original_decision: { action_type: 'email_initial', message: 'Hello', subject: 'Your consultation' },
      }),
    ]);
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    const box = await reviewBox();
    expect(within(box).getByText('Email Ready to Send')).toBeInTheDocument();
    expect(within(box).getByText('Your consultation')).toBeInTheDocument();
  });

  it('approves, then refreshes the lead, its events, the stats and the lists', async () => {
    const { queryClient } = renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    queryClient.setQueryData(leadKeys.stats('p-glow'), { total: 1 });
    queryClient.setQueryData(leadKeys.list('p-glow', 'all'), { pages: [] });
    api.events.mockResolvedValue([
      { ...smsDecision, content_data: { ...smsDecision.content_data, resolved_at: 'now' } },
    ]);

    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Approve & Send' }));

    await waitFor(() => expect(screen.queryByTestId('decision-review')).not.toBeInTheDocument());
    expect(api.approve).toHaveBeenCalledWith('lead-1');
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(api.events).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryState(leadKeys.stats('p-glow'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(leadKeys.list('p-glow', 'all'))?.isInvalidated).toBe(true);
  });

  it("logs a failed approval and shows it in the box with the server's reason", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.approve.mockRejectedValue(httpFailure(409, 'This decision was already resolved'));
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Approve & Send' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    const failed = within(await reviewBox()).getByTestId('approve-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('Failed to approve decision');
    expect(failed).toHaveTextContent('This decision was already resolved');
    // The draft stays, to be approved again.
    expect(within(await reviewBox()).getByRole('button', { name: 'Approve & Send' })).toBeEnabled();
    error.mockRestore();
  });

  it("says 'Failed to approve decision' when the server gives no reason", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.approve.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Approve & Send' }));
    expect(await screen.findByTestId('approve-failed')).toHaveTextContent(/^Failed to approve decision$/);
  });

  it("keeps the edit dialog open on a failed save, with the server's reason and the text", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.edit.mockRejectedValue(httpFailure(422, 'corrected_message must not be longer than 1600 characters'));
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save & Send' }));
    const failed = await within(dialog).findByTestId('edit-failed');
    expect(failed).toHaveTextContent('Failed to edit decision');
    expect(failed).toHaveTextContent('corrected_message must not be longer than 1600 characters');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue(SMS_TEXT);
    expect(error).toHaveBeenCalled();

    // Closed and opened again, the dialog starts afresh.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Edit' }));
    expect(within(await screen.findByRole('dialog')).queryByTestId('edit-failed')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('edits: Save & Send is off for a blank message, the checkbox explains itself, the correction is sent', async () => {
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await userEvent.click(within(await reviewBox()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    const save = within(dialog).getByRole('button', { name: 'Save & Send' });
    expect(message).toHaveValue(SMS_TEXT);

    await userEvent.clear(message);
    await userEvent.type(message, '   ');
    expect(save).toBeDisabled();

    const remember = within(dialog).getByRole('checkbox', {
      name: 'Remember this correction for similar situations',
    });
    expect(within(dialog).getByText('This correction applies only to this message')).toBeInTheDocument();
    await userEvent.click(remember);
    expect(within(dialog).getByText('AI will learn from this correction')).toBeInTheDocument();

    let finish: () => void = () => undefined;
    api.edit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    // One paste, not a keystroke per character: each keystroke re-renders the dialog, and what is tested is
    // the text that is sent, trimmed.
    await userEvent.click(message);
    await userEvent.paste(' Friday at 3 works! ');
    await userEvent.click(save);
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(api.edit).toHaveBeenCalledWith('lead-1', {
      corrected_message: 'Friday at 3 works!',
      remember_correction: true,
    });
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives way to a countdown when the lead has a scheduled next action', async () => {
    api.get.mockResolvedValue(
      aPerson({
        next_scheduled_action: new Date(Date.now() + 3_600_000).toISOString(),
        current_outreach_state: { control_mode: 'human' },
      }),
    );
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    expect(await screen.findByTestId('scheduled-action')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-review')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Switch back to AI control' }));
    await waitFor(() =>
      expect(api.logAction).toHaveBeenCalledWith('lead-1', {
        action: 'switch_control_mode',
        notes: 'Switched back to AI control',
        control_mode: 'ai',
      }),
    );
  });
});

describe('the rest of the side panel', () => {
  it('recommends and lists key concerns and the inquiry summary', async () => {
    api.events.mockResolvedValue([]);
    api.get.mockResolvedValue(
      aPerson({
        behavioral_insights: {
          response_patterns: { preferred_contact_method: 'phone' },
          lead_intelligence: { lead_score: 88 },
        },
        current_outreach_state: {
          control_mode: 'ai',
          ai_insights: {
            urgency_level: 'high',
            key_concerns: ['Price'],
            inquiry_summary: 'Wants lip filler before a wedding',
          },
        },
      }),
    );
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    expect(await screen.findByText('Call immediately - High intent lead')).toBeInTheDocument();
    expect(screen.getByText('High Urgency - Contact within 24 hours')).toBeInTheDocument();
    expect(screen.getByText('Price')).toBeInTheDocument();
    expect(screen.getByTestId('inquiry-summary')).toHaveTextContent('Wants lip filler before a wedding');
  });

  it('opens the outcome form with the chosen quick action preselected', async () => {
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Consultation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Schedule Consultation/ })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Time' })).toHaveValue('10:00');
  });

  it('asks the AI about the lead and shows the answer in the panel', async () => {
    const askAi = jest.spyOn(peopleApi, 'askAi').mockResolvedValue({
      answer: 'Sofia asked about Botox prices twice and prefers evenings.',
      grounded: true,
      citations: [],
    });
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    const box = await screen.findByRole('textbox', { name: 'Ask AI about Sofia Marquez…' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await userEvent.type(box, 'What does she want?{Enter}');
    expect(
      await screen.findByText('Sofia asked about Botox prices twice and prefers evenings.'),
    ).toBeInTheDocument();
    expect(askAi).toHaveBeenCalledWith('lead-1', { question: 'What does she want?' });
  });
});

describe('on a window narrower than 1366 px', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('leaves the review box to the lead detail column, where it is visible without opening the panel', async () => {
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: /max-width:\s*1365/.test(query),
    })) as typeof window.matchMedia;
    renderWithAdmin(<LeadSidePanel personId="lead-1" />);
    await screen.findByTestId('lead-side-panel');
    expect(screen.queryByTestId('decision-review')).not.toBeInTheDocument();
  });
});
