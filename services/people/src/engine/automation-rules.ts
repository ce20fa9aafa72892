import { REVIEW_BELOW_CONFIDENCE } from '@pp/ai';
import type { AutomationLevel } from './practice-settings';

/**
 * What the practice's automation level lets the AI do with a drafted message
 * (docs/product/ai-engine.md#acting-and-automation-levels): manual — every message waits for staff; semi_auto — the first
 * contact waits, later messages go; full_auto — everything goes.
 */
export function requiresReview(level: AutomationLevel, firstContact: boolean): boolean {
  if (level === 'manual') return true;
  if (level === 'semi_auto') return firstContact;
  return false;
}

/**
 * Why a reply the automation level would send waits for staff instead: the AI was not sure of its reading
 * (docs/decisions/0034-learned-reader.md). Null when it was sure enough, or said nothing (a plan without a
 * reading: a reminder, a first contact without a message).
 */
export function lowConfidenceReview(confidence: number | undefined): string | null {
  if (confidence === undefined || confidence >= REVIEW_BELOW_CONFIDENCE) return null;
  return `Low confidence (${Math.round(confidence * 100)}%): the AI is not sure it read the message right, so a person approves this reply before it goes.`;
}

/** The decision's action type (docs/product/lead-panel.md#pending-decision): first messages are *_initial. */
export function pendingActionType(channel: 'sms' | 'email' | 'phone', firstContact: boolean): string {
  if (channel === 'phone') return 'schedule_call';
  if (channel === 'sms') return firstContact ? 'sms_initial' : 'send_sms';
  return firstContact ? 'email_initial' : 'send_email';
}
