import { EmailAccount } from '@pp/contracts';
import { EmailAccountRow } from './email-account.entity';

/** What the API shows of an account: never a token. */
export function toEmailAccount(row: EmailAccountRow): EmailAccount {
  return {
    email_account_id: row.email_account_id,
    id: row.email_account_id,
    practice_id: row.practice_id,
    email_address: row.email_address,
    provider: row.provider,
    status: row.status,
    created_at: row.created_at.toISOString(),
    last_sync_timestamp: row.last_sync_timestamp?.toISOString() ?? null,
  };
}
