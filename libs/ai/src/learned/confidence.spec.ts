import { ESCALATION_REASONS, INTENTS, type Intent } from '@pp/contracts';
import { understandInquiry } from '../builtin/understand/understand';
import {
  calibratedConfidence,
  checkCalibration,
  CONFIDENCE_FEATURES,
  confidenceFeatures,
  fitConfidence,
  type ConfidenceCalibration,
  type ConfidenceSignals,
} from './confidence';
import type { LearnedReading } from './learned-reader';

const signals = (overrides: Partial<ConfidenceSignals> = {}): ConfidenceSignals => ({
  intent: 'pricing',
  blended: 0.8,
  rules: 0.85,
  agree: true,
  reader: 0.75,
  readerTop: 0.75,
  nearEscalation: 0.1,
  embedded: true,
  procedure: true,
  words: 12,
  ...overrides,
});

/** `count` readings with these signals, `right` of them read right. */
const rows = (count: number, right: number, overrides: Partial<ConfidenceSignals>) =>
  Array.from({ length: count }, (_, index) => ({ signals: signals(overrides), right: index < right }));

describe('the calibrated confidence', () => {
  it('learns how often readings like these are right', () => {
    // Readings on which rules and reader agree are right 9 times in 10; those on which they disagree, half the time.
    const calibration = fitConfidence([
      ...rows(200, 180, { agree: true, blended: 0.8 }),
      ...rows(200, 100, { agree: false, blended: 0.5, rules: 0.7, reader: 0.4 }),
    ]);
    expect(calibratedConfidence(calibration, signals({ agree: true, blended: 0.8 }))).toBeCloseTo(0.9, 1);
    expect(
      calibratedConfidence(calibration, signals({ agree: false, blended: 0.5, rules: 0.7, reader: 0.4 })),
    ).toBeCloseTo(0.5, 1);
  });

  it('describes a reading by features within [0, 1], however long the message or near an escalation', () => {
    const features = confidenceFeatures(signals({ words: 5000, nearEscalation: 7, intent: 'booking' }));
    expect(features).toHaveLength(CONFIDENCE_FEATURES.length);
    expect(Math.max(...features)).toBeLessThanOrEqual(1);
    expect(Math.min(...features)).toBeGreaterThanOrEqual(0);
    expect(features[CONFIDENCE_FEATURES.indexOf('intent:booking')]).toBe(1);
    expect(features[CONFIDENCE_FEATURES.indexOf('intent:pricing')]).toBe(0);
  });

  it('refuses weights written for other features', () => {
    const stale: ConfidenceCalibration = { features: ['blended'], weights: [1], bias: 0 };
    expect(() => checkCalibration(stale)).toThrow('run npm run train:ai');
  });
});

/** A reading sure of one intent, no person needed, carrying a calibration. */
function reading(intent: Intent, calibration?: ConfidenceCalibration): LearnedReading {
  const intents = Object.fromEntries(INTENTS.map((name) => [name, name === intent ? 0.9 : 0.1 / 11]));
  const escalations = Object.fromEntries(ESCALATION_REASONS.map((name) => [name, 0]));
  return {
    intents: intents as LearnedReading['intents'],
    escalations: { ...escalations, none: 1 } as LearnedReading['escalations'],
    mustEscalate: 0.01,
    likelyReason: 'complaint',
    threshold: 0.3,
    embedded: true,
    calibration,
  };
}

const request = {
  channel: 'form' as const,
  text: 'How much is Botox for the forehead?',
  practiceProcedures: ['Botox'],
};

describe('a reading’s confidence in the product', () => {
  const flat = (bias: number): ConfidenceCalibration => ({
    features: [...CONFIDENCE_FEATURES],
    weights: CONFIDENCE_FEATURES.map(() => 0),
    bias,
  });

  it('is the calibrated probability when the learned reading carries a calibration', () => {
    const sure = understandInquiry(request, reading('pricing', flat(2)));
    expect(sure.confidence).toBeCloseTo(0.88, 2);
    expect(sure.escalation).toBeNull();
  });

  it('hands a reading more likely wrong than right to a person', () => {
    const unsure = understandInquiry(request, reading('pricing', flat(-2)));
    expect(unsure.confidence).toBeCloseTo(0.12, 2);
    expect(unsure.escalation?.reason).toBe('low_confidence');
  });

  it('is the blend’s share without one, and the rules’ alone without a reading', () => {
    const blended = understandInquiry(request, reading('pricing')).confidence;
    expect(blended).toBeGreaterThan(0.8);
    expect(understandInquiry(request).confidence).toBeGreaterThan(0.8);
  });

  it('leaves a message a person must see as the rules read it', () => {
    const symptom = { ...request, text: 'My lip turned white and hurts after filler yesterday' };
    const understood = understandInquiry(symptom, reading('pricing', flat(-2)));
    expect(understood.escalation?.reason).toBe('post_treatment_symptoms');
    expect(understood.confidence).toBe(understandInquiry(symptom).confidence);
  });
});
