import { DemoTenants, LEAD_STAGES } from '@pp/contracts';
import { buildPractice } from './build';
import { SEED_PRACTICES } from './practices';
import { seedId } from './prng';
import { EventRow, PracticeSeed } from './types';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const seeds = new Map(SEED_PRACTICES.map((p) => [p.practiceId, buildPractice(p, NOW)]));
const glow = seeds.get(DemoTenants.glowAestheticsId) as PracticeSeed;
const all = [...seeds.values()];

function eventsByPerson(seed: PracticeSeed): Map<string, EventRow[]> {
  const map = new Map<string, EventRow[]>();
  for (const e of seed.events) map.set(e.person_id, [...(map.get(e.person_id) ?? []), e]);
  return map;
}

describe('demo seed data', () => {
  it('gives the same data on every run', () => {
    const again = buildPractice(glow.practice, NOW);
    expect(again).toEqual(glow);
  });

  it('gives each demo practice several hundred leads of its own', () => {
    expect(seeds.get(DemoTenants.glowAestheticsId)?.persons).toHaveLength(400);
    expect(seeds.get(DemoTenants.northsideDentalId)?.persons).toHaveLength(300);
    expect(seeds.get(DemoTenants.lakeviewPlasticSurgeryId)?.persons).toHaveLength(150);
    for (const seed of all)
      expect(seed.persons.every((p) => p.practice_id === seed.practice.practiceId)).toBe(true);
  });

  it('keeps the first seed’s named leads with their ids', () => {
    const sofia = glow.persons.find((p) => p.person_id === 'fc7bf6db-1f5c-4372-841f-2429a97a5c30');
    expect(seedId(`${DemoTenants.glowAestheticsId}:sofia.marquez@mail.example`)).toBe(sofia?.person_id);
    expect(sofia).toMatchObject({ first_name: 'Sofia', last_name: 'Marquez', primary_phone: '+12145550131' });
    // Searching a named lead's last name finds that lead (the browser tests search "Marquez" and "Raman").
    expect(glow.persons.filter((p) => p.last_name === 'Marquez' || p.last_name === 'Raman')).toHaveLength(2);
    const maria = seeds
      .get(DemoTenants.northsideDentalId)
      ?.persons.find((p) => p.primary_email === 'maria.santos@mail.example');
    expect(maria).toMatchObject({ stage: 'Escalated', pending_review_type: 'escalate' });
  });

  it('spreads leads over every stage and the last twelve months', () => {
    for (const seed of all) {
      const stages = new Set(seed.persons.map((p) => p.stage));
      expect([...stages].sort()).toEqual([...LEAD_STAGES].sort());
      const ages = seed.persons.map((p) => (NOW - Date.parse(p.created_at)) / 86_400_000);
      expect(Math.max(...ages)).toBeGreaterThan(300);
      expect(Math.max(...ages)).toBeLessThan(366);
      expect(ages.filter((a) => a < 1).length).toBeGreaterThan(3);
    }
    const inFlight = glow.persons.filter((p) =>
      ['Lead', 'Attempting Contact', 'Active Conversation'].includes(p.stage),
    );
    expect(inFlight.length / glow.persons.length).toBeGreaterThan(0.35);
  });

  it('gives unique 555 phones on the practice’s area codes, with some leads lacking a phone, an email or a name', () => {
    for (const seed of all) {
      const phones = seed.persons.map((p) => p.primary_phone).filter((p): p is string => p !== null);
      expect(new Set(phones).size).toBe(phones.length);
      for (const phone of phones) {
        expect(phone).toMatch(/^\+1\d{3}555\d{4}$/);
        expect(seed.practice.areaCodes).toContain(phone.slice(2, 5));
      }
      const emails = seed.persons.map((p) => p.primary_email).filter((e): e is string => e !== null);
      expect(new Set(emails).size).toBe(emails.length);
      expect(emails.every((e) => /^[a-z0-9._]+@[a-z]+\.example$/.test(e))).toBe(true);
      expect(seed.persons.some((p) => !p.primary_phone)).toBe(true);
      expect(seed.persons.some((p) => !p.primary_email)).toBe(true);
      expect(seed.persons.some((p) => !p.first_name && !p.last_name)).toBe(true);
    }
  });

  it('writes 3 to 25 events per lead, between created_at and last_activity_at, none in the future', () => {
    for (const seed of all) {
      const byPerson = eventsByPerson(seed);
      for (const person of seed.persons) {
        const events = byPerson.get(person.person_id) ?? [];
        expect(events.length).toBeGreaterThanOrEqual(3);
        expect(events.length).toBeLessThanOrEqual(25);
        const times = events.map((e) => Date.parse(e.timestamp));
        expect(Math.min(...times)).toBe(Date.parse(person.created_at));
        expect(Math.max(...times)).toBe(Date.parse(person.last_activity_at));
        expect(Math.max(...times)).toBeLessThan(NOW);
      }
      expect(new Set(seed.events.map((e) => e.event_id)).size).toBe(seed.events.length);
    }
  });

  it('puts every escalated lead under review with an open ai_escalation event', () => {
    for (const seed of all) {
      const byPerson = eventsByPerson(seed);
      for (const person of seed.persons) {
        const escalated = person.stage === 'Escalated';
        expect(person.pending_review_type === 'escalate').toBe(escalated);
        if (!escalated) continue;
        expect(person.next_scheduled_action).toBeNull();
        const open = (byPerson.get(person.person_id) ?? []).filter(
          (e) => e.event_type === 'ai_escalation' && !e.content_data.outcome_logged,
        );
        expect(open).toHaveLength(1);
        expect(open[0].content_data).toEqual({ reason: expect.any(String), priority: expect.any(String) });
        expect(open[0].event_metadata.ai_reasoning).toEqual(expect.any(String));
      }
    }
    const reachable = glow.persons.filter(
      (p) => p.stage === 'Escalated' && p.primary_phone && p.primary_email,
    );
    expect(reachable.length).toBeGreaterThanOrEqual(10);
  });

  it('gives each open decision a pending_review event carrying it, on a lead awaiting approval', () => {
    for (const seed of all) {
      const events = new Map(seed.events.map((e) => [e.event_id, e]));
      const approval = seed.persons.filter((p) => p.pending_review_type === 'approval');
      expect(approval.map((p) => p.person_id).sort()).toEqual(seed.decisions.map((d) => d.person_id).sort());
      for (const decision of seed.decisions) {
        const person = seed.persons.find((p) => p.person_id === decision.person_id);
        expect(person?.next_scheduled_action).toBeNull();
        const event = events.get(decision.event_id);
        expect(event?.event_type).toBe('pending_review');
        expect(event?.person_id).toBe(decision.person_id);
        expect(event?.content_data).toEqual({
          original_decision: {
            decision_id: decision.decision_id,
            action_type: decision.action_type,
            channel: decision.channel,
            message: decision.message,
            subject: decision.subject,
            reasoning: decision.reasoning,
          },
          resolved_at: null,
        });
        if (decision.channel === 'email') expect(decision.subject).toEqual(expect.any(String));
        if (decision.channel !== 'email') expect(person?.primary_phone).not.toBeNull();
      }
    }
    const glowChannels = glow.decisions.map((d) => d.channel);
    expect(glowChannels.filter((c) => c === 'sms').length).toBeGreaterThanOrEqual(12);
    expect(glowChannels.filter((c) => c === 'email').length).toBeGreaterThanOrEqual(6);
  });

  it('marks about 15% unseen, the most recently active, and the rest seen after their last activity', () => {
    for (const seed of all) {
      const unseen = seed.persons.filter((p) => p.is_unseen);
      expect(unseen.length / seed.persons.length).toBeCloseTo(0.15, 1);
      for (const p of seed.persons.filter((q) => !q.is_unseen)) {
        expect(Date.parse(p.last_seen_at ?? '')).toBeGreaterThanOrEqual(Date.parse(p.last_activity_at));
      }
    }
  });

  it('has due, upcoming and overdue next actions', () => {
    const due = glow.persons.map((p) => p.next_scheduled_action).filter((d): d is string => d !== null);
    expect(due.some((d) => Date.parse(d) < NOW)).toBe(true);
    expect(due.some((d) => Date.parse(d) > NOW && Date.parse(d) < NOW + 3_600_000)).toBe(true);
    expect(due.some((d) => Date.parse(d) > NOW + 86_400_000)).toBe(true);
  });

  it('spreads scores over all three badge tiers and conversion over the colour thresholds', () => {
    const insights = glow.persons
      .map((p) => p.behavioral_insights)
      .filter((b) => b !== null)
      .map((b) => (typeof b === 'string' ? JSON.parse(b) : b));
    expect(insights.length / glow.persons.length).toBeGreaterThan(0.7);
    expect(glow.persons.some((p) => typeof p.behavioral_insights === 'string')).toBe(true);
    const scores = insights.map((b) => b.lead_intelligence.lead_score as number);
    expect(
      scores.some((s) => s >= 80) && scores.some((s) => s >= 60 && s < 80) && scores.some((s) => s < 60),
    ).toBe(true);
    const conversion = insights.map((b) => b.lead_intelligence.conversion_probability as number);
    expect(conversion.some((c) => c >= 0.7) && conversion.some((c) => c >= 0.4 && c < 0.7)).toBe(true);
    expect(conversion.some((c) => c < 0.4)).toBe(true);
  });

  it('merges calls by call_sid and leaves some forms for the 5-minute page merge', () => {
    const calls = glow.events.filter((e) =>
      ['phone_call_sent', 'phone_call_received'].includes(e.event_type),
    );
    const completed = new Map(
      glow.events
        .filter((e) => e.event_type === 'phone_call_completed')
        .map((e) => [e.content_data.call_sid, e]),
    );
    expect(calls.length).toBeGreaterThan(10);
    for (const call of calls)
      expect(completed.get(call.content_data.call_sid)?.content_data.status).toBe('completed');

    const byPerson = eventsByPerson(glow);
    const detached = glow.events.filter((e) => e.event_type === 'form_submission' && e.session_id === null);
    expect(detached.length).toBeGreaterThan(5);
    for (const form of detached) {
      const page = String(form.content_data.url).split('#')[0];
      const views = (byPerson.get(form.person_id) ?? []).filter(
        (e) =>
          e.event_type === 'pageview' &&
          e.content_data.url === page &&
          Math.abs(Date.parse(e.timestamp) - Date.parse(form.timestamp)) <= 5 * 60_000,
      );
      expect(views.length).toBeGreaterThan(0);
    }
    expect(
      glow.events.some((e) => e.event_type === 'pageview' && Number(e.content_data.duration_seconds) >= 120),
    ).toBe(true);
  });

  it('carries every kind of timeline event, and inbound texts with markup', () => {
    const types = new Set(glow.events.map((e) => e.event_type));
    for (const type of [
      'website_visit',
      'pageview',
      'form_submission',
      'sms_sent',
      'sms_received',
      'email_sent',
      'email_received',
      'phone_call_sent',
      'phone_call_received',
      'phone_call_completed',
      'scheduled_action',
      'action_executed',
      'ai_escalation',
      'appointment_scheduled',
      'appointment_rescheduled',
      'appointment_cancelled',
      'person_field_updated',
      'outreach_stopped',
      'pending_review',
    ]) {
      expect(types).toContain(type);
    }
    const inbound = JSON.stringify(
      glow.events
        .filter((e) => ['sms_received', 'form_submission'].includes(e.event_type))
        .map((e) => e.content_data),
    );
    expect(inbound).toContain('<script>alert(1)</script>');
    expect(inbound).toContain('<b>');
    expect(inbound).toContain('&');
    // The named Priya Raman has a text message with a script tag (the browser test's markup check).
    const priya = glow.persons.find((p) => p.primary_email === 'priya.raman@mail.example');
    const texts = glow.events.filter(
      (e) => e.person_id === priya?.person_id && e.event_type === 'sms_received',
    );
    expect(texts.some((e) => String(e.content_data.message).includes('<script>alert(1)</script>'))).toBe(
      true,
    );
  });

  it('gives no lead an avatar image the browser would fetch from another host (the console shows initials)', () => {
    for (const seed of all) {
      const enriched = seed.persons.filter((p) => p.enrichment_data);
      expect(enriched.length).toBeGreaterThan(0);
      expect(enriched.filter((p) => p.enrichment_data?.avatar != null)).toEqual([]);
      expect(JSON.stringify(seed)).not.toMatch(/pravatar|\.(png|jpe?g|gif|webp)\b/i);
    }
  });

  it('enriches about 60% of the leads', () => {
    const share = glow.persons.filter((p) => p.enrichment_data).length / glow.persons.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.7);
  });
});
