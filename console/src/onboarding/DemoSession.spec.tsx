import { act, screen, within } from '@testing-library/react';
import { inProgressSession, json, mockGateway, readySession, renderDemo } from './testKit';

const STATUS = 'GET onboarding/session/demo-42/status';

/**
 * Lets the page's clock run for `ms` (fake timers: the 5 s polling and the retries), then a few more
 * milliseconds for the answers fetched meanwhile to reach the page (a zero-delay timer set while the fake
 * clock ticks is due 1 ms later).
 */
async function elapse(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 5; round++) await act(() => jest.advanceTimersByTimeAsync(1));
}

/** The status answers in order; the last one repeats. */
function statuses(...answers: (() => Response)[]) {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)]();
}

const statusCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === STATUS).length;

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the demo session page (/onboarding-session/{id})', () => {
  it('says there is no session without an id, with a link to start one', async () => {
    const { fetchMock } = mockGateway({});
    renderDemo('/onboarding-session/');

    expect(screen.getByTestId('onboarding-no-session')).toHaveTextContent('No session ID provided.');
    expect(screen.getByRole('link', { name: 'Start a new session' })).toHaveAttribute('href', '/onboarding');
    await elapse(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says it is loading, then shows the header: title, website, upper-case badge and session id', async () => {
    const { fetchMock } = mockGateway({ [STATUS]: inProgressSession('initiated', null) });
    renderDemo('/onboarding-session/demo-42');

    expect(screen.getByTestId('onboarding-loading')).toHaveTextContent(
      'Loading onboarding session status for demo-42...',
    );
    await elapse(0);

    const header = screen.getByTestId('onboarding-header');
    expect(within(header).getByRole('heading', { name: 'Onboarding Status' })).toBeInTheDocument();
    expect(within(header).getByTestId('onboarding-website')).toHaveTextContent('https://glowaesthetics.com');
    expect(within(header).getByTestId('onboarding-status-badge')).toHaveTextContent('INITIATED');
    expect(header).toHaveTextContent('Session ID: demo-42');
    expect(header).toHaveTextContent('This demo stays available until Nov 30, 2026');
    // Public: no token is sent.
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
  });

  it('shows the analysis in progress with its stage and the pages found and read', async () => {
    mockGateway({ [STATUS]: inProgressSession('crawling', { pages_found: 12, pages_processed: 7 }) });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    const card = screen.getByTestId('onboarding-in-progress');
    expect(card).toHaveTextContent('We are currently analyzing your website.');
    expect(card).toHaveTextContent('This might take a few minutes... Current stage: crawling');
    expect(within(card).getByTestId('onboarding-progress')).toHaveTextContent('Pages found: 12 · Read: 7');
    expect(within(card).getByRole('progressbar', { name: 'Analysis progress' })).toHaveAttribute(
      'aria-valuenow',
      '58',
    );
    expect(screen.queryByTestId('onboarding-extracted')).not.toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-voice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-signup')).not.toBeInTheDocument();
  });

  it('says it is looking for pages while none is known yet', async () => {
    mockGateway({ [STATUS]: inProgressSession('initiated', null) });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Looking for pages on your website…');
  });

  it('asks every 5 s while in progress and stops once ready', async () => {
    const { calls } = mockGateway({
      [STATUS]: statuses(
        () => json(inProgressSession('crawling', { pages_found: 3, pages_processed: 0 })),
        () => json(inProgressSession('processing', { pages_found: 12, pages_processed: 7 })),
        () => json(readySession()),
      ),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);
    expect(screen.getByTestId('onboarding-status-badge')).toHaveTextContent('CRAWLING');

    await elapse(4_900);
    expect(statusCalls(calls)).toBe(1);
    await elapse(200);
    expect(statusCalls(calls)).toBe(2);
    expect(screen.getByTestId('onboarding-status-badge')).toHaveTextContent('PROCESSING');
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Pages found: 12 · Read: 7');

    await elapse(5_000);
    expect(statusCalls(calls)).toBe(3);
    expect(screen.getByTestId('onboarding-status-badge')).toHaveTextContent('READY');
    expect(screen.getByTestId('onboarding-extracted')).toBeInTheDocument();

    await elapse(30_000);
    expect(statusCalls(calls)).toBe(3);
  });

  it('shows a failed analysis with its message and a way to start again, and stops asking', async () => {
    const { calls } = mockGateway({
      [STATUS]: readySession({
        status: 'failed',
        extracted_data: null,
        error_message: 'The site refused our visit.',
      }),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    const failed = screen.getByTestId('onboarding-failed');
    expect(failed).toHaveTextContent('Processing Failed');
    expect(failed).toHaveTextContent('The site refused our visit.');
    expect(within(failed).getByRole('link', { name: 'Try again with a new session' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getByTestId('onboarding-status-badge')).toHaveTextContent('FAILED');
    expect(screen.queryByTestId('onboarding-chat')).not.toBeInTheDocument();

    await elapse(20_000);
    expect(statusCalls(calls)).toBe(1);
  });

  it('says an unknown error occurred when a failed session has no message', async () => {
    mockGateway({ [STATUS]: readySession({ status: 'failed', extracted_data: null, error_message: null }) });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    expect(screen.getByTestId('onboarding-failed')).toHaveTextContent(
      'An unknown error occurred during processing.',
    );
  });

  it('shows every extracted item present, with links to the pages they came from', async () => {
    mockGateway({ [STATUS]: readySession() });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    const card = screen.getByTestId('onboarding-extracted');
    expect(within(card).getByRole('heading', { name: 'Analysis Complete!' })).toBeInTheDocument();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.firstChild?.textContent);
    expect(terms).toEqual([
      'Practice Name',
      'About Summary',
      "Doctors' Names",
      'Specialties',
      'Key Services',
      'Address',
      'Phone Number',
      'Email Address',
      'Booking Info',
    ]);
    expect(within(card).getByTestId('extracted-practice_name')).toHaveTextContent('Glow Aesthetics');
    expect(within(card).getByTestId('extracted-doctors_names')).toHaveTextContent(
      'Dr. Maya ChenDr. Luis Ortega',
    );
    expect(within(card).getByTestId('extracted-key_services')).toHaveTextContent('Botox');
    expect(within(card).getByTestId('extracted-email_address')).toHaveTextContent('hello@glowaesthetics.com');

    const address = within(card).getByRole('link', { name: 'Source page for Address' });
    expect(address).toHaveAttribute('href', 'https://glowaesthetics.com/contact');
    expect(address).toHaveAttribute('target', '_blank');
    expect(address).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('link', { name: 'Source page for Practice Name' })).toHaveAttribute(
      'href',
      'https://glowaesthetics.com/',
    );
    // No source known for the phone number: no link.
    expect(
      within(card).queryByRole('link', { name: 'Source page for Phone Number' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new Onboarding Session' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });

  it('leaves out missing items and shows the notes on the summary', async () => {
    mockGateway({
      [STATUS]: readySession({
        extracted_data: {
          practice_name: 'Glow Aesthetics',
          about_summary: '',
          doctors_names: [],
          specialties: null,
          address: '  ',
          error: 'The about page was too short to summarise.',
          warning: 'Only 3 pages could be read.',
        },
        sources: { practice_name: 'javascript:alert(1)' },
      }),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    const card = screen.getByTestId('onboarding-extracted');
    expect(within(card).getAllByRole('term')).toHaveLength(1);
    expect(within(card).queryByText('About Summary')).not.toBeInTheDocument();
    expect(within(card).queryByText("Doctors' Names")).not.toBeInTheDocument();
    expect(within(card).queryByText('Address')).not.toBeInTheDocument();
    // A link that is not http(s) is not a link at all.
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('onboarding-note-error')).toHaveTextContent(
      'Note on Summary: The about page was too short to summarise.',
    );
    expect(screen.getByTestId('onboarding-note-warning')).toHaveTextContent(
      'Note: Only 3 pages could be read.',
    );
  });

  it('renders HTML found on the website as text', async () => {
    mockGateway({
      [STATUS]: readySession({
        extracted_data: {
          practice_name: '<img src=x onerror="alert(1)">Glow',
          about_summary: '<b>Best</b> medspa <script>alert(2)</script>',
        },
      }),
    });
    const { container } = renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    expect(screen.getByTestId('extracted-practice_name')).toHaveTextContent(
      '<img src=x onerror="alert(1)">Glow',
    );
    expect(screen.getByTestId('extracted-about_summary')).toHaveTextContent(
      '<b>Best</b> medspa <script>alert(2)</script>',
    );
    expect(container.querySelector('img[src="x"], b, script')).toBeNull();
  });

  it('says the session is not found on a 404, without asking again', async () => {
    const { calls } = mockGateway({
      [STATUS]: () => json({ detail: 'Demo session not found' }, { status: 404 }),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);

    const error = screen.getByTestId('onboarding-session-error');
    expect(error).toHaveTextContent(
      'Could not load onboarding session: Onboarding session not found. It might have expired or the ID is incorrect.',
    );
    expect(within(error).getByRole('link', { name: 'Try starting a new session' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await elapse(60_000);
    expect(statusCalls(calls)).toBe(1);
  });

  it("retries other failures 3 times, then shows the server's detail and stops", async () => {
    const { calls } = mockGateway({
      [STATUS]: () => json({ detail: 'The demo service is restarting.' }, { status: 503 }),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);
    expect(statusCalls(calls)).toBe(1);
    expect(screen.getByTestId('onboarding-loading')).toBeInTheDocument();

    // Retried after 1 s, 2 s and 4 s; the page keeps saying it is loading meanwhile.
    await elapse(1_000 + 2_000);
    expect(statusCalls(calls)).toBe(3);
    expect(screen.getByTestId('onboarding-loading')).toBeInTheDocument();
    await elapse(4_000);
    expect(statusCalls(calls)).toBe(4);
    expect(screen.getByTestId('onboarding-session-error')).toHaveTextContent(
      'Could not load onboarding session: The demo service is restarting.',
    );

    await elapse(60_000);
    expect(statusCalls(calls)).toBe(4);
  });

  it('recovers when a retry succeeds', async () => {
    mockGateway({
      [STATUS]: statuses(
        () => json({}, { status: 500 }),
        () => json(readySession()),
      ),
    });
    renderDemo('/onboarding-session/demo-42');
    await elapse(0);
    expect(screen.getByTestId('onboarding-loading')).toBeInTheDocument();

    await elapse(1_000);
    expect(screen.getByTestId('onboarding-status-badge')).toHaveTextContent('READY');
    expect(screen.queryByTestId('onboarding-session-error')).not.toBeInTheDocument();
  });

  it.each([
    ['a JSON failure without detail', () => json({}, { status: 500 }), 'Failed to fetch session status.'],
    [
      'a failure that is not JSON',
      () => new Response('<html>oops</html>', { status: 502 }),
      'Network response was not ok',
    ],
  ])('shows the fallback for %s', async (_case, answer, message) => {
    mockGateway({ [STATUS]: answer });
    renderDemo('/onboarding-session/demo-42');

    await elapse(10_000);
    expect(screen.getByTestId('onboarding-session-error')).toHaveTextContent(
      `Could not load onboarding session: ${message}`,
    );
  });
});
