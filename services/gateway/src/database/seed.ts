import { Outbox, seedCommand } from '@pp/platform';
import { DataSource } from 'typeorm';
import { hashPassword } from '../auth/passwords';
import { publishPracticeSnapshots } from '../practices/practice-snapshot';
import { gatewayService } from '../gateway.service-definition';
import { gatewayDatabase } from './database';
import { DEMO_PASSWORD, demoPractices, demoUsers } from './demo-data';

/**
 * `node services/gateway/dist/database/seed.js`: the demo users, practices, locations and numbers.
 * Idempotent: rows that exist are left as they are (staff edits survive a re-seed).
 */
export async function seedGateway(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    for (const user of demoUsers) {
      const exists = await manager.query(`SELECT 1 FROM "gateway"."users" WHERE "id" = $1`, [user.id]);
      if (exists.length) continue;
      await manager.query(
        `INSERT INTO "gateway"."users" ("id", "email", "password_hash", "first_name", "last_name")
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [user.id, user.email, await hashPassword(DEMO_PASSWORD), user.first_name, user.last_name],
      );
    }
    for (const practice of demoPractices) {
      await manager.query(
        `INSERT INTO "gateway"."practices"
           ("practice_id", "name", "website_url", "automation_level", "outreach_preferences", "site_key")
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [
          practice.practice_id,
          practice.name,
          practice.website_url,
          practice.automation_level,
          practice.outreach_preferences,
          practice.site_key,
        ],
      );
      // A demo practice seeded before site keys existed got a random one from the migration: give it its fixed key.
      await manager.query(
        `UPDATE "gateway"."practices" SET "site_key" = $2 WHERE "practice_id" = $1 AND "site_key" <> $2`,
        [practice.practice_id, practice.site_key],
      );
      for (const userId of practice.members) {
        await manager.query(
          `INSERT INTO "gateway"."memberships" ("user_id", "practice_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [userId, practice.practice_id],
        );
      }
      for (const location of practice.locations) {
        await manager.query(
          `INSERT INTO "gateway"."locations"
             ("location_id", "practice_id", "name", "address", "timezone", "phone", "is_primary", "business_hours")
           SELECT $1, $2, $3, $4, $5, $6, $7, $8
           WHERE NOT EXISTS (SELECT 1 FROM "gateway"."locations" WHERE "practice_id" = $2 AND $7 AND "is_primary")
           ON CONFLICT DO NOTHING`,
          [
            location.location_id,
            practice.practice_id,
            location.name,
            location.address,
            location.timezone,
            location.phone,
            location.is_primary,
            location.business_hours,
          ],
        );
      }
      for (const number of practice.virtual_numbers) {
        await manager.query(
          `INSERT INTO "gateway"."virtual_numbers" ("practice_id", "phone_number", "capabilities")
           VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [practice.practice_id, number.phone_number, number.capabilities],
        );
      }
    }
    // Seeded rows carry no event: publish their snapshots so the read models (calendar's locations) know them.
    await publishPracticeSnapshots(
      manager,
      new Outbox(gatewayDatabase.schema),
      demoPractices.map((practice) => practice.practice_id),
    );
  });
}

if (require.main === module) {
  seedCommand(gatewayService, gatewayDatabase, async (dataSource) => {
    await seedGateway(dataSource);
    return `demo users, ${demoPractices.length} practices and their locations are in place`;
  });
}
