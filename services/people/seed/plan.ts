import { LeadStage } from '@pp/contracts';
import { EMAIL_DOMAINS, emailPart, FIRST_NAMES_FEMININE, FIRST_NAMES_MASCULINE, LAST_NAMES } from './names';
import { NAMED_LEADS } from './named-leads';
import { SeedPractice } from './practices';
import { Rng, seedId } from './prng';
import { LeadPlan } from './types';

const ACTIVE_STAGES: readonly LeadStage[] = ['Lead', 'Attempting Contact', 'Active Conversation'];

/**
 * Stage odds by the lead's age: new leads are mostly still being contacted; older ones have booked,
 * been lost or gone quiet. Over a year of leads this gives many Lead / Attempting Contact / Active
 * Conversation, fewer bookings, and a handful of escalations.
 */
function stageWeights(daysAgo: number): Partial<Record<LeadStage, number>> {
  if (daysAgo < 3)
    return { Lead: 55, 'Attempting Contact': 24, 'Active Conversation': 12, Escalated: 6, Scheduled: 3 };
  if (daysAgo < 14) {
    return {
      Lead: 25,
      'Attempting Contact': 26,
      'Active Conversation': 20,
      Escalated: 7,
      Scheduled: 11,
      'Post Consultation': 3,
      'No Show / Cancelled': 3,
      'Closed - Lost': 5,
    };
  }
  if (daysAgo < 60) {
    return {
      Lead: 9,
      'Attempting Contact': 17,
      'Active Conversation': 17,
      Escalated: 5,
      Scheduled: 13,
      'Post Consultation': 10,
      'No Show / Cancelled': 7,
      'Booked Procedure': 9,
      'Closed - Lost': 13,
    };
  }
  return {
    Lead: 9,
    'Attempting Contact': 14,
    'Active Conversation': 9,
    Escalated: 3,
    Scheduled: 4,
    'Post Consultation': 12,
    'No Show / Cancelled': 8,
    'Booked Procedure': 16,
    'Closed - Lost': 25,
  };
}

/** Phones and emails handed out so far in one practice: each is unique within the practice. */
class ContactBook {
  private readonly phones = new Set<string>();
  private readonly emails = new Set<string>();

  constructor(private readonly practice: SeedPractice) {
    // The practice's own line is never a lead's number.
    this.phones.add(practice.practiceNumber);
  }

  claim(phone: string, email: string): void {
    this.phones.add(phone);
    this.emails.add(email);
  }

  phone(rng: Rng): string {
    for (;;) {
      const suffix = String(rng.int(0, 9999)).padStart(4, '0');
      const phone = `+1${rng.pick(this.practice.areaCodes)}555${suffix}`;
      // 555-1212 is directory assistance; everything else in the 555 exchange is fine for demo data.
      if (suffix === '1212' || this.phones.has(phone)) continue;
      this.phones.add(phone);
      return phone;
    }
  }

  email(rng: Rng, first: string | null, last: string | null): string {
    const f = emailPart(first ?? 'guest');
    const l = emailPart(last ?? 'lead');
    const local = rng.pick([
      `${f}.${l}`,
      `${f}${l}`,
      `${f[0]}${l}`,
      `${f}_${l}${rng.int(1, 99)}`,
      `${f}.${l[0]}`,
    ]);
    let email = `${local}@${rng.pick(EMAIL_DOMAINS)}`;
    while (this.emails.has(email)) email = `${local}${rng.int(2, 999)}@${rng.pick(EMAIL_DOMAINS)}`;
    this.emails.add(email);
    return email;
  }
}

function namedPlans(practice: SeedPractice, book: ContactBook): LeadPlan[] {
  return (NAMED_LEADS[practice.practiceId] ?? []).map((lead) => {
    book.claim(lead.phone, lead.email);
    return {
      // The first seed's key (practice + email): these leads keep their ids.
      key: `${practice.practiceId}:${lead.email}`,
      person_id: seedId(`${practice.practiceId}:${lead.email}`),
      named: lead,
      stage: lead.stage,
      // A few minutes back for today's named leads, so their first reply is already in the past.
      daysAgo: lead.days_ago + 4 / 1440,
      first_name: lead.first_name,
      last_name: lead.last_name,
      phone: lead.phone,
      email: lead.email,
      procedures: lead.procedures,
      approval: lead.approval,
      markup: lead.markup ?? false,
    };
  });
}

function generatedPlan(practice: SeedPractice, index: number, book: ContactBook): LeadPlan {
  const key = `${practice.practiceId}:lead:${index}`;
  const rng = new Rng(key);
  // Squared uniform: more leads in recent weeks than a year ago (a growing practice); none in the last
  // 45 minutes, so the named "today" leads stay on top of the list.
  const daysAgo = Math.max(45 / 1440, 365 * rng.float() ** 2);
  const stage = rng.weighted(stageWeights(daysAgo));
  // A few leads came in by a call or text that gave no name ('Unknown' / 'LD' in the console).
  const nameless = index % 97 === 41;
  const first = nameless
    ? null
    : rng.chance(practice.feminineShare)
      ? rng.pick(FIRST_NAMES_FEMININE)
      : rng.pick(FIRST_NAMES_MASCULINE);
  const last = nameless ? null : rng.pick(LAST_NAMES);
  const noPhone = !nameless && rng.chance(0.05);
  const noEmail = nameless || (!noPhone && rng.chance(0.07));
  const count = rng.weighted({ '1': 55, '2': 32, '3': 13 });
  return {
    key,
    person_id: seedId(key),
    stage,
    daysAgo,
    first_name: first,
    last_name: last,
    phone: noPhone ? null : book.phone(rng),
    email: noEmail ? null : book.email(rng, first, last),
    procedures: rng.sample(practice.procedures, Number(count)).map((p) => p.name),
    markup: rng.chance(0.03),
  };
}

const reachable = (plan: LeadPlan) => Boolean(plan.phone && plan.email && plan.first_name);

/** Escalated leads that can take every outcome (call, SMS, email): promote conversations until enough. */
function ensureReachableEscalations(plans: LeadPlan[], practice: SeedPractice, rng: Rng): void {
  let have = plans.filter((p) => p.stage === 'Escalated' && reachable(p)).length;
  const candidates = rng.sample(
    plans.filter((p) => !p.named && p.stage === 'Active Conversation' && reachable(p) && p.daysAgo < 60),
    plans.length,
  );
  for (const plan of candidates) {
    if (have >= practice.minReachableEscalations) break;
    plan.stage = 'Escalated';
    have++;
  }
}

/** Open AI decisions waiting for approval, on active leads that have both a phone and an email. */
function assignApprovals(plans: LeadPlan[], practice: SeedPractice, rng: Rng): void {
  const candidates = rng.sample(
    plans.filter((p) => !p.named && ACTIVE_STAGES.includes(p.stage) && reachable(p)),
    plans.length,
  );
  const channels = [
    ...Array<'sms'>(practice.approvals.sms).fill('sms'),
    ...Array<'email'>(practice.approvals.email).fill('email'),
    ...Array<'phone'>(practice.approvals.call).fill('phone'),
  ];
  channels.forEach((channel, i) => {
    if (candidates[i]) candidates[i].approval = channel;
  });
}

/** Every lead of a practice, newest first. */
export function planPractice(practice: SeedPractice): LeadPlan[] {
  const book = new ContactBook(practice);
  const plans = namedPlans(practice, book);
  for (let i = 0; plans.length < practice.leadCount; i++) plans.push(generatedPlan(practice, i, book));
  const rng = new Rng(`${practice.practiceId}:plan`);
  ensureReachableEscalations(plans, practice, rng);
  assignApprovals(plans, practice, rng);
  return plans.sort((a, b) => a.daysAgo - b.daysAgo);
}
