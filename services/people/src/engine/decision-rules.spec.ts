import type { ConsentFacts } from './consent-rules';
import { channelWhenDue, chooseChannel, decide, DecisionInput, nextFollowUp } from './decision-rules';
import { pendingActionType, requiresReview } from './automation-rules';

const LA = 'America/Los_Angeles';
const noonLA = new Date('2025-06-10T19:00:00Z');

function input(overrides: Partial<DecisionInput> = {}, u: Partial<DecisionInput['understanding']> = {}) {
  return {
    understanding: {
      intent: 'pricing',
      escalation: null,
      confidence: 0.9,
      preferred_contact_method: null,
      urgency_level: 'medium',
      ...u,
    },
    trigger: { channel: 'form', text: 'How much is Botox?' },
    lead: {
      stage: 'Lead',
      control_mode: 'ai',
      opted_out: false,
      has_phone: true,
      has_email: true,
      contacted_before: false,
    },
    practice: {
      channels: { sms: true, email: true, phone: true },
      timeZone: LA,
      hours: null,
      contact: { zones: [LA], state: null },
    },
    now: noonLA,
    ...overrides,
  } as DecisionInput;
}

describe('decide', () => {
  it('plans a first SMS now for a new lead with a phone during the day', () => {
    expect(decide(input())).toMatchObject({
      type: 'act',
      action: { kind: 'first_contact', channel: 'sms', due_at: noonLA, follow_up_number: null },
    });
  });

  it('schedules the SMS at 08:00 local when the lead writes at 23:00 in Los Angeles and has no e-mail', () => {
    const lead = { ...input().lead, has_email: false };
    const decision = decide(input({ now: new Date('2025-06-11T06:00:00Z'), lead }));
    expect(decision).toMatchObject({ type: 'act', action: { channel: 'sms' } });
    if (decision.type === 'act')
      expect(decision.action.due_at.toISOString()).toBe('2025-06-11T15:00:00.000Z');
  });

  it('answers at 23:00 by e-mail at once rather than by SMS in the morning, unless the lead asked for SMS or texted', () => {
    const night = new Date('2025-06-11T06:00:00Z');
    expect(decide(input({ now: night }))).toMatchObject({
      type: 'act',
      action: { channel: 'email', due_at: night },
    });
    const asked = decide(input({ now: night }, { preferred_contact_method: 'sms' }));
    expect(asked).toMatchObject({ type: 'act', action: { channel: 'sms' } });
    if (asked.type === 'act') expect(asked.action.due_at.toISOString()).toBe('2025-06-11T15:00:00.000Z');
    const texted = decide(input({ now: night, trigger: { channel: 'sms', text: 'how much is botox' } }));
    expect(texted).toMatchObject({ type: 'act', action: { channel: 'sms' } });
    // Email switched off by the practice: the SMS waits for the morning.
    const practice = { ...input().practice, channels: { sms: true, email: false, phone: true } };
    expect(decide(input({ now: night, practice }))).toMatchObject({ action: { channel: 'sms' } });
  });

  it('stops outreach and closes the lead on an opt-out or spam; a wrong number only stops', () => {
    expect(decide(input({}, { intent: 'opt_out' }))).toEqual({
      type: 'stop',
      reason: 'opt_out',
      close: true,
    });
    expect(decide(input({}, { intent: 'spam' }))).toEqual({ type: 'stop', reason: 'spam', close: true });
    expect(decide(input({}, { intent: 'wrong_number' }))).toEqual({
      type: 'stop',
      reason: 'wrong_number',
      close: false,
    });
  });

  it('records an opt-out that tells a symptom and escalates it, instead of closing the lead', () => {
    const text = 'STOP texting me. my lip went white after the filler';
    const symptom = { reason: 'post_treatment_symptoms', priority: 'high', evidence: 'went white' } as const;
    expect(
      decide(input({ trigger: { channel: 'sms', text } }, { intent: 'opt_out', escalation: symptom })),
    ).toEqual({
      type: 'escalate',
      reason: 'post_treatment_symptoms',
      priority: 'high',
      message: text,
      optOut: true,
    });
  });

  it('escalates a finding with its reason, priority and the message excerpt', () => {
    const decision = decide(
      input(
        { trigger: { channel: 'sms', text: 'My lip is swollen and hot since the filler yesterday' } },
        { escalation: { reason: 'post_treatment_symptoms', priority: 'high', evidence: 'swollen' } },
      ),
    );
    expect(decision).toEqual({
      type: 'escalate',
      reason: 'post_treatment_symptoms',
      priority: 'high',
      message: 'My lip is swollen and hot since the filler yesterday',
    });
  });

  it('escalates a message it cannot read with confidence, but not a lead without a message', () => {
    expect(decide(input({}, { confidence: 0.2 }))).toMatchObject({
      type: 'escalate',
      reason: 'low_confidence',
    });
    expect(decide(input({ trigger: { channel: 'manual', text: null } }, { confidence: 0.2 }))).toMatchObject({
      type: 'act',
    });
  });

  it('does nothing for a lead under human control or in a booked or closed stage', () => {
    expect(decide(input({ lead: { ...input().lead, control_mode: 'human' } }))).toMatchObject({
      type: 'none',
    });
    for (const stage of ['Scheduled', 'Booked Procedure', 'Closed - Lost', 'Post Consultation']) {
      expect(decide(input({ lead: { ...input().lead, stage } }))).toMatchObject({ type: 'none' });
    }
  });

  it('replies on the channel the lead wrote on, once contacted', () => {
    const decision = decide(
      input({
        trigger: { channel: 'email', text: 'Do you have evening slots?' },
        lead: { ...input().lead, contacted_before: true },
      }),
    );
    expect(decision).toMatchObject({ type: 'act', action: { kind: 'reply', channel: 'email' } });
  });

  it('goes on with the cadence when the engine looks again at a quiet lead', () => {
    const decision = decide(
      input({
        trigger: { channel: 'manual', text: null },
        lead: { ...input().lead, contacted_before: true },
        quiet: { sent_follow_ups: 1, last_outbound_at: new Date('2025-06-01T19:00:00Z') },
      }),
    );
    expect(decision).toMatchObject({
      type: 'act',
      action: { kind: 'follow_up', channel: 'email', follow_up_number: 2 },
    });
  });
});

describe('consent in the choice of channel', () => {
  const at = new Date('2025-06-10T18:59:00Z');
  /** A form lead whose form gave or refused each channel. */
  const form = (given: Partial<Record<'sms' | 'phone' | 'email', boolean>>): ConsentFacts => ({
    from_form: true,
    records: Object.entries(given).map(([channel, granted]) => ({
      channel: channel as 'sms' | 'phone' | 'email',
      granted: granted as boolean,
      at,
    })),
    wrote: {},
  });
  const lead = (consent: ConsentFacts, change: Partial<DecisionInput['lead']> = {}) => ({
    ...input().lead,
    consent,
    ...change,
  });

  it('e-mails a lead whose form refused texts and calls, at once even at night', () => {
    const consent = form({ sms: false, phone: false, email: true });
    expect(decide(input({ lead: lead(consent) }))).toMatchObject({
      type: 'act',
      action: { kind: 'first_contact', channel: 'email', due_at: noonLA },
    });
    // Asking for SMS does not override the refusal on the form.
    expect(decide(input({ lead: lead(consent) }, { preferred_contact_method: 'sms' }))).toMatchObject({
      action: { channel: 'email' },
    });
  });

  it('contacts nobody, saying why, when the only channels that reach the lead were refused', () => {
    const consent = form({ sms: false, phone: false });
    expect(decide(input({ lead: lead(consent, { has_email: false }) }))).toEqual({
      type: 'none',
      reason: 'no_consent',
      why: 'The AI does not contact this lead: the lead refused texts and calls on the website form. Staff may reach out; the AI answers when the lead writes',
    });
    // No address at all is not a matter of consent.
    expect(decide(input({ lead: lead(consent, { has_email: false, has_phone: false }) }))).toEqual({
      type: 'none',
      why: 'No channel the practice enabled reaches this lead',
    });
  });

  it('answers by SMS a lead who refused texts on the form but then texted', () => {
    const consent = {
      ...form({ sms: false, phone: false }),
      wrote: { sms: new Date('2025-06-10T18:59:30Z') },
    };
    const decision = decide(
      input({
        trigger: { channel: 'sms', text: 'actually can you text me the price?' },
        lead: lead(consent, { has_email: false }),
      }),
    );
    expect(decision).toMatchObject({ type: 'act', action: { channel: 'sms' } });
  });

  it('texts a lead staff created: staff vouch for it', () => {
    const staff: ConsentFacts = { from_form: false, records: [], wrote: {} };
    expect(decide(input({ lead: lead(staff) }))).toMatchObject({ type: 'act', action: { channel: 'sms' } });
  });

  it('follows up only on agreed channels, and says why when none of the step is left', () => {
    const quiet = { sent_follow_ups: 0, last_outbound_at: new Date('2025-06-01T19:00:00Z') };
    const trigger = { channel: 'manual' as const, text: null };
    const emailOnly = lead(form({ sms: false, phone: false, email: true }), { contacted_before: true });
    expect(decide(input({ trigger, lead: emailOnly, quiet }))).toMatchObject({
      type: 'act',
      action: { kind: 'follow_up', channel: 'email', follow_up_number: 1 },
    });
    const none = lead(form({ sms: false, phone: false }), { contacted_before: true, has_email: false });
    expect(decide(input({ trigger, lead: none, quiet }))).toMatchObject({
      type: 'none',
      reason: 'no_consent',
    });
  });

  it('when due, keeps the planned channel, moves a follow-up to the other one of its step, or finds none', () => {
    const enabled = { sms: true, email: true, phone: true };
    const emailOnly = lead(form({ sms: false, phone: false, email: true }));
    expect(
      channelWhenDue({ kind: 'follow_up', channel: 'sms', follow_up_number: 1 }, emailOnly, enabled),
    ).toBe('email');
    expect(
      channelWhenDue({ kind: 'reply', channel: 'sms', follow_up_number: null }, emailOnly, enabled),
    ).toBeNull();
    expect(
      channelWhenDue({ kind: 'reply', channel: 'email', follow_up_number: null }, emailOnly, enabled),
    ).toBe('email');
    // Without consent facts (not read), the plan stands.
    expect(
      channelWhenDue({ kind: 'reply', channel: 'sms', follow_up_number: null }, input().lead, enabled),
    ).toBe('sms');
  });
});

describe('chooseChannel', () => {
  const enabled = { sms: true, email: true, phone: true };
  it('takes the preferred channel when the lead is reachable on it', () => {
    expect(
      chooseChannel({
        preferred: 'email',
        inbound: 'form',
        lead: { has_phone: true, has_email: true },
        enabled,
      }),
    ).toBe('email');
  });
  it('uses SMS for a phone-only lead and email for an email-only lead', () => {
    expect(
      chooseChannel({
        preferred: null,
        inbound: 'form',
        lead: { has_phone: true, has_email: false },
        enabled,
      }),
    ).toBe('sms');
    expect(
      chooseChannel({
        preferred: null,
        inbound: 'form',
        lead: { has_phone: false, has_email: true },
        enabled,
      }),
    ).toBe('email');
  });
  it('skips channels the practice switched off', () => {
    expect(
      chooseChannel({
        preferred: 'sms',
        inbound: 'sms',
        lead: { has_phone: true, has_email: true },
        enabled: { sms: false, email: true, phone: true },
      }),
    ).toBe('email');
    expect(
      chooseChannel({
        preferred: null,
        inbound: 'form',
        lead: { has_phone: false, has_email: true },
        enabled: { sms: true, email: false, phone: true },
      }),
    ).toBeNull();
  });
});

describe('nextFollowUp', () => {
  const base = {
    last_outbound_at: noonLA,
    lead: input().lead,
    practice: input().practice,
  };
  it('follows up after 1 day by SMS, 3 days by email, 7 days by SMS, then stops', () => {
    expect(nextFollowUp({ ...base, sent_follow_ups: 0 })).toMatchObject({
      channel: 'sms',
      follow_up_number: 1,
      due_at: new Date('2025-06-11T19:00:00Z'),
    });
    expect(nextFollowUp({ ...base, sent_follow_ups: 1 })).toMatchObject({
      channel: 'email',
      due_at: new Date('2025-06-13T19:00:00Z'),
    });
    expect(nextFollowUp({ ...base, sent_follow_ups: 2 })).toMatchObject({
      channel: 'sms',
      due_at: new Date('2025-06-17T19:00:00Z'),
    });
    expect(nextFollowUp({ ...base, sent_follow_ups: 3 })).toBeNull();
  });
  it('stops for a booked, opted-out or human-controlled lead', () => {
    expect(
      nextFollowUp({ ...base, sent_follow_ups: 0, lead: { ...base.lead, stage: 'Scheduled' } }),
    ).toBeNull();
    expect(nextFollowUp({ ...base, sent_follow_ups: 0, lead: { ...base.lead, opted_out: true } })).toBeNull();
    expect(
      nextFollowUp({ ...base, sent_follow_ups: 0, lead: { ...base.lead, control_mode: 'human' } }),
    ).toBeNull();
  });
});

describe('automation levels', () => {
  it('manual reviews everything, semi_auto only the first contact, full_auto nothing', () => {
    expect([requiresReview('manual', true), requiresReview('manual', false)]).toEqual([true, true]);
    expect([requiresReview('semi_auto', true), requiresReview('semi_auto', false)]).toEqual([true, false]);
    expect([requiresReview('full_auto', true), requiresReview('full_auto', false)]).toEqual([false, false]);
  });
  it('names decisions as the lead panel reads them', () => {
    expect(pendingActionType('sms', true)).toBe('sms_initial');
    expect(pendingActionType('sms', false)).toBe('send_sms');
    expect(pendingActionType('email', true)).toBe('email_initial');
    expect(pendingActionType('email', false)).toBe('send_email');
    expect(pendingActionType('phone', true)).toBe('schedule_call');
  });
});
