/**
 * A lead's consent ledger (`GET /api/v1/people/{person_id}/consents`, docs/product/channels.md#consent-ledger):
 * every consent given or refused, per channel, with its evidence and how it ended, and where each channel stands.
 */
export type ConsentChannel = 'sms' | 'phone' | 'email';

export const CONSENT_CHANNELS: readonly ConsentChannel[] = ['sms', 'phone', 'email'];

/** Why a consent stopped counting. */
export type ConsentWithdrawal =
  | 'sms_keyword'
  | 'carrier_unsubscribed'
  | 'opt_out_message'
  | 'staff_removal'
  | 'email_unsubscribe'
  | 'email_reply';

export interface ConsentRecordDto {
  consent_id: string;
  channel: ConsentChannel;
  /** False: the lead said no (a refusal, kept as evidence too). */
  granted: boolean;
  /** website_form, sms_keyword (START). */
  source: string;
  page_url: string | null;
  consent_text: string;
  given_at: string;
  withdrawn_at: string | null;
  withdrawn_reason: ConsentWithdrawal | null;
}

/**
 * Where a channel stands: granted or refused by the newest record still counting; withdrawn when every record was
 * withdrawn; opted_out when the lead asked for no more messages there (STOP, an e-mail unsubscribe) whatever the
 * records say; none without any record.
 */
export type ConsentStatus = 'granted' | 'refused' | 'withdrawn' | 'opted_out' | 'none';

export interface ConsentChannelDto {
  channel: ConsentChannel;
  status: ConsentStatus;
  /** When it came to stand so (the record's time, or the withdrawal's); null for none and opted_out. */
  since: string | null;
}

export interface ConsentLedgerDto {
  channels: ConsentChannelDto[];
  /** Newest first. */
  records: ConsentRecordDto[];
}

/** `GET /api/v1/channels/sandbox?practice_id`: which channels go to the sandbox (docs/product/channels.md#simulated-replies). */
export interface SandboxChannels {
  sms: boolean;
  email: boolean;
}

/** `POST /api/v1/people/{person_id}/simulate-reply`. */
export interface SimulatedReplyRequest {
  channel: 'sms' | 'email';
  /** 1 to 1600 characters. */
  message: string;
}
