import type { EscalationReason, Intent } from '@pp/contracts';
import type { Understanding } from '../src';
import { score, type Fixture, type FixtureInquiry } from './metrics';

/** What the eval counts of the escalations a reading lets go by (pure: hand-made labels and readings). */
describe('the escalations missed', () => {
  const inquiry = (id: string, intent: Intent, escalation: EscalationReason | null): FixtureInquiry => ({
    id,
    channel: 'sms',
    text: id,
    expected: { intent, procedures: [], urgency: 'medium', language: 'en', escalation },
  });
  const reading = (intent: Intent, escalation: EscalationReason | null, confidence: number) =>
    ({
      intent,
      urgency_level: 'medium',
      language: 'en',
      procedures_of_interest: [],
      escalation: escalation && { reason: escalation, priority: 'high', evidence: '' },
      confidence,
    }) as unknown as Understanding;

  const fixture = {
    practice: {},
    inquiries: [
      inquiry('found', 'medical_concern', 'post_treatment_symptoms'),
      inquiry('missed but held for review', 'medical_concern', 'medical_concern'),
      inquiry('missed and answered', 'complaint', 'complaint'),
      inquiry('context-less, answered', 'booking', 'low_confidence'),
      inquiry('nobody needed', 'pricing', null),
    ],
  } as unknown as Fixture;
  const readings = [
    reading('medical_concern', 'post_treatment_symptoms', 0.9),
    reading('information', null, 0.55),
    reading('information', null, 0.92),
    reading('booking', null, 0.85),
    reading('pricing', null, 0.95),
  ];

  it('counts every labelled escalation not made, those a person must handle, and those whose reply would go', () => {
    expect(score(fixture, readings).escalationsMissed).toEqual({
      all: 3,
      mustEscalate: 2,
      mustEscalateLabelled: 3,
      unreviewed: 2,
    });
  });

  it('counts a miss read as an opt-out as no reply sent', () => {
    const optedOut = [...readings];
    optedOut[2] = reading('opt_out', null, 0.99);
    expect(score(fixture, optedOut).escalationsMissed.unreviewed).toBe(1);
  });
});
