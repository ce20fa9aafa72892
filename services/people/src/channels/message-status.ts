/**
 * The delivery status of an outbound SMS on its timeline event (docs/product/channels.md#delivery-status), as
 * Twilio's status callbacks report it. Callbacks may arrive out of order: a status never moves back (a late
 * 'sent' does not undo 'delivered').
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/** Twilio's MessageStatus as the product's, or null for one it does not show (accepted, sending, read...). */
export function messageStatus(value: unknown): MessageStatus | null {
  if (value === 'accepted' || value === 'scheduled' || value === 'sending') return null;
  return (MESSAGE_STATUSES as readonly unknown[]).includes(value) ? (value as MessageStatus) : null;
}

/** The status the event shows after a callback: the reported one, unless the event already went further. */
export function nextStatus(current: unknown, reported: MessageStatus): MessageStatus | null {
  const now = messageStatus(current);
  if (now && (RANK[now] > RANK[reported] || now === reported)) return null;
  return reported;
}
