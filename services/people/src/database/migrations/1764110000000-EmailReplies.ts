import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reading replies from the practice's mailboxes (docs/decisions/0018-email-replies.md): where each account's
 * INBOX was read up to (its UIDVALIDITY and the last UID seen), and until when a worker holds it for a read (so
 * two workers do not open the same mailbox at once). (Replies are matched to the e-mails the product sent
 * through outreach_sends.provider_id, already indexed, and recorded once through inbound_messages.)
 */
export class EmailReplies1764110000000 implements MigrationInterface {
  name = 'EmailReplies1764110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "people"."email_accounts" ADD COLUMN "imap_uid_validity" bigint, ADD COLUMN "imap_last_uid" bigint,
         ADD COLUMN "imap_reading_until" timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "people"."email_accounts" DROP COLUMN "imap_reading_until", DROP COLUMN "imap_last_uid",
         DROP COLUMN "imap_uid_validity"`,
    );
  }
}
