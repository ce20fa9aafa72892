import type { ConsentLedgerDto, ConsentRecordDto } from '@pp/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSelectedPracticeId } from '../../practices/selectedPractice';
import { peopleApi } from '../../providers/peopleApi';
import { ConsentBox } from './ConsentBox';
import { httpFailure, renderWithAdmin } from './testKit';

const consents = jest.spyOn(peopleApi, 'consents');

const record = (changes: Partial<ConsentRecordDto>): ConsentRecordDto => ({
  consent_id: `c-${Math.random()}`,
  channel: 'sms',
  granted: true,
  source: 'website_form',
  page_url: 'https://glow.example/contact',
  consent_text: 'I agree to receive texts about my inquiry',
  given_at: '2026-06-01T12:00:00.000Z',
  withdrawn_at: null,
  withdrawn_reason: null,
  ...changes,
});

const ledger = (changes: Partial<ConsentLedgerDto> = {}): ConsentLedgerDto => ({
  channels: [
    { channel: 'sms', status: 'granted', since: '2026-06-03T12:00:00.000Z' },
    { channel: 'phone', status: 'withdrawn', since: '2026-06-02T12:00:00.000Z' },
    { channel: 'email', status: 'none', since: null },
  ],
  records: [
    record({
      source: 'sms_keyword',
      consent_text: 'START',
      page_url: null,
      given_at: '2026-06-03T12:00:00.000Z',
    }),
    record({
      channel: 'phone',
      withdrawn_at: '2026-06-02T12:00:00.000Z',
      withdrawn_reason: 'sms_keyword',
    }),
  ],
  ...changes,
});

beforeEach(() => consents.mockReset());

describe('ConsentBox', () => {
  it('shows where each channel stands, with the date it came to', async () => {
    consents.mockResolvedValue(ledger());
    renderWithAdmin(<ConsentBox personId="lead-1" />);

    const sms = await screen.findByTestId('consent-sms');
    expect(sms).toHaveTextContent('Texts');
    expect(within(sms).getByText('Consented')).toBeInTheDocument();
    expect(sms).toHaveTextContent('since Jun 3, 2026');
    expect(within(screen.getByTestId('consent-phone')).getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByTestId('consent-email')).toHaveTextContent('E-mailNo record');
    expect(consents).toHaveBeenCalledWith('lead-1', expect.anything());
  });

  it('opens the history: each record with its words, page and how it ended', async () => {
    consents.mockResolvedValue(ledger());
    renderWithAdmin(<ConsentBox personId="lead-1" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Consent history (2)' }));
    const [start, form] = screen.getAllByTestId('consent-record');
    expect(start).toHaveTextContent('Texts consented Jun 3, 2026 by text message');
    expect(start).toHaveTextContent('“START”');
    expect(within(start).queryByRole('link')).toBeNull();
    expect(form).toHaveTextContent('Calls consented Jun 1, 2026 on the website form');
    expect(form).toHaveTextContent('Withdrawn Jun 2, 2026: the lead texted STOP');
    expect(within(form).getByRole('link')).toHaveAttribute('href', 'https://glow.example/contact');
  });

  it('shows what a visitor typed as text, and no link for an address that is not http(s)', async () => {
    consents.mockResolvedValue(
      ledger({
        records: [
          record({
            consent_text: '<img src=x onerror=alert(1)>I agree',
            page_url: 'javascript:alert(1)',
            granted: false,
          }),
        ],
      }),
    );
    const { container } = renderWithAdmin(<ConsentBox personId="lead-1" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Consent history (1)' }));
    const [refused] = screen.getAllByTestId('consent-record');
    expect(refused).toHaveTextContent('Texts refused Jun 1, 2026 on the website form');
    expect(refused).toHaveTextContent('<img src=x onerror=alert(1)>I agree');
    expect(container.querySelector('img')).toBeNull();
    expect(within(refused).queryByRole('link')).toBeNull();
  });

  it('says so when the lead answered no consent question, and shows a failure in place', async () => {
    consents.mockResolvedValueOnce(ledger({ records: [] }));
    const { unmount } = renderWithAdmin(<ConsentBox personId="lead-1" />);
    expect(
      await screen.findByText('No consent recorded: the lead did not answer a consent question.'),
    ).toBeInTheDocument();
    unmount();

    consents.mockRejectedValue(httpFailure(500, 'Failed to fetch the consent ledger'));
    renderWithAdmin(<ConsentBox personId="lead-2" />);
    // After the query's two retries.
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch the consent ledger',
    );
  }, 15_000);

  it("dates consents on the practice's clock", async () => {
    setSelectedPracticeId('practice-1');
    // 02:00 UTC on Jun 3 is 9 PM on Jun 2 in Chicago, where the practice is.
    consents.mockResolvedValue(
      ledger({
        channels: [{ channel: 'sms', status: 'granted', since: '2026-06-03T02:00:00.000Z' }],
        records: [record({ given_at: '2026-06-03T02:00:00.000Z' })],
      }),
    );
    const { unmount } = renderWithAdmin(<ConsentBox personId="lead-1" />, {
      locations: [{ location_id: 'loc-1', name: 'Dallas', timezone: 'America/Chicago', is_primary: true }],
    });
    try {
      expect(await screen.findByText(/since Jun 2, 2026/)).toBeInTheDocument();
    } finally {
      unmount();
      setSelectedPracticeId(null);
    }
  });
});
