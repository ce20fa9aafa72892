import type { TimelineEventDto } from '@pp/contracts';
import { decisionLabel, openDecision } from './decisions';

const review = (
  id: string,
  timestamp: string,
  content_data: Record<string, unknown>,
  event_type = 'pending_review',
): TimelineEventDto => ({
  event_id: id,
  person_id: 'lead-1',
  event_type,
  timestamp,
  session_id: null,
  source_identifier: null,
  content_data,
  event_metadata: {},
});

const decision = (message: string, extra: Record<string, unknown> = {}) => ({
  original_decision: {
    decision_id: `d-${message}`,
    action_type: 'send_sms',
    channel: 'sms',
    message,
    subject: null,
    reasoning: 'Asked about prices',
    ...extra,
  },
});

describe('decisionLabel', () => {
  it.each([
    ['send_sms', 'SMS Ready to Send'],
    ['sms_initial', 'SMS Ready to Send'],
    ['send_email', 'Email Ready to Send'],
    ['email_initial', 'Email Ready to Send'],
    ['schedule_call', 'Call to Schedule'],
    ['phone_call_initial', 'Call to Schedule'],
    ['phone_call_follow_up', 'Call to Schedule'],
    ['wait', 'Action Ready'],
    ['', 'Action Ready'],
    [null, 'Action Ready'],
  ])('labels %p as %p', (actionType, label) => {
    expect(decisionLabel(actionType)).toBe(label);
  });
});

describe('openDecision', () => {
  it('is the newest unresolved pending_review with an original decision', () => {
    const found = openDecision([
      review('old', '2025-03-01T10:00:00Z', decision('older')),
      review('new', '2025-03-02T10:00:00Z', decision('newer')),
      review('sms', '2025-03-03T10:00:00Z', { message: 'not a review' }, 'sms_sent'),
    ]);
    expect(found?.eventId).toBe('new');
    expect(found?.decision).toMatchObject({
      message: 'newer',
      action_type: 'send_sms',
      reasoning: 'Asked about prices',
    });
  });

  it('skips resolved reviews, whether the event or the decision says so', () => {
    expect(
      openDecision([
        review('a', '2025-03-02T10:00:00Z', { ...decision('a'), resolved_at: '2025-03-02T11:00:00Z' }),
        review('b', '2025-03-03T10:00:00Z', decision('b', { resolved_at: '2025-03-03T11:00:00Z' })),
      ]),
    ).toBeNull();
  });

  it('skips reviews without a decision (an escalation waiting for an outcome)', () => {
    expect(openDecision([review('x', '2025-03-02T10:00:00Z', { reason: 'Asked for a human' })])).toBeNull();
    expect(openDecision(undefined)).toBeNull();
  });
});
