import { outboundFacts } from './engine-store';
import { INBOUND_TYPES, TimelineFact } from './insights-rules';

const fact = (event_type: string, at: string, content_data: Record<string, unknown> = {}): TimelineFact => ({
  event_id: `${event_type}-${at}`,
  event_type,
  timestamp: new Date(at),
  session_id: null,
  content_data,
});

describe('outboundFacts', () => {
  it('does not take an out-of-office answer for the lead replying', () => {
    const facts = outboundFacts(
      [
        fact('form_submission', '2026-11-20T10:00:00Z'),
        fact('email_sent', '2026-11-20T10:01:00Z'),
        fact('email_received', '2026-11-20T10:02:00Z', { status: 'auto_reply' }),
      ],
      INBOUND_TYPES,
    );
    expect(facts).toMatchObject({ inbound: 1, outbound: 1, lastInbound: new Date('2026-11-20T10:00:00Z') });
  });

  it('counts a lead’s real e-mail reply', () => {
    const facts = outboundFacts(
      [
        fact('email_sent', '2026-11-20T10:01:00Z'),
        fact('email_received', '2026-11-20T11:00:00Z', { status: 'received' }),
      ],
      INBOUND_TYPES,
    );
    expect(facts).toMatchObject({ inbound: 1, lastInbound: new Date('2026-11-20T11:00:00Z') });
  });
});
