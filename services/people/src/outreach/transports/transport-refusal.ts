/** Why a provider refused a message for good (nothing went out, and trying again would not help). */
export type RefusalKind =
  /** The recipient unsubscribed at the carrier (Twilio 21610): the lead is opted out. */
  | 'recipient_opted_out'
  /** The number cannot receive messages (Twilio 21211): the phone is flagged on the lead. */
  | 'invalid_number'
  /** Any other refusal, or an answer that never came (the message may have left: never sent again). */
  | 'rejected';

/**
 * Thrown by a transport when a send must not be retried. OutreachSender fails the ledger row with the reason
 * and tells the RecipientRefusedHook, which applies the refusal to the lead.
 */
export class TransportRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The provider's error code, e.g. 21610. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'TransportRefusal';
  }
}
