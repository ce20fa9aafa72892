import { CONSENT_CHANNELS, ConsentChannelDto, ConsentLedgerDto, ConsentRecordDto } from '@pp/contracts';

/** What the ledger needs of the lead: whether it opted out of everything, or of e-mail. */
export interface OptOutState {
  opted_out?: unknown;
  email_opted_out?: unknown;
}

/**
 * A lead's consent ledger (docs/product/channels.md#consent-ledger), from its records (any order) and its opt-out
 * state: per channel the newest record still counting decides (granted or refused); with none left, withdrawn since
 * the last withdrawal; an opt-out that covers the channel overrides the records.
 */
export function consentLedger(
  records: readonly ConsentRecordDto[],
  state: OptOutState | null | undefined,
): ConsentLedgerDto {
  const newestFirst = [...records].sort(
    (a, b) => Date.parse(b.given_at) - Date.parse(a.given_at) || a.consent_id.localeCompare(b.consent_id),
  );
  const channels = CONSENT_CHANNELS.map((channel): ConsentChannelDto => {
    if (state?.opted_out === true || (channel === 'email' && state?.email_opted_out === true)) {
      return { channel, status: 'opted_out', since: null };
    }
    const own = newestFirst.filter((record) => record.channel === channel);
    const counting = own.find((record) => record.withdrawn_at === null);
    if (counting) {
      return { channel, status: counting.granted ? 'granted' : 'refused', since: counting.given_at };
    }
    const lastWithdrawal = own
      .map((record) => record.withdrawn_at as string)
      .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
    return lastWithdrawal
      ? { channel, status: 'withdrawn', since: lastWithdrawal }
      : { channel, status: 'none', since: null };
  });
  return { channels, records: newestFirst };
}
