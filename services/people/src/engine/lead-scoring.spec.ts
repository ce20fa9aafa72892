import { SCORE_WEIGHTS } from '@pp/ai';
import { leadScore, leadScoreInput, LeadScoreFacts } from './lead-scoring';

const facts = (over: Partial<LeadScoreFacts> = {}): LeadScoreFacts => ({
  understanding: {
    intent: 'booking',
    urgency_level: 'high',
    procedures_of_interest: ['Tummy Tuck'],
    buying_signals: ['asked for a date'],
  },
  facts: {
    pricing: [
      {
        procedureName: 'Tummy Tuck',
        priceMin: 8000,
        priceMax: 12000,
        currency: 'USD',
        unit: null,
        locationName: null,
      },
    ],
    promotions: [],
  },
  counts: {
    inbound: 2,
    outbound: 1,
    lastInbound: new Date('2026-06-10T15:00:00Z'),
    lastOutbound: new Date('2026-06-10T15:01:00Z'),
  },
  metrics: { total_sessions: 3, total_pages_viewed: 7, total_time_on_site: 420 },
  lead: { phone: true, email: true, optedOut: false },
  now: new Date('2026-06-10T16:00:00Z'),
  ...over,
});

describe('the lead score of the engine (@pp/ai scoreLead over the engine’s facts)', () => {
  it('maps the engine’s facts onto the score input: price of the lead’s procedure, engagement, recency, reachability', () => {
    expect(leadScoreInput(facts())).toEqual({
      intent: 'booking',
      urgency: 'high',
      procedureValue: 12000,
      engagement: {
        inboundMessages: 2,
        outboundMessages: 1,
        sessions: 3,
        pagesViewed: 7,
        secondsOnSite: 420,
      },
      lastInboundAt: '2026-06-10T15:00:00.000Z',
      now: '2026-06-10T16:00:00.000Z',
      reachability: { phone: true, email: true, optedOut: false },
      buyingSignals: ['asked for a date'],
    });
  });

  it('stores every factor of @pp/ai’s weights, and the score is the sum of their contributions', () => {
    const score = leadScore(facts());
    expect(score.factors.map((f) => [f.factor, f.weight])).toEqual(Object.entries(SCORE_WEIGHTS));
    expect(score.lead_score).toBe(Math.round(score.factors.reduce((sum, f) => sum + f.contribution, 0)));
    expect(score.factors.find((f) => f.factor === 'procedure_value')?.explanation).toContain('$12,000');
  });

  it('a hot, reachable lead scores higher than a cold, unreachable one; an opted-out lead scores 0', () => {
    const hot = leadScore(facts()).lead_score;
    const cold = leadScore(
      facts({
        understanding: {
          intent: 'information',
          urgency_level: 'low',
          procedures_of_interest: [],
          buying_signals: [],
        },
        counts: {
          inbound: 1,
          outbound: 0,
          lastInbound: new Date('2026-05-01T00:00:00Z'),
          lastOutbound: null,
        },
        metrics: { total_sessions: 0, total_pages_viewed: 0, total_time_on_site: 0 },
        lead: { phone: false, email: true, optedOut: false },
      }),
    ).lead_score;
    expect(hot).toBeGreaterThan(cold + 30);
    expect(leadScore(facts({ lead: { phone: true, email: true, optedOut: true } })).lead_score).toBe(0);
  });

  it('a price per unit is no procedure value (Botox at $15 a unit is not a $15 treatment); per syringe is', () => {
    const priced = (unit: string | null) =>
      leadScoreInput(
        facts({
          understanding: { ...facts().understanding, procedures_of_interest: ['Botox', 'Lip Filler'] },
          facts: {
            pricing: [
              {
                procedureName: 'Botox',
                priceMin: 13,
                priceMax: 15,
                currency: 'USD',
                unit: 'Unit',
                locationName: null,
              },
              {
                procedureName: 'Lip Filler',
                priceMin: 650,
                priceMax: 800,
                currency: 'USD',
                unit,
                locationName: null,
              },
            ],
            promotions: [],
          },
        }),
      ).procedureValue;
    expect(priced('Syringe')).toBe(800);
    expect(priced(null)).toBe(800);
    expect(priced('per ml')).toBeNull();
  });
});
