import { DemoTenants } from '@pp/contracts';
import { DEFAULT_PRACTICE_TIMEZONE, Outbox, seedCommand } from '@pp/platform';
import { DataSource } from 'typeorm';
import { seedKnowledge } from '../knowledge/knowledge.seed';
import { knowledgeService } from '../knowledge.service-definition';
import { publishKnowledgePages, publishPracticeOffer } from '../offer/practice-offer';
import { knowledgeDatabase } from './database';
import { seedPricing } from './seed-pricing';

const DEMO_PRACTICES = [
  DemoTenants.glowAestheticsId,
  DemoTenants.northsideDentalId,
  DemoTenants.lakeviewPlasticSurgeryId,
];

/**
 * Announces what the demo practices offer and know (written above without events), so that people's copy for
 * the AI has it. Location names and the time zone come from the read model when it already has them; people
 * names locations from its own read model otherwise.
 */
async function announceDemoOffers(dataSource: DataSource): Promise<string> {
  const outbox = new Outbox(knowledgeDatabase.schema);
  for (const practiceId of DEMO_PRACTICES) {
    await dataSource.transaction(async (manager) => {
      const locations: { location_id: string; name: string; timezone: string; is_primary: boolean }[] =
        await manager.query(
          `SELECT "location_id", "name", "timezone", "is_primary" FROM "knowledge"."locations" WHERE "practice_id" = $1`,
          [practiceId],
        );
      const timeZone =
        locations.find((location) => location.is_primary)?.timezone ?? DEFAULT_PRACTICE_TIMEZONE;
      await publishPracticeOffer(
        manager,
        outbox,
        practiceId,
        new Map(locations.map((location) => [location.location_id, location.name])),
        timeZone,
      );
      await publishKnowledgePages(manager, outbox, practiceId, 'all');
    });
  }
  return `offers announced for ${DEMO_PRACTICES.length} practices`;
}

/** `node services/knowledge/dist/database/seed.js`: the knowledge service's demo data; idempotent. */
seedCommand(knowledgeService, knowledgeDatabase, async (dataSource) => {
  const parts = [
    await seedKnowledge(dataSource),
    await seedPricing(dataSource),
    await announceDemoOffers(dataSource),
  ];
  return parts.join('; ');
});
