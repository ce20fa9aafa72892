import type { ScoreFactorKey } from '@pp/contracts';
import type { ScoreInput } from '../model';
import { SCORE_WEIGHTS, scoreLead } from './lead-score';

const now = '2025-03-10T12:00:00Z';
const base: ScoreInput = {
  intent: 'information',
  urgency: 'medium',
  procedureValue: null,
  engagement: { inboundMessages: 1, outboundMessages: 0, sessions: 1, pagesViewed: 3, secondsOnSite: 120 },
  lastInboundAt: '2025-03-10T11:30:00Z',
  now,
  reachability: { phone: true, email: true, optedOut: false },
  buyingSignals: [],
};

const factor = (input: Partial<ScoreInput>, key: ScoreFactorKey) => {
  const found = scoreLead({ ...base, ...input }).factors.find((f) => f.factor === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};

describe('scoreLead', () => {
  it('has the seven factors, with weights adding up to 100', () => {
    const score = scoreLead(base);
    expect(score.factors.map((f) => f.factor)).toEqual([
      'intent',
      'urgency',
      'procedure_value',
      'engagement',
      'recency',
      'reachability',
      'buying_signals',
    ]);
    expect(score.factors.reduce((s, f) => s + f.weight, 0)).toBe(100);
    expect(Object.values(SCORE_WEIGHTS).reduce((s, w) => s + w, 0)).toBe(100);
  });

  it('explains itself: contribution = weight × value to one decimal, the score their rounded sum', () => {
    const score = scoreLead({
      ...base,
      intent: 'pricing',
      procedureValue: 2500,
      buyingSignals: ['asked about dates'],
    });
    for (const f of score.factors) {
      expect(f.value).toBeGreaterThanOrEqual(0);
      expect(f.value).toBeLessThanOrEqual(1);
      expect(f.contribution).toBeCloseTo(Math.round(f.weight * f.value * 10) / 10, 5);
      expect(f.explanation.length).toBeGreaterThan(3);
      expect(f.label.length).toBeGreaterThan(3);
    }
    expect(score.lead_score).toBe(Math.round(score.factors.reduce((s, f) => s + f.contribution, 0)));
  });

  it('intent: booking beats pricing beats information beats a complaint', () => {
    const v = (intent: ScoreInput['intent']) => factor({ intent }, 'intent').value;
    expect(v('booking')).toBe(1);
    expect(v('booking')).toBeGreaterThan(v('pricing'));
    expect(v('pricing')).toBeGreaterThan(v('information'));
    expect(v('information')).toBeGreaterThan(v('complaint'));
    expect(factor({ intent: 'booking' }, 'intent').explanation).toBe('Wants to book');
  });

  it('urgency: high 1, medium 0.6, low 0.25', () => {
    expect(factor({ urgency: 'high' }, 'urgency').value).toBe(1);
    expect(factor({ urgency: 'medium' }, 'urgency').value).toBe(0.6);
    expect(factor({ urgency: 'low' }, 'urgency').value).toBe(0.25);
  });

  it('procedure value grows with the price on a log scale; unknown is middling', () => {
    expect(factor({ procedureValue: null }, 'procedure_value')).toMatchObject({
      value: 0.4,
      explanation: 'Procedure price unknown',
    });
    const low = factor({ procedureValue: 150 }, 'procedure_value').value;
    const mid = factor({ procedureValue: 1000 }, 'procedure_value').value;
    const high = factor({ procedureValue: 12000 }, 'procedure_value');
    expect(low).toBeLessThan(mid);
    expect(mid).toBeLessThan(high.value);
    expect(high.value).toBe(1);
    expect(high.explanation).toBe('High-value procedure (up to $12,000)');
  });

  it('engagement adds messages, visits, pages and time on site, and says so', () => {
    const none = factor(
      {
        engagement: {
          inboundMessages: 0,
          outboundMessages: 2,
          sessions: 0,
          pagesViewed: 0,
          secondsOnSite: 0,
        },
      },
      'engagement',
    );
    expect(none).toMatchObject({ value: 0, explanation: 'No engagement yet' });
    const some = factor({}, 'engagement');
    expect(some.value).toBeGreaterThan(0);
    expect(some.explanation).toBe('1 message, 1 website visit, 3 pages viewed, 2 min on site');
    const lots = factor(
      {
        engagement: {
          inboundMessages: 9,
          outboundMessages: 9,
          sessions: 9,
          pagesViewed: 90,
          secondsOnSite: 9000,
        },
      },
      'engagement',
    );
    expect(lots.value).toBe(1);
  });

  it('recency halves every three days', () => {
    expect(factor({ lastInboundAt: now }, 'recency').value).toBe(1);
    expect(factor({ lastInboundAt: '2025-03-07T12:00:00Z' }, 'recency')).toMatchObject({
      value: 0.5,
      explanation: 'Last message 3 days ago',
    });
    expect(factor({ lastInboundAt: '2025-02-08T12:00:00Z' }, 'recency').value).toBeLessThan(0.01);
    expect(factor({ lastInboundAt: null }, 'recency').value).toBe(0);
  });

  it('reachability: both channels best, phone before email, none 0', () => {
    const r = (phone: boolean, email: boolean) =>
      factor({ reachability: { phone, email, optedOut: false } }, 'reachability').value;
    expect(r(true, true)).toBe(1);
    expect(r(true, false)).toBe(0.8);
    expect(r(false, true)).toBe(0.6);
    expect(r(false, false)).toBe(0);
  });

  it('buying signals count up to three', () => {
    expect(factor({ buyingSignals: [] }, 'buying_signals').value).toBe(0);
    expect(factor({ buyingSignals: ['a'] }, 'buying_signals').value).toBe(0.5);
    expect(factor({ buyingSignals: ['a', 'b'] }, 'buying_signals').value).toBe(0.8);
    expect(factor({ buyingSignals: ['a', 'b', 'c', 'd'] }, 'buying_signals')).toMatchObject({
      value: 1,
      explanation: 'Buying signals: a, b, c',
    });
  });

  it('a hot lead scores high with a high conversion probability, a cold one low', () => {
    const hot = scoreLead({
      ...base,
      intent: 'booking',
      urgency: 'high',
      procedureValue: 9000,
      engagement: {
        inboundMessages: 3,
        outboundMessages: 2,
        sessions: 3,
        pagesViewed: 12,
        secondsOnSite: 900,
      },
      lastInboundAt: now,
      buyingSignals: ['wants a date', 'asked about financing', 'ready this month'],
    });
    const cold = scoreLead({
      ...base,
      intent: 'information',
      urgency: 'low',
      procedureValue: 120,
      engagement: { inboundMessages: 0, outboundMessages: 3, sessions: 0, pagesViewed: 0, secondsOnSite: 0 },
      lastInboundAt: '2025-02-01T12:00:00Z',
      reachability: { phone: false, email: true, optedOut: false },
    });
    expect(hot.lead_score).toBeGreaterThanOrEqual(90);
    expect(hot.conversion_probability).toBeGreaterThanOrEqual(0.9);
    expect(hot.conversion_probability).toBeLessThanOrEqual(0.97);
    expect(cold.lead_score).toBeLessThan(35);
    expect(cold.conversion_probability).toBeLessThan(0.1);
    expect(cold.conversion_probability).toBeGreaterThanOrEqual(0.02);
    expect(Number.isInteger(hot.conversion_probability * 100)).toBe(true);
  });

  it('the probability rises with the score', () => {
    const probabilities = (['low', 'medium', 'high'] as const).map(
      (urgency) => scoreLead({ ...base, urgency }).conversion_probability,
    );
    expect(probabilities[0]).toBeLessThan(probabilities[1]);
    expect(probabilities[1]).toBeLessThan(probabilities[2]);
  });

  it.each([
    ['has opted out', { reachability: { phone: true, email: true, optedOut: true } }, 'the lead opted out'],
    ['is spam', { intent: 'spam' as const }, 'the message is spam'],
    ['is a wrong number', { intent: 'wrong_number' as const }, 'a wrong number'],
  ])('a lead that %s scores 0 whatever else it has', (_case, change, reason) => {
    const score = scoreLead({
      ...base,
      urgency: 'high',
      procedureValue: 9000,
      buyingSignals: ['x'],
      ...change,
    });
    expect(score.lead_score).toBe(0);
    expect(score.conversion_probability).toBe(0.02);
    for (const f of score.factors) {
      expect(f.contribution).toBe(0);
      expect(f.explanation).toContain(`not counted: ${reason}`);
    }
  });
});
