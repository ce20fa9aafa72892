import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSelectedPracticeId } from '../../practices/selectedPractice';
import { anEvent, renderWithAdmin } from '../detail/testKit';
import { Timeline } from './Timeline';

// Noon today: 'Today' whatever the hour the test runs at (the timeline only looks at the day).
const noon = new Date(new Date().setHours(12, 0, 0, 0)).getTime();
const ago = (minutes: number) => new Date(noon - minutes * 60_000).toISOString();

function renderTimeline(events: ReturnType<typeof anEvent>[]) {
  return renderWithAdmin(<Timeline events={events} isPending={false} error={null} />);
}

describe('Timeline', () => {
  it('groups a web session under Today with its pages, the engaged one marked, and its form', () => {
    renderTimeline([
      anEvent(
        'pageview',
        { url: '/botox', title: 'Botox', duration_seconds: 150 },
        { session_id: 's', timestamp: ago(30) },
      ),
      anEvent(
        'pageview',
        { url: '/book', title: 'Book', duration_seconds: 20 },
        { session_id: 's', timestamp: ago(28) },
      ),
      anEvent('form_submission', { url: '/book#form', form_data: { name: 'Sofia' } }, { timestamp: ago(27) }),
    ]);
    const today = screen.getByRole('region', { name: 'Today' });
    const items = within(today).getAllByTestId('timeline-item');
    expect(items).toHaveLength(1);
    const pages = within(items[0]).getAllByTestId('session-page');
    expect(pages.map((page) => page.getAttribute('data-engaged'))).toEqual(['true', 'false']);
    expect(within(pages[0]).getByText('Engaged')).toBeInTheDocument();
    expect(within(items[0]).getByText('2 pages · 2m 50s on site')).toBeInTheDocument();
    expect(within(within(items[0]).getByTestId('session-form')).getByText('Sofia')).toBeInTheDocument();
  });

  it('shows a merged call with its summary, a collapsible transcript and the recording', async () => {
    renderTimeline([
      anEvent('phone_call_completed', {
        call_sid: 'CA1',
        duration_seconds: 95,
        status: 'completed',
        summary: 'Wants a Friday slot',
        transcript: 'Caller: Hi, do you have Friday?',
        recording_url: 'https://api.twilio.example/rec/CA1.mp3',
      }),
      anEvent('phone_call_received', { call_sid: 'CA1', from_number: '+12145550131' }),
    ]);
    expect(screen.getAllByTestId('timeline-item')).toHaveLength(1);
    expect(screen.getByText('Incoming call')).toBeInTheDocument();
    expect(screen.getByText('(214) 555-0131 · 1m 35s')).toBeInTheDocument();
    expect(screen.getByText('Wants a Friday slot')).toBeInTheDocument();
    expect(screen.queryByText('Caller: Hi, do you have Friday?')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    expect(screen.getByText('Caller: Hi, do you have Friday?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Listen to recording' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('shows messages as bubbles with direction, email subject and the mock marker', () => {
    renderTimeline([
      anEvent('email_sent', { subject: 'Your visit', message: 'See you Friday', mock_execution: true }),
      anEvent('sms_received', { message: 'Thanks!' }),
    ]);
    const [email, sms] = screen.getAllByTestId('timeline-item');
    expect(within(email).getByText('Subject: Your visit')).toBeInTheDocument();
    expect(within(email).getByText('mock')).toBeInTheDocument();
    expect(within(email).getByText('Email sent').closest('[data-direction]')).toHaveAttribute(
      'data-direction',
      'outbound',
    );
    expect(within(sms).getByText('Thanks!').closest('[data-direction]')).toHaveAttribute(
      'data-direction',
      'inbound',
    );
    expect(within(sms).queryByText('mock')).not.toBeInTheDocument();
  });

  it('describes field updates, escalations, appointments and outreach stops, with the AI reasoning', () => {
    renderTimeline([
      anEvent(
        'person_field_updated',
        { field: 'primary_phone', old_value: '+12145550131', new_value: '+14695550100' },
        { event_metadata: { performed_by_name: 'Dana Whitfield' } },
      ),
      anEvent(
        'ai_escalation',
        { reason: 'Asked for a nurse', priority: 'high' },
        { event_metadata: { ai_reasoning: 'Medical question' } },
      ),
      anEvent('appointment_cancelled', { cancelled_start_time: new Date(2025, 2, 4, 14, 30).toISOString() }),
      anEvent('outreach_stopped', { reason: 'Replied STOP' }),
    ]);
    expect(
      screen.getByText('Phone changed from (214) 555-0131 to (469) 555-0100 by Dana Whitfield'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escalated to staff')).toBeInTheDocument();
    expect(screen.getByText('Priority: high')).toBeInTheDocument();
    expect(screen.getByText('AI reasoning: Medical question')).toBeInTheDocument();
    expect(screen.getByText('Appointment cancelled')).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Replied STOP')).toBeInTheDocument();
  });

  it("shows a call staff logged as 'Called Patient', logged (not in progress), with who made it", () => {
    renderTimeline([
      anEvent(
        'phone_call_sent',
        { notes: 'Left a voicemail', channel: 'phone' },
        { event_metadata: { source: 'human_action', performed_by_name: 'Dana Whitfield' } },
      ),
    ]);
    const item = screen.getByTestId('timeline-item');
    expect(within(item).getByText('Called Patient')).toBeInTheDocument();
    expect(within(item).getByTestId('call-status')).toHaveTextContent('Logged');
    expect(within(item).queryByText('In progress')).not.toBeInTheDocument();
    expect(within(item).queryByText('Outgoing call')).not.toBeInTheDocument();
    expect(within(item).getByText('by Dana Whitfield')).toBeInTheDocument();
    expect(within(item).getByText('Left a voicemail')).toBeInTheDocument();
  });

  it("gives activity times: 'Just now', hours under 24, days under 7, else a date (the moment on hover)", () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    renderTimeline([
      anEvent('outreach_stopped', { reason: 'a' }, { timestamp: hoursAgo(0.2) }),
      anEvent('outreach_stopped', { reason: 'b' }, { timestamp: hoursAgo(5) }),
      anEvent('outreach_stopped', { reason: 'c' }, { timestamp: hoursAgo(24 * 3 + 1) }),
      anEvent('outreach_stopped', { reason: 'd' }, { timestamp: new Date(2025, 2, 4, 14, 30).toISOString() }),
    ]);
    const times = screen.getAllByTestId('timeline-item').map((item) => item.querySelector('time'));
    expect(times.map((time) => time?.textContent)).toEqual(['Just now', '5 h ago', '3 d ago', 'Mar 4, 2025']);
    expect(times[3]).toHaveAttribute('title', 'Mar 4, 2:30 PM');
    expect(screen.queryByText(/\d:\d\d (AM|PM)$/)).not.toBeInTheDocument();
  });

  it("says why the activity could not be loaded, and asks again on 'Try again'", async () => {
    const onRetry = jest.fn();
    renderWithAdmin(
      <Timeline
        events={undefined}
        isPending={false}
        error={new Error('The people service is not answering')}
        onRetry={onRetry}
      />,
    );
    const failed = screen.getByTestId('timeline-failed');
    expect(failed).toHaveTextContent('The people service is not answering');
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps showing the other entries when one of them cannot be rendered', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = anEvent('outreach_stopped', { reason: 'fine' });
    // An entry whose data breaks its view (a getter that throws stands for any unexpected shape).
    const poisoned = anEvent('appointment_scheduled', {});
    Object.defineProperty(poisoned.content_data, 'start_time', {
      get() {
        throw new Error('unexpected shape');
      },
    });
    renderTimeline([broken, poisoned]);
    expect(screen.getByText(/^fine$/i)).toBeInTheDocument();
    expect(screen.getByTestId('section-failed')).toHaveTextContent('This part could not be shown.');
  });
});

describe("the timeline on the practice's clock", () => {
  // 00:30 UTC on Nov 25 is 6:30 PM on Nov 24 in Chicago, where the practice is: the browser's day (UTC, Tokyo…)
  // has turned, the practice's has not.
  const DALLAS = { location_id: 'loc-dallas', name: 'Dallas', timezone: 'America/Chicago', is_primary: true };
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-25T00:30:00.000Z') });
    setSelectedPracticeId('practice-1');
  });
  afterEach(() => {
    jest.useRealTimers();
    setSelectedPracticeId(null);
  });

  it('groups days, dates old entries and shows moments on the practice’s clock', async () => {
    renderWithAdmin(
      <Timeline
        events={[
          anEvent('sms_received', { message: 'See you soon' }, { timestamp: '2026-11-24T23:30:00.000Z' }),
          anEvent(
            'scheduled_action',
            { action_type: 'send_sms', start_time: '2026-11-25T15:00:00.000Z' },
            { timestamp: '2026-11-24T23:00:00.000Z' },
          ),
          anEvent('outreach_stopped', { reason: 'late' }, { timestamp: '2026-11-24T05:30:00.000Z' }),
          anEvent('outreach_stopped', { reason: 'old' }, { timestamp: '2026-11-15T03:00:00.000Z' }),
          anEvent(
            'form_submission',
            { url: '/contact', form_data: { name: 'Ana' } },
            { timestamp: '2026-11-15T02:00:00.000Z' },
          ),
        ]}
        isPending={false}
        error={null}
      />,
      { locations: [DALLAS] },
    );

    // The message's moment on the practice's clock: 5:30 PM in Chicago (named CST unless the browser is there
    // too). Once it reads so, the practice's locations, and so its clock, are in.
    await waitFor(() =>
      expect(
        screen.getByText('See you soon').closest('[data-direction]')?.querySelector('[title]'),
      ).toHaveAttribute('title', expect.stringMatching(/^Nov 24, 5:30\sPM( CST)?$/)),
    );
    // Nov 24, 5:30 PM in Chicago is today there (yesterday in UTC).
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('See you soon')).toBeInTheDocument();
    // A scheduled action's start on the practice's clock: 9:00 AM in Chicago.
    expect(within(today).getByText(/Nov 25, 9:00\sAM/)).toBeInTheDocument();

    // 11:30 PM on Nov 23 in Chicago (Nov 24 in UTC) is yesterday's.
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByText(/^late$/i)).toBeInTheDocument();
    expect(within(yesterday).getByText('19 h ago')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Nov 23, 11:30\sPM( CST)?$/),
    );

    // Ten days old: dated on the practice's clock, Nov 14 (Nov 15 in UTC and in Tokyo): the stop, and the visit
    // with its form.
    const older = screen.getByRole('region', { name: 'Saturday, November 14' });
    expect(within(older).getAllByText('Nov 14, 2026', { selector: 'time' })).toHaveLength(2);
    expect(within(older).getByTestId('session-form')).toHaveTextContent('Nov 14, 2026');
  });
});
