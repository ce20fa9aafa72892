import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Procedures, offerings, pricing history, consultation fees and promotions
 * (docs/product/settings.md#pricing). The catalogue rows themselves are code (`procedures/catalogue/`),
 * upserted at start. A price or fee is never updated in place: a change ends the current row
 * (`effective_end`) and starts a new one, so the history keeps every price with its dates; a partial unique
 * index allows one current row per place.
 */
export class Pricing1764300000000 implements MigrationInterface {
  name = 'Pricing1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sql = [
      `CREATE TABLE "knowledge"."procedure_categories" (
        "category_id" uuid PRIMARY KEY,
        "name" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE "knowledge"."procedures" (
        "procedure_id" uuid PRIMARY KEY,
        "practice_id" uuid,
        "catalogue_key" text UNIQUE,
        "name" text NOT NULL,
        "category_id" uuid REFERENCES "knowledge"."procedure_categories" ("category_id"),
        "parent_id" uuid REFERENCES "knowledge"."procedures" ("procedure_id"),
        "synonyms" text[] NOT NULL DEFAULT '{}',
        "position" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX "procedures_practice_idx" ON "knowledge"."procedures" ("practice_id")`,
      `CREATE UNIQUE INDEX "procedures_practice_name_idx" ON "knowledge"."procedures" ("practice_id", lower("name"))
        WHERE "practice_id" IS NOT NULL`,
      `CREATE TABLE "knowledge"."practice_procedures" (
        "practice_procedure_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "practice_id" uuid NOT NULL,
        "procedure_id" uuid NOT NULL REFERENCES "knowledge"."procedures" ("procedure_id"),
        "location_id" uuid,
        "is_offered" boolean NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE UNIQUE INDEX "practice_procedures_place_idx" ON "knowledge"."practice_procedures"
        ("practice_id", "procedure_id", COALESCE("location_id", '00000000-0000-0000-0000-000000000000'))`,
      `CREATE TABLE "knowledge"."procedure_prices" (
        "price_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "practice_id" uuid NOT NULL,
        "procedure_id" uuid NOT NULL REFERENCES "knowledge"."procedures" ("procedure_id"),
        "location_id" uuid,
        "price_min" numeric(12, 2),
        "price_max" numeric(12, 2),
        "unit" text NOT NULL,
        "currency" text NOT NULL,
        "effective_start" timestamptz NOT NULL,
        "effective_end" timestamptz
      )`,
      `CREATE INDEX "procedure_prices_procedure_idx" ON "knowledge"."procedure_prices" ("practice_id", "procedure_id")`,
      `CREATE UNIQUE INDEX "procedure_prices_current_idx" ON "knowledge"."procedure_prices"
        ("practice_id", "procedure_id", COALESCE("location_id", '00000000-0000-0000-0000-000000000000'))
        WHERE "effective_end" IS NULL`,
      `CREATE TABLE "knowledge"."consultation_fee_policies" (
        "policy_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "practice_id" uuid NOT NULL,
        "modality" text NOT NULL,
        "location_id" uuid,
        "fee" numeric(12, 2),
        "currency" text NOT NULL,
        "is_free" boolean NOT NULL,
        "effective_start" timestamptz NOT NULL,
        "effective_end" timestamptz
      )`,
      `CREATE UNIQUE INDEX "consultation_fee_policies_current_idx" ON "knowledge"."consultation_fee_policies"
        ("practice_id", "modality", COALESCE("location_id", '00000000-0000-0000-0000-000000000000'))
        WHERE "effective_end" IS NULL`,
      `CREATE TABLE "knowledge"."promotions" (
        "promotion_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "practice_id" uuid NOT NULL,
        "name" text NOT NULL,
        "type" text NOT NULL,
        "amount" numeric(12, 2),
        "location_id" uuid,
        "selected_procedures" uuid[] NOT NULL DEFAULT '{}',
        "is_all_procedures" boolean NOT NULL,
        "start_date" date NOT NULL,
        "end_date" date NOT NULL,
        "archived_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX "promotions_practice_idx" ON "knowledge"."promotions" ("practice_id", "start_date")`,
    ];
    for (const statement of sql) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'promotions',
      'consultation_fee_policies',
      'procedure_prices',
      'practice_procedures',
      'procedures',
      'procedure_categories',
    ]) {
      await queryRunner.query(`DROP TABLE "knowledge"."${table}"`);
    }
  }
}
