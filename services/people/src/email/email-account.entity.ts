import { EmailAccountStatus, EmailProvider } from '@pp/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A practice's mailbox the AI sends from (docs/product/settings.md#email-accounts). Tokens are sealed with
 * AES-256-GCM (token-cipher.ts), the row's id bound to them; the plain tokens are never stored or logged.
 */
@Entity({ name: 'email_accounts' })
export class EmailAccountRow {
  @PrimaryColumn('uuid')
  email_account_id: string;

  @Column('uuid')
  practice_id: string;

  @Column('text')
  email_address: string;

  @Column('text')
  provider: EmailProvider;

  @Column('text')
  status: EmailAccountStatus;

  @Column({ type: 'text', nullable: true })
  access_token_sealed: string | null;

  @Column({ type: 'text', nullable: true })
  refresh_token_sealed: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  access_token_expires_at: Date | null;

  @Column({ type: 'text', nullable: true })
  scope: string | null;

  @Column({ type: 'text', nullable: true })
  connected_by: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_sync_timestamp: Date | null;

  /** The INBOX's UIDVALIDITY when it was last read (bigint: read as text). */
  @Column({ type: 'bigint', nullable: true })
  imap_uid_validity: string | null;

  /** The highest UID of the INBOX already read under that UIDVALIDITY. */
  @Column({ type: 'bigint', nullable: true })
  imap_last_uid: string | null;

  /** A worker is reading the mailbox until then (a lease, so workers never read one mailbox at once). */
  @Column({ type: 'timestamptz', nullable: true })
  imap_reading_until: Date | null;
}

/** A consent in progress: its state (hashed) and PKCE verifier (sealed), single use, 10 minutes. */
@Entity({ name: 'email_oauth_states' })
export class EmailOAuthStateRow {
  @PrimaryColumn('text')
  state_hash: string;

  @Column('uuid')
  practice_id: string;

  @Column('text')
  user_id: string;

  @Column('text')
  provider: EmailProvider;

  @Column('text')
  code_verifier_sealed: string;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}
