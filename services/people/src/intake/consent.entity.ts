import type { ConsentChannel, ConsentWithdrawal } from '@pp/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type { ConsentChannel };

/**
 * Consent to be contacted on a channel, given or refused, with its evidence (where, what it said, when, from
 * where). The AI contacts a lead only on a channel it may use (docs/product/ai-engine.md#consent-to-contact).
 */
@Entity({ name: 'consents' })
@Index('consents_person_idx', ['person_id', 'channel', 'given_at'])
export class Consent {
  @PrimaryGeneratedColumn('uuid')
  consent_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  /** The form submission that gave it. */
  @Column({ type: 'uuid', nullable: true })
  submission_id: string | null;

  @Column({ type: 'text' })
  channel: ConsentChannel;

  /** 'website_form', or 'sms_keyword' (START). */
  @Column({ type: 'text' })
  source: string;

  @Column({ type: 'text', nullable: true })
  page_url: string | null;

  @Column({ type: 'text' })
  consent_text: string;

  /** False: the form's consent field said no for this channel (a refusal, kept as evidence too). */
  @Column({ type: 'boolean', default: true })
  granted: boolean;

  /** When the lead opted out: a withdrawn row no longer counts, given or refused. */
  @Column({ type: 'timestamptz', nullable: true })
  withdrawn_at: Date | null;

  /** Why it was withdrawn. */
  @Column({ type: 'text', nullable: true })
  withdrawn_reason: ConsentWithdrawal | null;

  /** When the product received the answer, given or refused (the visitor's clock is not evidence). */
  @Column({ type: 'timestamptz' })
  given_at: Date;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
