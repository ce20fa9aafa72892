import { LeadStage } from '@pp/contracts';
import { Analysis } from './channels';
import { SeedPractice } from './practices';
import { Rng } from './prng';
import { Story } from './story';
import { LeadPlan } from './types';

/** Typical lead score per stage; each lead varies around it, so all three badge tiers appear. */
const SCORE_BY_STAGE: Record<LeadStage, number> = {
  Lead: 52,
  'Attempting Contact': 45,
  'Active Conversation': 68,
  Escalated: 70,
  Scheduled: 80,
  'Post Consultation': 76,
  'No Show / Cancelled': 50,
  'Booked Procedure': 88,
  'Closed - Lost': 28,
};

const CONVERSATION_STAGE: Record<LeadStage, string> = {
  Lead: 'initial_inquiry',
  'Attempting Contact': 'initial_inquiry',
  'Active Conversation': 'qualification',
  Escalated: 'needs_human',
  Scheduled: 'scheduling',
  'Post Consultation': 'post_consultation',
  'No Show / Cancelled': 'rescheduling',
  'Booked Procedure': 'booked',
  'Closed - Lost': 'closed',
};

const BUYING_SIGNALS = [
  'asked about pricing',
  'asked for availability',
  'mentioned a specific date',
  'returned to the website',
  'viewed before & after photos',
  'asked about financing',
  'referred by a friend',
];

const JOBS = [
  ['Marketing Manager', 'Trinity Health Partners'],
  ['Registered Nurse', 'Lakeside Medical Center'],
  ['Software Engineer', 'Northwind Systems'],
  ['Account Executive', 'Crescent Logistics'],
  ['Teacher', 'Maple Grove ISD'],
  ['Attorney', 'Hale & Sutton LLP'],
  ['Real Estate Agent', 'Keystone Realty'],
  ['Product Designer', 'Brightline Studio'],
  ['Dental Hygienist', 'Smile Co.'],
  ['Financial Analyst', 'Harborview Capital'],
  ['Owner', 'Bloom Floral Design'],
  ['Project Manager', 'Summit Construction'],
];

const SCHOOLS = [
  ['B.S. Nursing', 'State University'],
  ['B.A. Communications', 'Lakeshore College'],
  ['MBA', 'Westbrook School of Business'],
  ['B.S. Computer Science', 'Pinecrest Institute of Technology'],
  ['J.D.', 'Riverside Law School'],
  ['B.A. Psychology', 'Ridgeview University'],
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What the AI concluded about the lead (current_outreach_state.ai_insights and the inbound events' analysis). */
export function analyse(plan: LeadPlan, practice: SeedPractice): Analysis {
  const rng = new Rng(`${plan.key}:analysis`);
  const concerns = rng.sample(practice.concerns, rng.int(1, 3));
  const who = plan.first_name ?? 'This lead';
  const intent: Record<LeadStage, string> = {
    Lead: rng.pick(['information_request', 'pricing_inquiry']),
    'Attempting Contact': rng.pick(['information_request', 'pricing_inquiry']),
    'Active Conversation': rng.pick(['booking_intent', 'pricing_inquiry', 'scheduling']),
    Escalated: 'needs_human_assistance',
    Scheduled: 'booking_intent',
    'Post Consultation': 'booking_intent',
    'No Show / Cancelled': 'scheduling',
    'Booked Procedure': 'booking_intent',
    'Closed - Lost': rng.pick(['not_interested', 'objection']),
  };
  return {
    urgency_level:
      plan.stage === 'Escalated' && rng.chance(0.7)
        ? 'high'
        : rng.weighted({ low: 40, medium: 40, high: 20 }),
    intent_classification: intent[plan.stage],
    inquiry_summary: `${who} is interested in ${plan.procedures.join(', ')} and asked about ${concerns[0]}.`,
    key_concerns: concerns,
    lead_score: clamp(SCORE_BY_STAGE[plan.stage] + rng.int(-22, 18), 4, 99),
  };
}

export function outreachState(plan: LeadPlan, analysis: Analysis, story: Story): Record<string, unknown> {
  const { urgency_level, intent_classification, inquiry_summary, key_concerns } = analysis;
  return {
    control_mode: story.controlMode,
    ai_insights: {
      procedures_of_interest: plan.procedures,
      intent_classification,
      inquiry_summary,
      key_concerns,
      urgency_level,
    },
  };
}

/**
 * behavioral_insights (docs/product/leads.md#person) for about 80% of leads; one in twenty of those is stored as JSON
 * text, as the spec says it may arrive. Site metrics come from the lead's own timeline.
 */
export function behavioralInsights(
  plan: LeadPlan,
  practice: SeedPractice,
  analysis: Analysis,
  story: Story,
): Record<string, unknown> | string | null {
  const rng = new Rng(`${plan.key}:insights`);
  if (!plan.named && !rng.chance(0.8)) return null;
  const score = analysis.lead_score;
  const engagement = clamp(score + rng.int(-15, 15), 3, 99);
  const methods = plan.phone
    ? plan.email
      ? { sms: 45, phone: 30, email: 25 }
      : { sms: 60, phone: 40 }
    : { email: 1 };
  const insights = {
    lead_intelligence: {
      lead_score: score,
      conversion_probability: clamp(
        Math.round((score / 100 + rng.between(-0.18, 0.12)) * 100) / 100,
        0.02,
        0.97,
      ),
      procedure_interest: plan.procedures
        .map((name) => ({ procedure_name: name, interest_score: rng.between(0.42, 0.98) }))
        .sort((a, b) => b.interest_score - a.interest_score),
      predicted_objections: rng
        .sample(practice.objections, rng.int(0, 2))
        .map((type) => ({ objection_type: type, likelihood: rng.between(0.1, 0.85) })),
      budget_indicator: rng.pick(['low', 'moderate', 'moderate', 'high', 'premium']),
      urgency_level: analysis.urgency_level,
    },
    conversation_analysis: {
      engagement_level: engagement >= 70 ? 'high' : engagement >= 40 ? 'medium' : 'low',
      engagement_score: engagement,
      buying_signals: rng.sample(BUYING_SIGNALS, plan.stage === 'Closed - Lost' ? 0 : rng.int(0, 3)),
      detected_objections: rng.sample(analysis.key_concerns, rng.int(0, 2)),
      conversation_stage: CONVERSATION_STAGE[plan.stage],
    },
    response_patterns: {
      communication_style: rng.pick(['concise', 'detailed', 'friendly', 'formal', 'casual']),
      preferred_contact_method: rng.weighted(methods),
      preferred_contact_time: rng.pick(['morning', 'lunchtime', 'afternoon', 'evening', 'weekends']),
    },
    calculated_metrics: story.metrics,
    confidence_score: rng.between(0.55, 0.97),
    last_analysis_at: new Date(story.lastActivityAt).toISOString(),
  };
  return !plan.named && rng.chance(0.05) ? JSON.stringify(insights) : insights;
}

/** enrichment_data (docs/product/leads.md#person) for about 60% of the leads that have a name. */
export function enrichment(
  plan: LeadPlan,
  practice: SeedPractice,
  now: number,
): Record<string, unknown> | null {
  const rng = new Rng(`${plan.key}:enrichment`);
  if (!plan.first_name || !plan.last_name || (!plan.named && !rng.chance(0.6))) return null;
  const handle = `${plan.first_name}-${plan.last_name}`.toLowerCase().replace(/[^a-z-]/g, '');
  const linkedin = `https://www.linkedin.com/in/${handle}-${rng.hex(4)}`;
  const [title, organization] = rng.pick(JOBS);
  const [degree, school] = rng.pick(SCHOOLS);
  const year = new Date(now).getUTCFullYear();
  const employment = [
    {
      current: true,
      title,
      name: organization,
      start: { month: rng.int(1, 12), year: year - rng.int(0, 8) },
    },
  ];
  if (rng.chance(0.5)) {
    const [pastTitle, pastOrg] = rng.pick(JOBS);
    employment.push({
      current: false,
      title: pastTitle,
      name: pastOrg,
      start: { month: rng.int(1, 12), year: year - rng.int(9, 15) },
    });
  }
  // No avatar: a photo host would be fetched on every page that shows the lead (failing offline); the
  // console shows the lead's initials instead. The draw that picked one stays, so every later value is unchanged.
  rng.chance(0.7);
  return {
    avatar: null,
    linkedin,
    age: rng.int(22, 67),
    location: rng.pick(practice.towns),
    title,
    organization,
    education: [{ degree, name: school }],
    details: {
      profiles: {
        linkedin: { url: linkedin },
        ...(rng.chance(0.4) ? { twitter: { url: `https://twitter.com/${handle.replace(/-/g, '_')}` } } : {}),
      },
      employment,
    },
  };
}
