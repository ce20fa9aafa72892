import { channelPermission, closedChannelMessage, ConsentFacts } from '../engine/consent-rules';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { missingContact } from '../outreach/send-rules';
import { OutreachChannel } from '../outreach/transports/channel-transport';
import { Person } from '../persons/person.entity';
import { PendingDecision } from './pending-decision.entity';

/** The idempotency key of an approved or edited decision's send: one per decision, however it is sent. */
export const decisionSendKey = (decisionId: string) => `decision:${decisionId}`;

/**
 * Why an approved decision may not go to the lead on its channel, or null when it may: the lead opted out, has no
 * address for it, its number is on the practice's block list (`blocked`, ADR 0043), or did not agree to it
 * (docs/product/ai-engine.md#consent-to-contact). Checked when staff approve and again when a held send falls due.
 */
export function approvalProblem(
  person: Person,
  channel: OutreachChannel,
  consent: ConsentFacts,
  blocked = false,
): string | null {
  const missing = missingContact(person, channel, { blocked });
  if (missing) return missing;
  const permission = channelPermission(consent, channel);
  return permission.allowed ? null : closedChannelMessage(channel, permission);
}

/** The send of a resolved decision: the message as approved or corrected, in the name of who resolved it. */
export function approvedSendJob(
  decision: Pick<
    PendingDecision,
    | 'decision_id'
    | 'practice_id'
    | 'person_id'
    | 'action_type'
    | 'subject'
    | 'status'
    | 'final_message'
    | 'resolved_by_name'
  >,
  channel: OutreachChannel,
): SendMessageJob {
  return {
    idempotency_key: decisionSendKey(decision.decision_id),
    practice_id: decision.practice_id,
    person_id: decision.person_id,
    channel,
    action_type: decision.action_type,
    message: decision.final_message ?? '',
    subject: decision.subject,
    source: 'ai_decision',
    decision_id: decision.decision_id,
    edited: decision.status === 'edited',
    notes: null,
    requested_by_name: decision.resolved_by_name,
  };
}
