import { LeadStage } from '@pp/contracts';
import { DAY, Draft, HOUR, MINUTE } from './channels';
import { Episodes } from './episodes';
import { SeedPractice } from './practices';
import { Rng } from './prng';
import * as T from './texts';
import { LeadPlan } from './types';

/** One episode of a story: built at its time `t`, knowing when the next one is planned. */
export interface Step {
  build: (t: number, next: number) => Draft[];
  /** Dropped first when a timeline would pass 25 events. */
  optional?: boolean;
}

/** The consultation a story booked; steps are built in order, so later ones can read it. */
export interface Visit {
  bookedAt: number;
  consultAt: number;
}

export interface Recipe {
  steps: Step[];
  visit: Visit;
  /** Staff handled an escalation and kept the lead (often) under human control. */
  staffTookOver: boolean;
}

export const IN_FLIGHT: readonly LeadStage[] = ['Lead', 'Attempting Contact', 'Active Conversation'];

/** A 30-minute slot in office hours (09:00-16:30 local) on the day of `ms`, Sundays moved to Monday. */
export function officeSlot(ms: number, utcOffsetHours: number, rng: Rng): number {
  const local = new Date(ms + utcOffsetHours * HOUR);
  if (local.getUTCDay() === 0) local.setUTCDate(local.getUTCDate() + 1);
  local.setUTCHours(rng.int(9, 16), rng.pick([0, 30]), 0, 0);
  return local.getTime() - utcOffsetHours * HOUR;
}

/** How the lead came in: mostly a website form; a call or a text for some (always, when there is no name). */
function intake(plan: LeadPlan, ep: Episodes, rng: Rng): Step {
  // An approval waiting on a new lead is the AI's first message itself: nothing was sent yet.
  const firstTouchPending = plan.stage === 'Lead' && Boolean(plan.approval);
  const kind = !plan.first_name
    ? rng.pick(['call', 'sms'])
    : plan.phone && !plan.named
      ? rng.weighted({ web: 80, call: 10, sms: 10 })
      : 'web';
  return {
    build: (t) => {
      if (kind === 'call') return ep.inboundCall(t);
      if (kind === 'sms') return ep.conversation(t, 1, plan.markup);
      const session = ep.webSession(t, true);
      const form = session[session.length - 1];
      return firstTouchPending ? session : [...session, ep.firstTouch(form.at + rng.int(40, 150) * 1000)];
    },
  };
}

/**
 * The episodes a lead's stage implies, in order: how they came in, what the AI and staff did, and
 * where it led (a booking, a visit, a no-show, an opt-out). Open reviews and next actions come after.
 */
export function stageRecipe(
  plan: LeadPlan,
  practice: SeedPractice,
  ep: Episodes,
  rng: Rng,
  now: number,
): Recipe {
  const visit: Visit = { bookedAt: 0, consultAt: 0 };
  const steps: Step[] = [intake(plan, ep, rng)];
  const phone = Boolean(plan.phone);
  const title = `${plan.procedures[0]} consultation`;
  const add = (build: Step['build'], optional = false) => steps.push({ build, optional });
  // The named leads with markup get it in a text message too, where the browser tests look for it.
  const markup = plan.markup && Boolean(plan.named);
  const talk = (min: number, max: number) => add((t) => ep.conversation(t, rng.int(min, max), markup));
  // A consultation halfway to the next step, in office hours when there is room.
  const consult = (byStaff: boolean) =>
    add((t, next) => {
      visit.bookedAt = t;
      const middle = t + (next - t) / 2;
      visit.consultAt = next - t > 2 * DAY ? officeSlot(middle, practice.utcOffsetHours, rng) : middle;
      return ep.appointment(t, visit.consultAt, title, byStaff);
    });
  // Notes follow the visit itself ("thank you for coming in today"), not the planned slot.
  const afterVisit = (templates: readonly string[], minMinutes: number, maxMinutes: number) =>
    add(() => [ep.note(visit.consultAt + rng.int(minMinutes, maxMinutes) * MINUTE, templates)]);

  if (plan.stage !== 'Lead' && rng.chance(0.12)) {
    add((t) => [ep.fieldUpdate(t)].filter((d): d is Draft => d !== null), true);
  }
  switch (plan.stage) {
    case 'Lead':
      if (plan.daysAgo > 3 && rng.chance(0.5)) add((t) => ep.followUp(t), true);
      break;
    case 'Attempting Contact':
      for (let i = rng.int(1, 2); i > 0; i--) add((t) => ep.followUp(t));
      if (phone && rng.chance(0.5)) add((t) => ep.outboundCall(t, false), true);
      if (rng.chance(0.3)) add((t) => ep.emailThread(t, false), true);
      break;
    case 'Active Conversation':
      talk(1, 3);
      if (rng.chance(0.4)) add((t) => ep.webSession(t, false), true);
      if (rng.chance(0.35)) add((t) => ep.emailThread(t, true), true);
      if (phone && rng.chance(0.3)) add((t) => ep.outboundCall(t, true), true);
      break;
    case 'Escalated':
      talk(1, 2);
      if (rng.chance(0.3)) add((t) => ep.webSession(t, false), true);
      break;
    case 'Scheduled': {
      talk(1, 2);
      if (phone && rng.chance(0.3)) add((t) => ep.outboundCall(t, true), true);
      const reschedule = rng.chance(0.3);
      add((t) => {
        visit.bookedAt = t;
        visit.consultAt = officeSlot(now + rng.between(0.6, 21) * DAY, practice.utcOffsetHours, rng);
        const first = visit.consultAt - rng.int(1, 6) * DAY;
        if (!reschedule || first < now + DAY)
          return ep.appointment(t, visit.consultAt, title, rng.chance(0.3));
        const moved = ep.rescheduled(t + rng.int(30, 600) * MINUTE, first, visit.consultAt);
        return [...ep.appointment(t, first, title, false), moved];
      });
      break;
    }
    case 'Post Consultation':
      talk(1, 2);
      consult(rng.chance(0.3));
      afterVisit(T.POST_CONSULT_SMS, 120, 360);
      if (rng.chance(0.4)) add((t) => ep.emailThread(t, true), true);
      break;
    case 'No Show / Cancelled':
      talk(1, 2);
      consult(false);
      if (rng.chance(0.5)) {
        add(() => ep.cancelled(visit.bookedAt + (visit.consultAt - visit.bookedAt) * 0.6, visit.consultAt));
      } else {
        afterVisit(T.NO_SHOW_SMS, 45, 180);
      }
      break;
    case 'Booked Procedure':
      talk(1, 2);
      consult(false);
      afterVisit(T.POST_CONSULT_SMS, 120, 360);
      add((t) => {
        const procedureAt = officeSlot(t + rng.between(7, 35) * DAY, practice.utcOffsetHours, rng);
        return ep.appointment(t, procedureAt, plan.procedures[0], true);
      });
      break;
    case 'Closed - Lost':
      for (let i = rng.int(1, 2); i > 0; i--) add((t) => ep.followUp(t), i > 1);
      if (phone && rng.chance(0.5)) add((t) => ep.outboundCall(t, false), true);
      add((t) => ep.closeOut(t));
      break;
  }
  // Some leads had an escalation that staff already handled (outcome logged).
  let staffTookOver = false;
  const handled: readonly LeadStage[] = [
    'Active Conversation',
    'Scheduled',
    'Post Consultation',
    'Booked Procedure',
  ];
  if (handled.includes(plan.stage) && rng.chance(0.08)) {
    staffTookOver = rng.chance(0.5);
    steps.splice(Math.max(1, steps.length - 1), 0, { build: (t) => ep.escalation(t, false), optional: true });
  }
  if (plan.stage === 'Escalated') add((t) => ep.escalation(t, true));
  return { steps, visit, staffTookOver };
}
