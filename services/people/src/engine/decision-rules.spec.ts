import { chooseChannel, decide, DecisionInput, nextFollowUp } from './decision-rules';
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
    practice: { channels: { sms: true, email: true, phone: true }, timeZone: LA, hours: null },
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
