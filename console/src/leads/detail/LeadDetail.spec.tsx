import { normalizeUsPhone, type PersonDto } from '@pp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi } from '../../providers/peopleApi';
import { LeadDetail } from './LeadDetail';
import { aPerson, anEvent, httpFailure, renderWithAdmin } from './testKit';

const api = {
  get: jest.spyOn(peopleApi, 'get'),
  events: jest.spyOn(peopleApi, 'events'),
  update: jest.spyOn(peopleApi, 'update'),
  markSeen: jest.spyOn(peopleApi, 'markSeen'),
  consents: jest.spyOn(peopleApi, 'consents'),
};

/** The server's copy of the lead: PATCH changes it (phones stored normalised), GET reads it. */
let stored: PersonDto;

beforeEach(() => {
  jest.clearAllMocks();
  stored = aPerson();
  api.get.mockImplementation(async () => stored);
  api.events.mockResolvedValue([]);
  api.markSeen.mockResolvedValue(undefined);
  api.consents.mockResolvedValue({ channels: [], records: [] });
  api.update.mockImplementation(async (_id, changes) => {
    const phone = changes.primary_phone ? { primary_phone: normalizeUsPhone(changes.primary_phone) } : {};
    stored = { ...stored, ...changes, ...phone };
    return stored;
  });
});

afterEach(() => jest.useRealTimers());

const editButton = (name: string) => screen.getByRole('button', { name: `Edit ${name}` });

describe('LeadDetail', () => {
  it("says 'No Lead Selected' when nothing is selected", () => {
    renderWithAdmin(<LeadDetail personId={null} />);
    expect(screen.getByText('No Lead Selected')).toBeInTheDocument();
    expect(screen.getByText('Select a lead from the sidebar to view details')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('marks an unseen lead seen once per opening, even when the lead is refetched', async () => {
    api.get.mockResolvedValue(aPerson({ is_unseen: true }));
    const { queryClient } = renderWithAdmin(<LeadDetail personId="lead-1" />);
    await waitFor(() => expect(api.markSeen).toHaveBeenCalledTimes(1));
    // Marking seen changes only the flag: set in the cache, no second GET of the lead or its events.
    await waitFor(() =>
      expect(queryClient.getQueryData<PersonDto>(['person', 'lead-1'])?.is_unseen).toBe(false),
    );
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.events).toHaveBeenCalledTimes(1);
    // A refetch that still says unseen (the server is behind) must not post again.
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(api.markSeen).toHaveBeenCalledTimes(1);
    expect(api.markSeen).toHaveBeenCalledWith('lead-1');
  });

  it('does not post seen for a lead without unseen activity', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await screen.findByTestId('lead-detail');
    expect(api.markSeen).not.toHaveBeenCalled();
  });

  it('shows the phone formatted', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    expect(await screen.findByText('(214) 555-0131')).toBeInTheDocument();
  });
});

describe('long values', () => {
  it('cuts a long e-mail with an ellipsis and shows the whole of it on hover', async () => {
    const email = 'alexandra.konstantinopoulou-vanderberg@very-long-practice-domain.example';
    stored = aPerson({ primary_email: email });
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const shown = await screen.findByRole('button', { name: 'Edit Email' });
    expect(shown).toHaveAttribute('title', email);
    expect(shown).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  });
});

describe('inline editing', () => {
  it('shows the spec message for an invalid phone and does not save it', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '555-1234{Enter}');

    expect(await screen.findByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.update).not.toHaveBeenCalled();
  });

  it('saves a valid phone as typed, shows success for 2 seconds and the formatted number', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(input);
    await user.type(input, '469 555 0100{Enter}');

    expect(await screen.findByText('Phone saved successfully')).toBeInTheDocument();
    expect(api.update).toHaveBeenCalledWith('lead-1', { primary_phone: '469 555 0100' });
    expect(screen.getByText('(469) 555-0100')).toBeInTheDocument();
    expect(screen.getByTestId('inline-primary_phone')).toHaveAttribute('data-status', 'valid');

    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByText('Phone saved successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Phone saved successfully')).not.toBeInTheDocument();
    expect(screen.getByTestId('inline-primary_phone')).toHaveAttribute('data-status', 'idle');
  });

  it('capitalises names per word and saves on blur', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Last name' }));
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'de la cruz');
    expect(input).toHaveValue('De La Cruz');
    await userEvent.tab();

    await waitFor(() => expect(api.update).toHaveBeenCalledWith('lead-1', { last_name: 'De La Cruz' }));
    expect(await screen.findByText('Last name saved successfully')).toBeInTheDocument();
  });

  it("requires the first name: 'First name is required'", async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit First name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'First name' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
  });

  it('skips the save when the value is unchanged', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Email' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Edit Email' })).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
    expect(screen.queryByText('Email saved successfully')).not.toBeInTheDocument();
  });

  it('cancels with Escape and keeps the old value', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'new@mail.example{Escape}');
    expect(editButton('Email')).toHaveTextContent('sofia.marquez@mail.example');
    expect(api.update).not.toHaveBeenCalled();
  });

  it("says 'Failed to save. Please try again.' when the save fails, never the server's raw detail", async () => {
    api.update.mockRejectedValueOnce(httpFailure(422, 'value too long for type character varying(255)'));
    api.update.mockRejectedValueOnce(httpFailure(500));
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@mail.example{Enter}');
    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/character varying/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'x{Enter}');
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument();
  });

  it('shows success as soon as the save landed, even while the refresh after it is still running', async () => {
    // The refresh that follows a save (and every live update after it) refetches the lead; on a busy
    // machine those refetches can take long or be restarted again and again. The field must not wait.
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await screen.findByRole('button', { name: 'Edit Phone' });
    api.get.mockImplementation(() => new Promise<PersonDto>(() => undefined)); // never answers
    api.events.mockImplementation(() => new Promise(() => undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '469 555 0100{Enter}');

    expect(await screen.findByText('Phone saved successfully')).toBeInTheDocument();
    expect(screen.getByText('(469) 555-0100')).toBeInTheDocument();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2)); // the refresh did start
  });
});

describe('the rest of the detail', () => {
  it('saves the stage on selection', async () => {
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const stage = await screen.findByRole('combobox', { name: 'Stage' });
    await userEvent.selectOptions(stage, 'Scheduled');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('lead-1', { stage: 'Scheduled' }));
    expect(await screen.findByText('Stage saved successfully')).toBeInTheDocument();
  });

  it('shows the Lead Intelligence facts with the conversion colour', async () => {
    api.get.mockResolvedValue(
      aPerson({
        behavioral_insights: JSON.stringify({
          lead_intelligence: { lead_score: 82.4, conversion_probability: 0.72, budget_indicator: 'High' },
          conversation_analysis: { engagement_level: 'Very engaged' },
          response_patterns: { preferred_contact_method: 'sms' },
        }),
        current_outreach_state: { control_mode: 'ai', ai_insights: { intent_classification: 'Booking' } },
      }),
    );
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const box = await screen.findByTestId('lead-intelligence');
    for (const text of ['82/100', 'Very engaged', 'sms', 'Booking', 'High', 'Today']) {
      expect(within(box).getByText(text)).toBeInTheDocument();
    }
    // 0.72 is at or above 0.7: green (the theme's success colour).
    expect(getComputedStyle(within(box).getByText('72%')).color).toBe('rgb(46, 125, 50)');
  });

  it('opens Behavioral Insights with every field', async () => {
    api.get.mockResolvedValue(
      aPerson({
        behavioral_insights: {
          response_patterns: { communication_style: 'Direct', preferred_contact_time: 'Evenings' },
          conversation_analysis: {
            engagement_score: 77,
            buying_signals: ['Asked for prices'],
            detected_objections: ['Cost'],
            conversation_stage: 'Consideration',
          },
          lead_intelligence: { predicted_objections: [{ objection_type: 'Downtime', likelihood: 0.6 }] },
          calculated_metrics: { total_sessions: 3, total_pages_viewed: 12, total_time_on_site: 840 },
          confidence_score: 0.85,
          last_analysis_at: new Date(2025, 2, 4, 14, 30).toISOString(),
        },
      }),
    );
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const toggle = await screen.findByRole('button', { name: 'Behavioral Insights' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const block = screen.getByTestId('behavioral-insights');
    for (const text of [
      'Direct',
      '77',
      'Asked for prices',
      'Cost',
      'Downtime (60% likelihood)',
      'Consideration',
      'Evenings',
      'Sessions: 3 · Pages: 12 · Minutes: 14',
      '85%',
      'Mar 4, 2:30 PM',
    ]) {
      expect(within(block).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows enrichment with safe social links only', async () => {
    api.get.mockResolvedValue(
      aPerson({
        enrichment_data: {
          age: 34,
          location: 'Dallas, TX',
          title: 'Nurse',
          organization: 'Baylor',
          education: [{ degree: 'BSN', name: 'UT Austin' }],
          linkedin: 'https://www.linkedin.com/in/sofia',
          details: { profiles: { twitter: { url: 'javascript:alert(1)' } } },
        },
      }),
    );
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    expect(await screen.findByText('34 years old · Dallas, TX · Nurse at Baylor')).toBeInTheDocument();
    expect(screen.getByText('Education: BSN, UT Austin')).toBeInTheDocument();
    const linkedin = screen.getByRole('link', { name: 'LinkedIn' });
    expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/in/sofia');
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Twitter' })).not.toBeInTheDocument();
  });

  it('shows the lead’s initials, never loading the enrichment’s remote avatar', async () => {
    api.get.mockResolvedValue(
      aPerson({ enrichment_data: { avatar: 'https://images.tracker.example/sofia.jpg' } }),
    );
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const header = await screen.findByTestId('lead-header');
    expect(within(header).getByText('SM')).toBeInTheDocument();
    expect(header.querySelector('img')).toBeNull();
  });

  it("says 'No activity yet for this lead' when the timeline is empty", async () => {
    api.events.mockResolvedValue([anEvent('pending_review', { original_decision: { message: 'x' } })]);
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    expect(await screen.findByText('No activity yet for this lead')).toBeInTheDocument();
  });

  it('renders what a lead typed as text, never as markup', async () => {
    api.events.mockResolvedValue([
      anEvent('sms_received', { message: '<script>alert(1)</script><b>bold</b>' }),
      anEvent('form_submission', { url: '/contact', form_data: { note: '<img src=x onerror=alert(2)>' } }),
    ]);
    const { container } = renderWithAdmin(<LeadDetail personId="lead-1" />);
    expect(await screen.findByText('<script>alert(1)</script><b>bold</b>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(2)>')).toBeInTheDocument();
    expect(container.querySelector('script, b, img')).toBeNull();
  });

  it('shows the escalation panel only while an outcome is required', async () => {
    api.get.mockResolvedValue(aPerson({ pending_review_type: 'escalate' }));
    api.events.mockResolvedValue([
      anEvent('ai_escalation', { reason: 'Asked to talk to a nurse', priority: 'high' }),
    ]);
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    expect(await screen.findByText('ESCALATION OUTCOME REQUIRED')).toBeInTheDocument();
    expect(await screen.findAllByText('Asked to talk to a nurse')).not.toHaveLength(0);
  });
});

describe('the AI decision review on a window narrower than 1366 px', () => {
  const original = window.matchMedia;
  const narrow = (query: string) => ({ ...original(query), matches: /max-width:\s*1365/.test(query) });
  const pending = anEvent('pending_review', {
    original_decision: { action_type: 'send_sms', channel: 'sms', message: 'Hi Sofia, Friday works.' },
  });
  beforeEach(() => {
    window.matchMedia = narrow as typeof window.matchMedia;
    api.events.mockResolvedValue([pending]);
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it("shows the draft with 'Approve & Send' in the detail column itself, and approves with one click", async () => {
    const approve = jest.spyOn(peopleApi, 'approveDecision').mockResolvedValue(undefined);
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    const box = await screen.findByTestId('decision-review');
    expect(within(screen.getByTestId('lead-detail')).getByTestId('decision-review')).toBe(box);
    expect(box).toHaveTextContent('Hi Sofia, Friday works.');
    await userEvent.click(within(box).getByRole('button', { name: 'Approve & Send' }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith('lead-1'));
  });

  it('leaves the review to the side panel on a wide window', async () => {
    window.matchMedia = original;
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await screen.findByTestId('lead-detail');
    await waitFor(() => expect(api.events).toHaveBeenCalled());
    expect(screen.queryByTestId('decision-review')).not.toBeInTheDocument();
  });

  it('shows no review while the next action is already scheduled', async () => {
    stored = aPerson({ next_scheduled_action: new Date(Date.now() + 3_600_000).toISOString() });
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    await screen.findByTestId('lead-detail');
    await waitFor(() => expect(api.events).toHaveBeenCalled());
    expect(screen.queryByTestId('decision-review')).not.toBeInTheDocument();
  });
});

describe('a lead that cannot be loaded', () => {
  it('says why and offers to try again, showing the lead once it answers', async () => {
    api.get.mockRejectedValue(httpFailure(504, 'The people service did not answer in time.'));
    renderWithAdmin(<LeadDetail personId="lead-1" />);
    // The person query retries twice before it gives up (docs/product/leads.md#caching).
    expect(
      await screen.findByText('The people service did not answer in time.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    api.get.mockImplementation(async () => stored);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('lead-detail')).toBeInTheDocument();
  }, 20_000);
});
