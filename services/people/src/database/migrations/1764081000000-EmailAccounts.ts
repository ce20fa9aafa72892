import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail accounts of a practice and the OAuth consents in progress (docs/decisions/0016-email-accounts.md).
 * One account per address and practice: connecting an address again renews its tokens.
 */
export class EmailAccounts1764081000000 implements MigrationInterface {
  name = 'EmailAccounts1764081000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."email_accounts" (
      "email_account_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "email_address" text NOT NULL,
      "provider" text NOT NULL CHECK ("provider" IN ('google', 'microsoft', 'generic')),
      "status" text NOT NULL CHECK ("status" IN ('active', 'error', 'pending', 'disconnected')),
      "access_token_sealed" text,
      "refresh_token_sealed" text,
      "access_token_expires_at" timestamptz,
      "scope" text,
      "connected_by" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "last_sync_timestamp" timestamptz
    )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "email_accounts_practice_address_key" ON "people"."email_accounts" ("practice_id", lower("email_address"))`,
    );
    await queryRunner.query(`CREATE TABLE "people"."email_oauth_states" (
      "state_hash" text PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "user_id" text NOT NULL,
      "provider" text NOT NULL,
      "code_verifier_sealed" text NOT NULL,
      "expires_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(
      `CREATE INDEX "email_oauth_states_expiry_idx" ON "people"."email_oauth_states" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."email_oauth_states"`);
    await queryRunner.query(`DROP TABLE "people"."email_accounts"`);
  }
}
