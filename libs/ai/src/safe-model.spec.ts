import type { Understanding } from './model';
import { mergeUnderstandings } from './safe-model';

const reading = (overrides: Partial<Understanding>): Understanding => ({
  reasoning: 'Why.',
  provider: 'built-in',
  model: 'built-in',
  language: 'en',
  intent: 'information',
  intent_confidence: 0.8,
  procedures_of_interest: [],
  urgency_level: 'low',
  key_concerns: [],
  inquiry_summary: 'A lead wrote.',
  escalation: null,
  escalations: [],
  buying_signals: [],
  objections: [],
  budget_indicator: null,
  preferred_contact_method: null,
  preferred_contact_time: null,
  communication_style: 'brief',
  confidence: 0.8,
  ...overrides,
});

const endpoint = (overrides: Partial<Understanding>) =>
  reading({ provider: 'openai-compatible', model: 'm', ...overrides });

describe('mergeUnderstandings', () => {
  it.each(['opt_out', 'spam', 'wrong_number'] as const)(
    'keeps the rules’ %s whatever the endpoint read',
    (intent) => {
      const merged = mergeUnderstandings(reading({ intent }), endpoint({ intent: 'booking' }), []);
      expect(merged.intent).toBe(intent);
    },
  );

  it('keeps the rules’ medical concern when they escalated, but lets the endpoint correct it otherwise', () => {
    const finding = { reason: 'medical_concern' as const, priority: 'high' as const, evidence: 'rash' };
    const escalated = reading({ intent: 'medical_concern', escalation: finding, escalations: [finding] });
    expect(mergeUnderstandings(escalated, endpoint({ intent: 'pricing' }), []).intent).toBe(
      'medical_concern',
    );
    expect(
      mergeUnderstandings(reading({ intent: 'medical_concern' }), endpoint({ intent: 'pricing' }), []).intent,
    ).toBe('pricing');
  });

  it('lets the endpoint raise an opt-out the rules missed', () => {
    expect(
      mergeUnderstandings(reading({ intent: 'pricing' }), endpoint({ intent: 'opt_out' }), []).intent,
    ).toBe('opt_out');
  });

  it('takes the higher urgency and the lower confidence', () => {
    const merged = mergeUnderstandings(
      reading({ urgency_level: 'high', confidence: 0.4 }),
      endpoint({ urgency_level: 'low', confidence: 0.95 }),
      [],
    );
    expect(merged).toMatchObject({ urgency_level: 'high', confidence: 0.4 });
    expect(mergeUnderstandings(reading({}), endpoint({ urgency_level: 'medium' }), []).urgency_level).toBe(
      'medium',
    );
  });

  it('keeps the rules’ procedures when none of the endpoint’s is a catalogue or practice name', () => {
    const merged = mergeUnderstandings(
      reading({ procedures_of_interest: ['Botox'] }),
      endpoint({ procedures_of_interest: ['Glow Ritual Deluxe'] }),
      ['Signature Facial'],
    );
    expect(merged.procedures_of_interest).toEqual(['Botox']);
    expect(
      mergeUnderstandings(reading({}), endpoint({ procedures_of_interest: ['signature facial'] }), [
        'Signature Facial',
      ]).procedures_of_interest,
    ).toEqual(['Signature Facial']);
  });
});
