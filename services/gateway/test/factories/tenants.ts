import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../src/auth/passwords';
import { defaultBusinessHours } from '../../src/locations/business-hours';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface TestPractice {
  practice_id: string;
  name: string;
  primaryLocationId: string;
}

let passwordHash: Promise<string> | undefined;

/** Fluent-enough builders of users and practices, written straight to the gateway schema. */
export class Tenants {
  constructor(private readonly dataSource: DataSource) {}

  async user(
    overrides: Partial<{ email: string; first_name: string; last_name: string }> = {},
  ): Promise<TestUser> {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const id = randomUUID();
    const email = overrides.email ?? `staff-${id.slice(0, 8)}@clinic.example`;
    await this.dataSource.query(
      `INSERT INTO "gateway"."users" ("id", "email", "password_hash", "first_name", "last_name") VALUES ($1, $2, $3, $4, $5)`,
      [id, email, await passwordHash, overrides.first_name ?? 'Avery', overrides.last_name ?? 'Stone'],
    );
    return { id, email, password: TEST_PASSWORD };
  }

  /** A practice with one primary location and one virtual number, owned by the given members. */
  async practice(members: TestUser[], name = `Clinic ${randomUUID().slice(0, 6)}`): Promise<TestPractice> {
    const practiceId = randomUUID();
    const locationId = randomUUID();
    await this.dataSource.query(
      `INSERT INTO "gateway"."practices" ("practice_id", "name", "website_url", "outreach_preferences")
       VALUES ($1, $2, 'https://clinic.example', $3)`,
      [practiceId, name, { enabled: true, channels: { sms: { enabled: true } }, custom_flag: 'kept' }],
    );
    for (const member of members) {
      await this.dataSource.query(
        `INSERT INTO "gateway"."memberships" ("user_id", "practice_id") VALUES ($1, $2)`,
        [member.id, practiceId],
      );
    }
    await this.dataSource.query(
      `INSERT INTO "gateway"."locations" ("location_id", "practice_id", "name", "address", "timezone", "is_primary", "business_hours")
       VALUES ($1, $2, 'Main Office', '100 Main St, Austin, TX 78701', 'America/Chicago', true, $3)`,
      [locationId, practiceId, defaultBusinessHours()],
    );
    await this.dataSource.query(
      `INSERT INTO "gateway"."virtual_numbers" ("practice_id", "phone_number") VALUES ($1, $2)`,
      [practiceId, `+1512555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`],
    );
    return { practice_id: practiceId, name, primaryLocationId: locationId };
  }
}
