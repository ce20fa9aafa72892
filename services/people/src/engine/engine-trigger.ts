import { EntityManager } from 'typeorm';

/** Something a lead said or did that the AI engine must look at (docs/product/ai-engine.md#understanding-deciding-acting). */
export interface InquiryTrigger {
  practice_id: string;
  person_id: string;
  /** The timeline event that carries the inquiry (form_submission, sms_received, email_received, a call's phone_call_received or phone_call_completed…), or null
   * for a lead staff created without a message. */
  event_id: string | null;
  channel: 'form' | 'sms' | 'email' | 'chat' | 'phone' | 'manual';
  /** When the product received it: the start of speed to lead. */
  received_at: Date;
}

/**
 * How intake hands a lead to the engine: called inside the intake's transaction, so the engine's work is
 * recorded durably with the lead (and queued after commit). Implemented by the engine (EngineService).
 */
export abstract class EngineTrigger {
  abstract inquiryReceived(manager: EntityManager, trigger: InquiryTrigger): Promise<void>;

  /**
   * An SMS opt-out keyword the channel has answered itself (the carriers' word, recorded as an opt-out). The
   * engine reads it too when, read in its conversation, it asks something of the practice: CANCEL answering the
   * lead's appointment reminder is that appointment's cancellation.
   */
  abstract optOutKeywordReceived(
    manager: EntityManager,
    trigger: InquiryTrigger,
    body: string,
  ): Promise<void>;

  /** Several inquiries at once (a batch of forms); by default one at a time. */
  async inquiriesReceived(manager: EntityManager, triggers: readonly InquiryTrigger[]): Promise<void> {
    for (const trigger of triggers) await this.inquiryReceived(manager, trigger);
  }
}
