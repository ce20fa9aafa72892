import type { ConsentRecordDto } from '@pp/contracts';
import { consentLedger } from './consent-ledger';

let n = 0;
const record = (overrides: Partial<ConsentRecordDto>): ConsentRecordDto => ({
  consent_id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  channel: 'sms',
  granted: true,
  source: 'website_form',
  page_url: 'https://lakeview.example/contact',
  consent_text: 'I agree to receive texts',
  given_at: '2026-06-01T10:00:00.000Z',
  withdrawn_at: null,
  withdrawn_reason: null,
  ...overrides,
});

const statusOf = (ledger: ReturnType<typeof consentLedger>) =>
  Object.fromEntries(ledger.channels.map((c) => [c.channel, [c.status, c.since]]));

describe('the consent ledger', () => {
  it('reads each channel from its newest record still counting, and none without a record', () => {
    const ledger = consentLedger(
      [
        record({ channel: 'sms', granted: true, given_at: '2026-06-01T10:00:00.000Z' }),
        record({ channel: 'email', granted: false, given_at: '2026-06-01T10:00:00.000Z' }),
        record({ channel: 'email', granted: true, given_at: '2026-06-03T10:00:00.000Z' }),
      ],
      {},
    );
    expect(statusOf(ledger)).toEqual({
      sms: ['granted', '2026-06-01T10:00:00.000Z'],
      email: ['granted', '2026-06-03T10:00:00.000Z'],
      phone: ['none', null],
    });
    expect(ledger.records.map((r) => r.given_at)).toEqual([
      '2026-06-03T10:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
    ]);
  });

  it('shows a refusal, and a channel whose records were all withdrawn as withdrawn since the last', () => {
    const ledger = consentLedger(
      [
        record({ channel: 'phone', granted: false }),
        record({
          channel: 'sms',
          withdrawn_at: '2026-06-05T08:00:00.000Z',
          withdrawn_reason: 'staff_removal',
        }),
        record({
          channel: 'sms',
          given_at: '2026-06-02T10:00:00.000Z',
          withdrawn_at: '2026-06-04T08:00:00.000Z',
          withdrawn_reason: 'sms_keyword',
        }),
      ],
      {},
    );
    expect(statusOf(ledger).phone).toEqual(['refused', '2026-06-01T10:00:00.000Z']);
    expect(statusOf(ledger).sms).toEqual(['withdrawn', '2026-06-05T08:00:00.000Z']);
  });

  it('lets a consent given after a withdrawal (START) count again', () => {
    const ledger = consentLedger(
      [
        record({ withdrawn_at: '2026-06-02T08:00:00.000Z', withdrawn_reason: 'sms_keyword' }),
        record({ source: 'sms_keyword', consent_text: 'START', given_at: '2026-06-03T09:00:00.000Z' }),
      ],
      {},
    );
    expect(statusOf(ledger).sms).toEqual(['granted', '2026-06-03T09:00:00.000Z']);
  });

  it('puts an opt-out above the records: every channel, or e-mail alone after an unsubscribe', () => {
    const records = [record({ channel: 'sms' }), record({ channel: 'email' })];
    expect(statusOf(consentLedger(records, { opted_out: true }))).toEqual({
      sms: ['opted_out', null],
      email: ['opted_out', null],
      phone: ['opted_out', null],
    });
    const unsubscribed = statusOf(consentLedger(records, { email_opted_out: true }));
    expect(unsubscribed.email).toEqual(['opted_out', null]);
    expect(unsubscribed.sms).toEqual(['granted', '2026-06-01T10:00:00.000Z']);
  });
});
