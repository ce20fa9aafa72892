import { ActionMessages, ActionPlan, DEFAULT_EMAIL_SUBJECT, LeadState, planLeadAction } from './action-plan';

const now = new Date('2030-05-01T12:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

const lead = (overrides: Partial<LeadState> = {}): LeadState => ({
  stage: 'Active Conversation',
  pending_review_type: null,
  control_mode: 'ai',
  next_scheduled_action: null,
  primary_phone: '+12145550131',
  primary_email: 'sofia@mail.example',
  opted_out: false,
  ...overrides,
});

function plan(...args: Parameters<typeof planLeadAction>): ActionPlan {
  const result = planLeadAction(...args);
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

describe('planLeadAction', () => {
  it('refuses staff a text to a blocked number, and still lets them e-mail the lead or log a call', () => {
    const blocked = lead({ phone_blocked: true });
    expect(planLeadAction({ action: 'sms_sent', message: 'Hi' }, blocked, now)).toEqual({
      problem: "This number is on the practice's block list: the product never texts or calls it.",
    });
    expect(plan({ action: 'email_sent', message: 'Hi' }, blocked, now).send?.channel).toBe('email');
    expect(plan({ action: 'phone_call_sent' }, blocked, now).send).toBeNull();
  });

  it('sends nothing more to a lead who asked to be removed, but still lets staff log a call', () => {
    const optedOut = lead({ opted_out: true, stage: 'Closed - Lost' });
    expect(planLeadAction({ action: 'sms_sent', message: 'Hi' }, optedOut, now)).toEqual({
      problem: ActionMessages.optedOut,
    });
    expect(planLeadAction({ action: 'email_sent', message: 'Hi' }, optedOut, now)).toEqual({
      problem: 'This lead asked not to be contacted',
    });
    expect(plan({ action: 'phone_call_sent' }, optedOut, now).send).toBeNull();
  });

  it('logs a call with a follow-up after the default 24 hours, keeping the control mode', () => {
    const result = plan({ action: 'phone_call_sent', notes: ' Left a voicemail ' }, lead(), now);
    expect(result.next_scheduled_action).toEqual(hours(24));
    expect(result.control_mode).toBe('ai');
    expect(result.send).toBeNull();
    expect(result.events.map((e) => e.event_type)).toEqual(['phone_call_sent', 'scheduled_action']);
    expect(result.events[0].content_data).toEqual({ notes: 'Left a voicemail', channel: 'phone' });
    expect(result.events[1].content_data).toMatchObject({
      action_type: 'follow_up',
      start_time: hours(24).toISOString(),
    });
  });

  it('uses the chosen follow-up hours and control mode', () => {
    const result = plan({ action: 'snooze', follow_up_hours: 168, control_mode: 'human' }, lead(), now);
    expect(result.next_scheduled_action).toEqual(hours(168));
    expect(result.control_mode).toBe('human');
    expect(result.events[0]).toMatchObject({
      event_type: 'action_executed',
      content_data: { action: 'snooze' },
    });
  });

  it('sends an SMS or an email through the queue, with the default subject when none is given', () => {
    expect(plan({ action: 'sms_sent', message: ' See you soon ' }, lead(), now).send).toEqual({
      channel: 'sms',
      message: 'See you soon',
      subject: null,
    });
    expect(plan({ action: 'email_sent', message: 'Hello' }, lead(), now).send).toEqual({
      channel: 'email',
      message: 'Hello',
      subject: DEFAULT_EMAIL_SUBJECT,
    });
  });

  it('requires the message of an SMS or an email, and the contact it goes to', () => {
    expect(planLeadAction({ action: 'sms_sent', message: '  ' }, lead(), now)).toEqual({
      problem: 'Please enter the SMS message',
    });
    expect(planLeadAction({ action: 'email_sent' }, lead(), now)).toEqual({
      problem: 'Please enter the email message',
    });
    expect(planLeadAction({ action: 'sms_sent', message: 'Hi' }, lead({ primary_phone: null }), now)).toEqual(
      {
        problem: ActionMessages.noPhone,
      },
    );
    expect(planLeadAction({ action: 'phone_call_sent' }, lead({ primary_phone: null }), now)).toEqual({
      problem: ActionMessages.noPhone,
    });
    expect(
      planLeadAction({ action: 'email_sent', message: 'Hi' }, lead({ primary_email: null }), now),
    ).toEqual({ problem: ActionMessages.noEmail });
  });

  it('moves a scheduled patient to Scheduled', () => {
    const result = plan(
      { action: 'patient_scheduled', notes: 'Consult booked' },
      lead({ stage: 'Escalated' }),
      now,
    );
    expect(result.stage).toBe('Scheduled');
    expect(result.events[0].content_data).toEqual({ action: 'patient_scheduled', notes: 'Consult booked' });
  });

  it('closes a lead who wants removal: Closed - Lost, human control, nothing scheduled, opted out', () => {
    const result = plan(
      { action: 'patient_wants_removal', follow_up_hours: 4, control_mode: 'ai' },
      lead({ pending_review_type: 'escalate', stage: 'Escalated', next_scheduled_action: hours(3) }),
      now,
    );
    expect(result).toMatchObject({
      stage: 'Closed - Lost',
      control_mode: 'human',
      next_scheduled_action: null,
      opt_out: true,
      resolve_escalation: true,
    });
    expect(result.events).toEqual([
      {
        event_type: 'outreach_stopped',
        content_data: { reason: 'patient_wants_removal', notes: null },
        offset_ms: 0,
      },
    ]);
  });

  it('resolves an escalation and leaves the Escalated stage for Active Conversation', () => {
    const result = plan(
      { action: 'snooze' },
      lead({ pending_review_type: 'escalate', stage: 'Escalated' }),
      now,
    );
    expect(result.resolve_escalation).toBe(true);
    expect(result.stage).toBe('Active Conversation');
  });

  it('does not touch an approval review or a stage other than Escalated', () => {
    const result = plan(
      { action: 'snooze' },
      lead({ pending_review_type: 'approval', stage: 'Scheduled' }),
      now,
    );
    expect(result.resolve_escalation).toBe(false);
    expect(result.stage).toBe('Scheduled');
  });

  describe('switch_control_mode', () => {
    it('requires the control mode', () => {
      expect(planLeadAction({ action: 'switch_control_mode' }, lead(), now)).toEqual({
        problem: ActionMessages.controlMode,
      });
    });

    it('back to AI with nothing ahead: the AI looks again within the hour', () => {
      const result = plan(
        { action: 'switch_control_mode', control_mode: 'ai', notes: 'Switched back to AI control' },
        lead({ control_mode: 'human', next_scheduled_action: hours(-2) }),
        now,
      );
      expect(result.next_scheduled_action).toEqual(hours(1));
      expect(result.control_mode).toBe('ai');
      expect(result.events[0].content_data).toEqual({
        action: 'switch_control_mode',
        control_mode: 'ai',
        notes: 'Switched back to AI control',
      });
    });

    it('keeps a next action still ahead unless follow-up hours are given', () => {
      const ahead = lead({ control_mode: 'human', next_scheduled_action: hours(5) });
      expect(
        plan({ action: 'switch_control_mode', control_mode: 'ai' }, ahead, now).next_scheduled_action,
      ).toEqual(hours(5));
      expect(
        plan({ action: 'switch_control_mode', control_mode: 'ai', follow_up_hours: 48 }, ahead, now)
          .next_scheduled_action,
      ).toEqual(hours(48));
    });

    it('does not resolve an escalation or leave the Escalated stage', () => {
      const result = plan(
        { action: 'switch_control_mode', control_mode: 'human' },
        lead({ pending_review_type: 'escalate', stage: 'Escalated' }),
        now,
      );
      expect(result.resolve_escalation).toBe(false);
      expect(result.stage).toBe('Escalated');
      expect(result.next_scheduled_action).toEqual(hours(24));
    });
  });
});
