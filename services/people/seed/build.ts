import { PendingReviewTypes } from '@pp/contracts';
import { Analysis, DAY, MINUTE } from './channels';
import { planPractice } from './plan';
import { SeedPractice } from './practices';
import { Rng } from './prng';
import { analyse, behavioralInsights, enrichment, outreachState } from './profile';
import { Story, writeStory } from './story';
import { LeadPlan, PersonRow, PracticeSeed } from './types';

/** Share of leads whose newest activity is unseen (the blue dot): the most recently active ones. */
const UNSEEN_SHARE = 0.15;

const iso = (ms: number) => new Date(ms).toISOString();

function personRow(
  plan: LeadPlan,
  practice: SeedPractice,
  analysis: Analysis,
  story: Story,
  now: number,
): PersonRow {
  return {
    person_id: plan.person_id,
    practice_id: practice.practiceId,
    first_name: plan.first_name,
    last_name: plan.last_name,
    primary_phone: plan.phone,
    primary_email: plan.email,
    stage: plan.stage,
    created_at: iso(story.createdAt),
    updated_at: iso(story.lastActivityAt),
    last_activity_at: iso(story.lastActivityAt),
    is_unseen: false,
    last_seen_at: null,
    pending_review_type:
      plan.stage === 'Escalated'
        ? PendingReviewTypes.escalate
        : story.decision
          ? PendingReviewTypes.approval
          : null,
    current_outreach_state: outreachState(plan, analysis, story),
    next_scheduled_action: story.nextScheduledAction === null ? null : iso(story.nextScheduledAction),
    enrichment_data: enrichment(plan, practice, now),
    behavioral_insights: behavioralInsights(plan, practice, analysis, story),
  };
}

/**
 * Unseen: the most recently active ~15% (a few of them seen before their latest activity); everyone
 * else was seen some time after their last activity.
 */
function markSeen(persons: PersonRow[], practice: SeedPractice, now: number): void {
  const rng = new Rng(`${practice.practiceId}:seen`);
  const byActivity = [...persons].sort((a, b) => b.last_activity_at.localeCompare(a.last_activity_at));
  const unseen = Math.round(byActivity.length * UNSEEN_SHARE);
  byActivity.forEach((person, rank) => {
    const activity = Date.parse(person.last_activity_at);
    const created = Date.parse(person.created_at);
    if (rank < unseen) {
      person.is_unseen = true;
      person.last_seen_at =
        activity - created > DAY && rng.chance(0.5) ? iso(created + (activity - created) / 2) : null;
    } else {
      person.last_seen_at = iso(Math.min(now, activity + rng.int(2, 36 * 60) * MINUTE));
    }
  });
}

/** The whole demo data set of one practice: leads newest first, their events and open decisions. */
export function buildPractice(practice: SeedPractice, now: number): PracticeSeed {
  const seed: PracticeSeed = { practice, persons: [], events: [], decisions: [] };
  for (const plan of planPractice(practice)) {
    const analysis = analyse(plan, practice);
    const story = writeStory(plan, practice, analysis, now);
    seed.persons.push(personRow(plan, practice, analysis, story, now));
    seed.events.push(...story.events);
    if (story.decision) seed.decisions.push(story.decision);
  }
  markSeen(seed.persons, practice, now);
  return seed;
}
