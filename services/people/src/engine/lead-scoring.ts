import { LeadScore, QuotableFacts, scoreLead, ScoreInput, Understanding } from '@pp/ai';
import { outboundFacts } from './engine-store';
import { TimelineMetrics } from './insights-rules';
import { procedureValue } from './quotable-facts';

/** What the engine knows of a lead when it scores it (under the lead's lock, after the model read the inquiry). */
export interface LeadScoreFacts {
  understanding: Pick<
    Understanding,
    'intent' | 'urgency_level' | 'procedures_of_interest' | 'buying_signals'
  >;
  /** What the lead's location may quote: the procedure value is the highest of the lead's procedures' prices. */
  facts: QuotableFacts;
  counts: ReturnType<typeof outboundFacts>;
  metrics: TimelineMetrics;
  lead: { phone: boolean; email: boolean; optedOut: boolean };
  now: Date;
}

/** The engine's facts as @pp/ai's ScoreInput. Pure. */
export function leadScoreInput(f: LeadScoreFacts): ScoreInput {
  return {
    intent: f.understanding.intent,
    urgency: f.understanding.urgency_level,
    procedureValue: procedureValue(f.facts, f.understanding.procedures_of_interest),
    engagement: {
      inboundMessages: f.counts.inbound,
      outboundMessages: f.counts.outbound,
      sessions: f.metrics.total_sessions,
      pagesViewed: f.metrics.total_pages_viewed,
      secondsOnSite: f.metrics.total_time_on_site,
    },
    lastInboundAt: f.counts.lastInbound?.toISOString() ?? null,
    now: f.now.toISOString(),
    reachability: f.lead,
    buyingSignals: f.understanding.buying_signals,
  };
}

/**
 * The explainable lead score (docs/product/ai-engine.md#lead-score): @pp/ai's `scoreLead` (weights, factors and
 * the conversion probability live there) over the engine's facts. Its factors are stored as
 * behavioral_insights.lead_intelligence.score_factors.
 */
export function leadScore(f: LeadScoreFacts): LeadScore {
  return scoreLead(leadScoreInput(f));
}
