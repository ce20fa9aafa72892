import { Analysis, DAY, Draft, HOUR, MINUTE, SECOND } from './channels';
import { draftDecision, OpenDecision, pendingReview } from './decision';
import { Episodes } from './episodes';
import { SeedPractice } from './practices';
import { Rng, seedId } from './prng';
import { IN_FLIGHT, Recipe, stageRecipe, Step } from './recipes';
import { DecisionRow, EventRow, LeadPlan } from './types';

export interface Story {
  events: EventRow[];
  decision: DecisionRow | null;
  createdAt: number;
  lastActivityAt: number;
  nextScheduledAction: number | null;
  controlMode: 'ai' | 'human';
  metrics: { total_sessions: number; total_pages_viewed: number; total_time_on_site: number };
}

/** What the closing step left behind, for the person row. */
interface Marks {
  decision?: OpenDecision;
  next?: number;
}

const MAX_EVENTS = 25;
const MIN_EVENTS = 3;

/** When the next AI action is due: some overdue ('Analyzing now...'), some in minutes, hours or days. */
function dueAt(now: number, rng: Rng): number {
  const when = rng.weighted({ overdue: 15, minutes: 25, hours: 35, days: 25 });
  if (when === 'overdue') return now - rng.int(1, 20) * MINUTE;
  if (when === 'minutes') return now + rng.int(2, 55) * MINUTE;
  if (when === 'hours') return now + rng.int(60, 20 * 60) * MINUTE;
  return now + rng.int(24, 96) * HOUR;
}

/** When the lead's last activity happened: live stages recently, finished ones weeks after intake. */
function lastActivity(plan: LeadPlan, start: number, now: number, rng: Rng): number {
  const span = (min: number, max: number) => start + Math.min(plan.daysAgo, rng.between(min, max, 3)) * DAY;
  const recent = (max: number) => now - Math.min(plan.daysAgo, rng.between(0.004, max, 3)) * DAY;
  if (plan.approval) return recent(2);
  switch (plan.stage) {
    case 'Lead':
      return span(0.01, 2);
    case 'Attempting Contact':
      return span(0.5, 10);
    case 'Active Conversation':
      return recent(6);
    case 'Escalated':
      return recent(3);
    case 'Scheduled':
      return recent(10);
    default:
      return span(4, 45);
  }
}

/**
 * The step that ends a story: the decision waiting for approval, or the AI's next planned touch (a
 * follow-up for live leads, a reminder the day before a booked consultation, a check-in after a visit).
 * Escalated leads wait for staff and have neither.
 */
function closingStep(
  plan: LeadPlan,
  practice: SeedPractice,
  recipe: Recipe,
  ep: Episodes,
  rng: Rng,
  now: number,
  out: Marks,
): Step | null {
  if (plan.approval) {
    const decision = draftDecision(plan, practice, ep, rng);
    out.decision = decision;
    return { build: (t) => [pendingReview(t, decision)] };
  }
  if (plan.stage === 'Escalated' || !rng.chance(IN_FLIGHT.includes(plan.stage) ? 0.75 : 0.25)) return null;
  const text = plan.phone ? 'send_sms' : 'send_email';
  if (IN_FLIGHT.includes(plan.stage)) {
    const action = plan.phone && plan.stage !== 'Lead' && rng.chance(0.3) ? 'phone_call' : text;
    const due = dueAt(now, rng);
    return { build: (t) => [ep.scheduledAction(t, (out.next = due), action, 'Follow up if no reply')] };
  }
  if (plan.stage === 'Scheduled') {
    return {
      build: (t) => {
        const due = recipe.visit.consultAt - DAY;
        return due > now ? [ep.scheduledAction(t, (out.next = due), text, 'Consultation reminder')] : [];
      },
    };
  }
  if (plan.stage === 'Post Consultation' || plan.stage === 'No Show / Cancelled') {
    const due = dueAt(now, rng);
    return {
      build: (t) => [ep.scheduledAction(t, (out.next = due), text, 'Check in about booking treatment')],
    };
  }
  return null;
}

/** Episode start times: the first at intake, the last at the last activity, the others in between. */
function place(steps: Step[], start: number, end: number, rng: Rng): Draft[][] {
  const middle = Array.from(
    { length: Math.max(0, steps.length - 2) },
    () => start + rng.float() * (end - start),
  );
  const times = steps.length === 1 ? [start] : [start, ...middle.sort((a, b) => a - b), end];
  const out: Draft[][] = [];
  let cursor = start - MINUTE;
  steps.forEach((step, i) => {
    const t = Math.max(times[i], cursor + rng.int(1, 20) * MINUTE);
    const drafts = step.build(t, Math.max(times[i + 1] ?? end, t + HOUR));
    out.push(drafts);
    if (drafts.length) cursor = Math.max(cursor, ...drafts.map((d) => d.at));
  });
  return out;
}

/** A timeline holds 3 to 25 events: drop optional episodes, or add a follow-up. */
function fit(steps: Step[], drafts: Draft[][], ep: Episodes): Draft[] {
  while (drafts.flat().length > MAX_EVENTS) {
    const i = steps.findIndex((s, k) => s.optional && drafts[k].length > 0);
    if (i < 0) break;
    drafts[i] = [];
  }
  const all = drafts.flat();
  if (all.length < MIN_EVENTS) all.push(...ep.followUp(Math.max(...all.map((d) => d.at)) + HOUR));
  return all.sort((a, b) => a.at - b.at);
}

function toRow(d: Draft, plan: LeadPlan, practice: SeedPractice, index: number): EventRow {
  return {
    event_id: seedId(`${plan.key}:event:${index}`),
    practice_id: practice.practiceId,
    person_id: plan.person_id,
    event_type: d.type,
    timestamp: new Date(d.at).toISOString(),
    session_id: d.session_id ?? null,
    source_identifier: d.source_identifier ?? null,
    content_data: d.content ?? {},
    event_metadata: d.meta ?? {},
  };
}

/**
 * Writes one lead's timeline: the episodes its stage implies spread between intake and its last
 * activity, then the pending review, the open escalation or the next scheduled action. created_at is
 * the first event and last_activity_at the newest, by construction; nothing lies in the future.
 */
export function writeStory(plan: LeadPlan, practice: SeedPractice, analysis: Analysis, now: number): Story {
  const rng = new Rng(`${plan.key}:story`);
  const ep = new Episodes(rng, practice, plan, analysis);
  const start = now - plan.daysAgo * DAY;
  const end = lastActivity(plan, start, now, rng);
  const recipe = stageRecipe(plan, practice, ep, rng, now);
  const marks: Marks = {};
  const closing = closingStep(plan, practice, recipe, ep, rng, now, marks);
  const steps = closing ? [...recipe.steps, closing] : recipe.steps;

  let all = fit(steps, place(steps, start, end, rng), ep);
  // A story that ran past now (a lead of the last hour) is moved back as a whole.
  const overflow = all[all.length - 1].at - (now - 15 * SECOND);
  if (overflow > 0) all = all.map((d) => ({ ...d, at: d.at - overflow }));

  const events = all.map((d, i) => toRow(d, plan, practice, i));
  const pendingAt = events.findIndex((e) => e.event_type === 'pending_review');
  const human = (plan.stage === 'Escalated' && rng.chance(0.35)) || recipe.staffTookOver || rng.chance(0.05);
  return {
    events,
    decision:
      marks.decision && pendingAt >= 0
        ? { ...marks.decision, event_id: events[pendingAt].event_id, created_at: events[pendingAt].timestamp }
        : null,
    createdAt: Date.parse(events[0].timestamp),
    lastActivityAt: Date.parse(events[events.length - 1].timestamp),
    nextScheduledAction: marks.next ?? null,
    // A decision waits for approval only while the AI is in charge.
    controlMode: human && !plan.approval ? 'human' : 'ai',
    metrics: {
      total_sessions: all.filter((d) => d.type === 'website_visit').length,
      total_pages_viewed: all.filter((d) => d.type === 'pageview').length,
      total_time_on_site: all
        .filter((d) => d.type === 'pageview')
        .reduce((sum, d) => sum + Number(d.content?.duration_seconds ?? 0), 0),
    },
  };
}
