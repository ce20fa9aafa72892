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

/**
 * Automatic texts a number that has never texted or called the practice gets in 24 hours
 * (docs/decisions/0040-no-free-calls.md).
 */
export const SILENT_NUMBER_TEXTS_PER_DAY = 1;

/**
 * Why a text or call the automation level would send waits for staff instead: the number was typed into a public
 * form and has never texted or called the practice, so nobody has shown it is theirs
 * (docs/decisions/0040-no-free-calls.md).
 * Such a number gets no automatic call at all, and at most one automatic text a day until it writes or calls;
 * staff approve anything more. Null for e-mail, for a number someone answers for (it wrote or called, or staff
 * entered it), and for a lead without one.
 */
export function silentNumberReview(
  channel: 'sms' | 'email' | 'phone',
  facts: { vouched: boolean; textsOrCallsToday: number } | undefined,
): string | null {
  if (channel === 'email' || !facts || facts.vouched) return null;
  if (channel === 'phone') {
    return 'This number has never texted or called the practice: a person approves the first call to it, so a number typed into a form is never called on its own.';
  }
  if (facts.textsOrCallsToday >= SILENT_NUMBER_TEXTS_PER_DAY) {
    return 'This number was already texted today and has never texted or called the practice: a person approves another text to it.';
  }
  return null;
}
