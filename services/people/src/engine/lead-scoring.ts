import type { LeadScore, ScoreInput } from '@pp/ai';

/**
 * The explainable lead score (docs/product/ai-engine.md#understanding). Interim until @pp/ai's `scoreLead` lands: the
 * same factors and weights summing to 100, contribution = weight × value.
 */
export function scoreLead(input: ScoreInput): LeadScore {
  const intentValue: Record<string, number> = { booking: 1, pricing: 0.8, reschedule: 0.7, information: 0.5 };
  const factors: LeadScore['factors'] = [];
  const add = (
    factor: LeadScore['factors'][number]['factor'],
    label: string,
    weight: number,
    value: number,
    explanation: string,
  ) => {
    const v = Math.max(0, Math.min(1, value));
    factors.push({
      factor,
      label,
      weight,
      value: v,
      contribution: Math.round(weight * v * 10) / 10,
      explanation,
    });
  };
  add('intent', 'Intent', 30, intentValue[input.intent] ?? 0.2, `Intent: ${input.intent}`);
  add(
    'urgency',
    'Urgency',
    15,
    { high: 1, medium: 0.6, low: 0.3 }[input.urgency],
    `Urgency ${input.urgency}`,
  );
  add(
    'procedure_value',
    'Procedure value',
    15,
    input.procedureValue === null ? 0.3 : Math.min(1, input.procedureValue / 5000),
    input.procedureValue === null
      ? 'No price known for the procedure'
      : `Procedure worth up to $${input.procedureValue}`,
  );
  const e = input.engagement;
  add(
    'engagement',
    'Engagement',
    15,
    Math.min(1, e.inboundMessages * 0.4 + e.sessions * 0.15 + e.pagesViewed * 0.05),
    `${e.inboundMessages} message(s), ${e.pagesViewed} page(s) viewed`,
  );
  const hours = input.lastInboundAt
    ? (Date.parse(input.now) - Date.parse(input.lastInboundAt)) / 3_600_000
    : null;
  add(
    'recency',
    'Recency',
    10,
    hours === null ? 0 : hours < 24 ? 1 : hours < 168 ? 0.5 : 0.1,
    'Last inbound activity',
  );
  const r = input.reachability;
  add(
    'reachability',
    'Reachability',
    10,
    r.optedOut ? 0 : (r.phone ? 0.6 : 0) + (r.email ? 0.4 : 0),
    r.optedOut ? 'Opted out' : 'Contact details on file',
  );
  add('buying_signals', 'Buying signals', 5, Math.min(1, input.buyingSignals.length / 2), 'Buying signals');
  const total = Math.round(factors.reduce((sum, f) => sum + f.contribution, 0));
  return { lead_score: total, conversion_probability: Math.round(total) / 100, factors };
}
