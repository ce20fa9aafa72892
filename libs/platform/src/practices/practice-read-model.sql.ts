/**
 * SQL of the read model of `practice.changes` (tables `practices` and `locations` in a service's own schema), for
 * the services' migrations. Each function is the change of one step and never changes once released: a later
 * change of the read model is a new function here and a migration in every service that keeps the tables.
 *
 * - `practiceReadModelTablesSql`: the tables as calendar and knowledge first created them (name, website,
 *   time zone, primary and active flags).
 * - `practiceReadModelDetailsSql`: what the AI engine needs from them (automation level, outreach preferences,
 *   the public site key, each location's address, phone and business hours).
 *
 * A new service runs both, in that order, in one migration (people's and analytics').
 */
export function practiceReadModelTablesSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `CREATE TABLE ${s}."practices" (
      "practice_id" uuid PRIMARY KEY,
      "name" text NOT NULL,
      "website_url" text,
      "changed_at" timestamptz NOT NULL
    )`,
    `CREATE TABLE ${s}."locations" (
      "location_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "name" text NOT NULL,
      "timezone" text NOT NULL,
      "is_primary" boolean NOT NULL,
      "is_active" boolean NOT NULL,
      "changed_at" timestamptz NOT NULL
    )`,
    `CREATE INDEX "locations_practice_idx" ON ${s}."locations" ("practice_id")`,
  ];
}

export function practiceReadModelTablesDownSql(schema: string): string[] {
  return [`DROP TABLE "${schema}"."locations"`, `DROP TABLE "${schema}"."practices"`];
}

/**
 * The practice's automation level, outreach preferences and site key, and each location's address, phone and
 * business hours. Rows applied before these columns existed have nulls (and `{}` preferences) until the gateway
 * publishes the practice again (its seed republishes every demo practice on start).
 */
export function practiceReadModelDetailsSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `ALTER TABLE ${s}."practices"
      ADD COLUMN "automation_level" text,
      ADD COLUMN "outreach_preferences" jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN "site_key" text`,
    `CREATE UNIQUE INDEX "practices_site_key_idx" ON ${s}."practices" ("site_key") WHERE "site_key" IS NOT NULL`,
    `ALTER TABLE ${s}."locations"
      ADD COLUMN "address" text,
      ADD COLUMN "phone" text,
      ADD COLUMN "business_hours" jsonb`,
  ];
}

export function practiceReadModelDetailsDownSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `ALTER TABLE ${s}."locations" DROP COLUMN "business_hours", DROP COLUMN "phone", DROP COLUMN "address"`,
    `DROP INDEX ${s}."practices_site_key_idx"`,
    `ALTER TABLE ${s}."practices" DROP COLUMN "site_key", DROP COLUMN "outreach_preferences",
      DROP COLUMN "automation_level"`,
  ];
}

/**
 * The practice's virtual numbers (people's: the Twilio channel sends from the default one and finds the practice
 * owning an inbound message's `To` number). PracticeReadModel keeps them in a schema that has this table.
 */
export function practiceReadModelNumbersSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `CREATE TABLE ${s}."virtual_numbers" (
      "phone_number" text PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "is_active" boolean NOT NULL,
      "assignment_type" text NOT NULL,
      "capabilities" jsonb NOT NULL
    )`,
    `CREATE INDEX "virtual_numbers_practice_idx" ON ${s}."virtual_numbers" ("practice_id")`,
  ];
}

export function practiceReadModelNumbersDownSql(schema: string): string[] {
  return [`DROP TABLE "${schema}"."virtual_numbers"`];
}
