import type { Intent, ScoreFactor, ScoreFactorKey, UrgencyLevel } from '@pp/contracts';
import type { LeadScore, ScoreInput } from '../model';
import { numberFormat } from '../intl-formats';

/**
 * The explainable lead score (docs/product/ai-engine.md#lead-score). Seven factors, each worth at most its weight
 * in points; the weights add up to 100. Each factor has a value from 0 to 1 (how strongly this lead has it), its
 * contribution is weight × value, and the score is the rounded sum of the contributions, so the tooltip adds up.
 *
 * | factor          | weight | value                                                                             |
 * |-----------------|--------|-----------------------------------------------------------------------------------|
 * | intent          | 25     | booking 1, pricing 0.85, reschedule 0.7, information 0.6, human request 0.55 …    |
 * | urgency         | 15     | high 1, medium 0.6, low 0.25                                                      |
 * | procedure_value | 15     | the procedure's price on a log scale: $100 → 0.15, $1,000 → 0.58, $10,000 → 1; unknown 0.4 |
 * | engagement      | 15     | messages from the lead, website visits, pages viewed and time on site, capped at 1 |
 * | recency         | 10     | halves every 3 days since the lead's last message                                 |
 * | reachability    | 10     | phone and email 1, phone 0.8, email 0.6, neither or opted out 0                  |
 * | buying_signals  | 10     | none 0, one 0.5, two 0.8, three or more 1                                         |
 *
 * A lead that opted out, is spam or wrote to a wrong number is not a sales lead: every factor is 0 and the score 0.
 */
export const SCORE_WEIGHTS: Readonly<Record<ScoreFactorKey, number>> = {
  intent: 25,
  urgency: 15,
  procedure_value: 15,
  engagement: 15,
  recency: 10,
  reachability: 10,
  buying_signals: 10,
};

const LABELS: Readonly<Record<ScoreFactorKey, string>> = {
  intent: 'Intent',
  urgency: 'Urgency',
  procedure_value: 'Procedure value',
  engagement: 'Engagement',
  recency: 'Recency',
  reachability: 'Reachability',
  buying_signals: 'Buying signals',
};

const INTENT_VALUE: Readonly<Record<Intent, [number, string]>> = {
  booking: [1, 'Wants to book'],
  pricing: [0.85, 'Asked about pricing'],
  reschedule: [0.7, 'Wants to reschedule an appointment'],
  information: [0.6, 'Asked for information'],
  human_requested: [0.55, 'Asked to talk to a person'],
  help: [0.4, 'Asked for help'],
  medical_concern: [0.4, 'Wrote about a medical concern'],
  complaint: [0.2, 'Made a complaint'],
  cancel_appointment: [0.15, 'Wants to cancel an appointment'],
  opt_out: [0, 'Asked to stop messages'],
  wrong_number: [0, 'Wrong number'],
  spam: [0, 'Spam'],
};

const URGENCY_VALUE: Readonly<Record<UrgencyLevel, [number, string]>> = {
  high: [1, 'High urgency: wants it soon'],
  medium: [0.6, 'Medium urgency'],
  low: [0.25, 'Low urgency: no timeline given'],
};

const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const money = (v: number) => `$${numberFormat('en-US').format(Math.round(v))}`;

function procedureValue(price: number | null): [number, string] {
  if (price === null || !(price > 0)) return [0.4, 'Procedure price unknown'];
  const value = clamp(0.15 + (0.85 * Math.log10(price / 100)) / 2, 0.1, 1);
  const size = value >= 0.8 ? 'High-value' : value >= 0.5 ? 'Mid-value' : 'Lower-value';
  return [value, `${size} procedure (up to ${money(price)})`];
}

function engagement(e: ScoreInput['engagement']): [number, string] {
  const value = clamp(
    Math.min(0.45, 0.15 * e.inboundMessages) +
      Math.min(0.2, 0.1 * e.sessions) +
      Math.min(0.2, 0.03 * e.pagesViewed) +
      Math.min(0.15, (0.15 * e.secondsOnSite) / 600),
  );
  const parts: string[] = [];
  if (e.inboundMessages > 0) parts.push(plural(e.inboundMessages, 'message'));
  if (e.sessions > 0) parts.push(plural(e.sessions, 'website visit'));
  if (e.pagesViewed > 0) parts.push(plural(e.pagesViewed, 'page') + ' viewed');
  if (e.secondsOnSite >= 60) parts.push(`${Math.round(e.secondsOnSite / 60)} min on site`);
  return [value, parts.length ? parts.join(', ') : 'No engagement yet'];
}

function recency(lastInboundAt: string | null, now: string): [number, string] {
  if (!lastInboundAt) return [0, 'No message from the lead yet'];
  const hours = Math.max(0, (Date.parse(now) - Date.parse(lastInboundAt)) / 3_600_000);
  if (!Number.isFinite(hours)) return [0, 'No message from the lead yet'];
  const value = 0.5 ** (hours / 72);
  const when =
    hours < 1
      ? 'less than an hour ago'
      : hours < 48
        ? `${plural(Math.floor(hours), 'hour')} ago`
        : `${plural(Math.floor(hours / 24), 'day')} ago`;
  return [value, `Last message ${when}`];
}

function reachability(r: ScoreInput['reachability']): [number, string] {
  if (r.optedOut) return [0, 'Opted out of messages'];
  if (r.phone && r.email) return [1, 'Reachable by phone and email'];
  if (r.phone) return [0.8, 'Reachable by phone only'];
  if (r.email) return [0.6, 'Reachable by email only'];
  return [0, 'No phone or email'];
}

function buyingSignals(signals: readonly string[]): [number, string] {
  const n = signals.length;
  const value = n === 0 ? 0 : n === 1 ? 0.5 : n === 2 ? 0.8 : 1;
  return [value, n === 0 ? 'No buying signals' : `Buying signals: ${signals.slice(0, 3).join(', ')}`];
}

function disqualification(input: ScoreInput): string | null {
  if (input.reachability.optedOut || input.intent === 'opt_out') return 'the lead opted out';
  if (input.intent === 'spam') return 'the message is spam';
  if (input.intent === 'wrong_number') return 'a wrong number';
  return null;
}

/**
 * The conversion probability: a logistic curve over the score (a score of 58 is an even chance), lowered when
 * the lead cannot be reached and raised a little for a lead asking to book now. Between 0.02 and 0.97.
 */
function conversionProbability(
  score: number,
  values: Record<ScoreFactorKey, number>,
  disqualified: boolean,
): number {
  if (disqualified) return 0.02;
  let logit = (score - 58) / 12;
  if (values.reachability === 0) logit -= 1.5;
  if (values.intent === 1 && values.urgency === 1) logit += 0.4;
  return round(clamp(1 / (1 + Math.exp(-logit)), 0.02, 0.97), 2);
}

export function scoreLead(input: ScoreInput): LeadScore {
  const raw: Record<ScoreFactorKey, [number, string]> = {
    intent: INTENT_VALUE[input.intent],
    urgency: URGENCY_VALUE[input.urgency],
    procedure_value: procedureValue(input.procedureValue),
    engagement: engagement(input.engagement),
    recency: recency(input.lastInboundAt, input.now),
    reachability: reachability(input.reachability),
    buying_signals: buyingSignals(input.buyingSignals),
  };
  const disqualified = disqualification(input);
  const factors: ScoreFactor[] = (Object.keys(SCORE_WEIGHTS) as ScoreFactorKey[]).map((factor) => {
    const weight = SCORE_WEIGHTS[factor];
    const [v, why] = raw[factor];
    const value = disqualified ? 0 : round(clamp(v), 2);
    return {
      factor,
      label: LABELS[factor],
      weight,
      value,
      contribution: round(weight * value, 1),
      explanation: disqualified ? `${why}; not counted: ${disqualified}` : why,
    };
  });
  const lead_score = Math.round(factors.reduce((sum, f) => sum + f.contribution, 0));
  const values = Object.fromEntries(factors.map((f) => [f.factor, f.value])) as Record<
    ScoreFactorKey,
    number
  >;
  return {
    lead_score,
    conversion_probability: conversionProbability(lead_score, values, disqualified !== null),
    factors,
  };
}
