import type { MessageStatus } from '../../channels/message-status';
import type { OutreachChannel, TransportReceipt } from '../transports/channel-transport';

/** The name of the job on the `outreach` queue that sends one message. */
export const SEND_MESSAGE_JOB = 'send-message';

/**
 * The name of the job that sends several messages recorded together (a batch of first contacts, ADR 0032):
 * its data is a `SendBatchJob`. Each message keeps its own ledger row, so one whose job was lost is sent again
 * alone (OutreachRecovery adds a `send-message` job).
 */
export const SEND_BATCH_JOB = 'send-batch';

/** At most this many messages in one `send-batch` job (one transaction records them, their leads locked). */
export const SEND_BATCH_SIZE = 50;

/** Data of a `send-message` job on the `outreach` queue. The ledger row of its key holds the same. */
export interface SendMessageJob {
  /** `decision:<decision_id>` for an approved or edited AI decision, `action:<uuid>` for a staff send. */
  idempotency_key: string;
  practice_id: string;
  person_id: string;
  channel: OutreachChannel;
  /** send_sms, email_initial, schedule_call ... for AI decisions; sms_sent / email_sent for staff sends. */
  action_type: string;
  message: string;
  subject: string | null;
  /** compliance: the one confirmation of an opt-out (STOP), sent although the lead is now opted out.
   * auto_reply: the practice's automatic text-back after a missed call (channels/voice). */
  source: 'ai_decision' | 'human_action' | 'compliance' | 'auto_reply';
  decision_id: string | null;
  /** Staff corrected the AI's message before it went out. */
  edited: boolean;
  notes: string | null;
  /** Who approved (AI decision) or wrote (staff send) it. */
  requested_by_name: string | null;
}

/**
 * A sent job as its ledger row keeps it: with the transport's receipt and the address it went to, and the delivery
 * status Twilio reported before its timeline event was written (the event starts at it).
 */
export type SentMessageJob = SendMessageJob & {
  receipt?: TransportReceipt;
  to?: string;
  reported?: { status: MessageStatus; error_code?: string };
};

/** Data of a `send-batch` job: the sends, each as its own `send-message` job would carry it. */
export interface SendBatchJob {
  jobs: SendMessageJob[];
}
