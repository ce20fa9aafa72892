import { REVIEW_BELOW_CONFIDENCE } from '@pp/ai';
import { lowConfidenceReview, requiresReview, silentNumberReview } from './automation-rules';

describe('what the automation level lets the AI send', () => {
  it.each([
    ['manual', true, true],
    ['manual', false, true],
    ['semi_auto', true, true],
    ['semi_auto', false, false],
    ['full_auto', true, false],
    ['full_auto', false, false],
  ] as const)('%s, first contact %s: review %s', (level, first, review) => {
    expect(requiresReview(level, first)).toBe(review);
  });

  it('holds a reply the AI is not sure of for review, whatever the level, and says why', () => {
    expect(lowConfidenceReview(0.59)).toMatch(/^Low confidence \(59%\): /);
    expect(lowConfidenceReview(REVIEW_BELOW_CONFIDENCE - 0.01)).not.toBeNull();
    expect(lowConfidenceReview(0.42)).toContain('a person approves this reply before it goes');
    expect(lowConfidenceReview(REVIEW_BELOW_CONFIDENCE)).toBeNull();
    expect(lowConfidenceReview(0.95)).toBeNull();
    // A plan without a reading (a reminder, a first contact without a message) is not held for it.
    expect(lowConfidenceReview(undefined)).toBeNull();
  });

  it('calls a number typed into a form only with staff approval, and texts it once a day until it writes or calls', () => {
    const silent = (textsOrCallsToday: number) => ({ vouched: false, textsOrCallsToday });
    expect(silentNumberReview('phone', silent(0))).toMatch(/^This number has never texted or called/);
    expect(silentNumberReview('sms', silent(0))).toBeNull();
    expect(silentNumberReview('sms', silent(1))).toContain('a person approves another text');
    // The number's owner wrote or called, or staff entered it: the automation level decides alone.
    expect(silentNumberReview('phone', { vouched: true, textsOrCallsToday: 3 })).toBeNull();
    expect(silentNumberReview('sms', { vouched: true, textsOrCallsToday: 3 })).toBeNull();
    // E-mail reaches an address, not a number; a lead without a phone has no number facts.
    expect(silentNumberReview('email', silent(5))).toBeNull();
    expect(silentNumberReview('sms', undefined)).toBeNull();
  });
});
