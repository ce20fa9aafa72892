import {
  ControlMode,
  DEFAULT_FOLLOW_UP_HOURS,
  ESCALATION_OUTCOMES,
  LeadAction,
  LeadActionMessages,
  PendingReviewTypes,
} from '@pp/contracts';
import { ContactMessages, missingContact } from '../outreach/send-rules';

export const ActionMessages = {
  smsMessage: LeadActionMessages.smsMessage,
  emailMessage: LeadActionMessages.emailMessage,
  noPhone: ContactMessages.noPhone,
  noEmail: ContactMessages.noEmail,
  optedOut: ContactMessages.optedOut,
  controlMode: 'Please choose who handles the follow-up (control_mode ai or human)',
} as const;

/** When an email sent from the escalation form arrives without a subject. */
export const DEFAULT_EMAIL_SUBJECT = 'Following up on your inquiry';

/** Switching back to AI with nothing planned: the AI looks at the lead again within the hour. */
export const AI_RESUME_HOURS = 1;

export interface ActionRequest {
  action: LeadAction;
  notes?: string | null;
  subject?: string | null;
  message?: string | null;
  follow_up_hours?: number | null;
  control_mode?: ControlMode | null;
}

/** The lead as the action finds it. */
export interface LeadState {
  stage: string;
  pending_review_type: string | null;
  control_mode: ControlMode;
  next_scheduled_action: Date | null;
  primary_phone: string | null;
  primary_email: string | null;
  /** The lead asked to be removed: the product sends nothing more. */
  opted_out: boolean;
  /** The lead's number is on the practice's block list: never texted (docs/decisions/0043-number-block-list.md). */
  phone_blocked?: boolean;
}

export interface PlannedEvent {
  event_type: string;
  content_data: Record<string, unknown>;
  /** Milliseconds after `now`: the follow-up plan is shown after the outcome it follows. */
  offset_ms: number;
}

export interface ActionPlan {
  stage: string;
  control_mode: ControlMode;
  next_scheduled_action: Date | null;
  /** The lead was escalated: the escalation is resolved by this outcome. */
  resolve_escalation: boolean;
  /** patient_wants_removal: stop all outreach and close a pending AI decision unsent. */
  opt_out: boolean;
  /** sms_sent / email_sent: staff's message goes out through the outreach queue. */
  send: { channel: 'sms' | 'email'; message: string; subject: string | null } | null;
  events: PlannedEvent[];
}

const HOUR_MS = 3_600_000;
const isOutcome = (action: LeadAction) => (ESCALATION_OUTCOMES as readonly string[]).includes(action);
const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * What logging an action does to a lead (docs/product/leads.md#escalations, lead-panel.md#quick-actions). Pure:
 * the service applies the plan in one transaction. Returns the message of the first rule broken.
 */
export function planLeadAction(
  request: ActionRequest,
  lead: LeadState,
  now: Date,
): ActionPlan | { problem: string } {
  const notes = text(request.notes);
  const action = request.action;

  if (action === 'phone_call_sent' && !text(lead.primary_phone)) return { problem: ActionMessages.noPhone };
  if (action === 'sms_sent' || action === 'email_sent') {
    const problem = missingContact(
      { ...lead, current_outreach_state: { opted_out: lead.opted_out } },
      action === 'sms_sent' ? 'sms' : 'email',
      { blocked: lead.phone_blocked === true },
    );
    if (problem) return { problem };
  }
  if (action === 'sms_sent' && !text(request.message)) return { problem: ActionMessages.smsMessage };
  if (action === 'email_sent' && !text(request.message)) return { problem: ActionMessages.emailMessage };
  if (action === 'switch_control_mode' && !request.control_mode)
    return { problem: ActionMessages.controlMode };

  // The six outcomes answer an escalation; switching control mode does not.
  const resolveEscalation = isOutcome(action) && lead.pending_review_type === PendingReviewTypes.escalate;
  const leaveEscalatedStage = isOutcome(action) && lead.stage === 'Escalated';

  if (action === 'patient_wants_removal') {
    return {
      stage: 'Closed - Lost',
      control_mode: 'human',
      next_scheduled_action: null,
      resolve_escalation: resolveEscalation,
      opt_out: true,
      send: null,
      events: [
        {
          event_type: 'outreach_stopped',
          content_data: { reason: 'patient_wants_removal', notes },
          offset_ms: 0,
        },
      ],
    };
  }

  const controlMode = request.control_mode ?? lead.control_mode;
  const next = nextAction(request, lead, controlMode, now);
  const events: PlannedEvent[] = [];
  let stage = leaveEscalatedStage ? 'Active Conversation' : lead.stage;
  let send: ActionPlan['send'] = null;

  switch (action) {
    case 'phone_call_sent':
      events.push({ event_type: 'phone_call_sent', content_data: { notes, channel: 'phone' }, offset_ms: 0 });
      break;
    case 'sms_sent':
      send = { channel: 'sms', message: text(request.message) as string, subject: null };
      break;
    case 'email_sent':
      send = {
        channel: 'email',
        message: text(request.message) as string,
        subject: text(request.subject) ?? DEFAULT_EMAIL_SUBJECT,
      };
      break;
    case 'patient_scheduled':
      stage = 'Scheduled';
      events.push({ event_type: 'action_executed', content_data: { action, notes }, offset_ms: 0 });
      break;
    case 'snooze':
      events.push({ event_type: 'action_executed', content_data: { action, notes }, offset_ms: 0 });
      break;
    case 'switch_control_mode':
      events.push({
        event_type: 'action_executed',
        content_data: { action, control_mode: controlMode, notes },
        offset_ms: 0,
      });
      break;
  }

  events.push({
    event_type: 'scheduled_action',
    content_data: {
      action_type: 'follow_up',
      start_time: next.toISOString(),
      reason: followUpReason(action, controlMode),
      control_mode: controlMode,
    },
    offset_ms: 1,
  });

  return {
    stage,
    control_mode: controlMode,
    next_scheduled_action: next,
    resolve_escalation: resolveEscalation,
    opt_out: false,
    send,
    events,
  };
}

/**
 * now + follow_up_hours (default 24). Switching control mode without a follow-up choice keeps a next
 * action still ahead; with none ahead, the AI resumes within the hour and staff get the default.
 */
function nextAction(request: ActionRequest, lead: LeadState, controlMode: ControlMode, now: Date): Date {
  if (request.follow_up_hours) return new Date(now.getTime() + request.follow_up_hours * HOUR_MS);
  if (request.action === 'switch_control_mode') {
    if (lead.next_scheduled_action && lead.next_scheduled_action > now) return lead.next_scheduled_action;
    if (controlMode === 'ai') return new Date(now.getTime() + AI_RESUME_HOURS * HOUR_MS);
  }
  return new Date(now.getTime() + DEFAULT_FOLLOW_UP_HOURS * HOUR_MS);
}

const REASONS: Record<LeadAction, string> = {
  phone_call_sent: 'Follow up after the phone call',
  sms_sent: 'Follow up after the SMS',
  email_sent: 'Follow up after the email',
  patient_scheduled: 'Follow up after scheduling the consultation',
  patient_wants_removal: 'Outreach stopped',
  snooze: 'Snoozed until the follow-up time',
  switch_control_mode: 'Control mode changed',
};

function followUpReason(action: LeadAction, controlMode: ControlMode): string {
  if (action === 'switch_control_mode') {
    return controlMode === 'ai' ? LeadActionMessages.switchedToAi : 'Switched to manual review';
  }
  return `${REASONS[action]} (${controlMode === 'ai' ? 'AI handles it' : 'staff handle it'})`;
}
