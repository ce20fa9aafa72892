import { LocationChangedV1, PracticeSnapshot, PracticeUpdatedV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { Location } from '../locations/location.entity';
import { toLocationView } from '../locations/location-view';
import { VirtualNumber } from '../virtual-numbers/virtual-number.entity';
import { Practice } from './practice.entity';

/** The practice as the API returns it and as practice.changes carries it. */
export function toPracticeSnapshot(practice: Practice): PracticeSnapshot & { id: string } {
  return {
    practice_id: practice.practice_id,
    id: practice.practice_id,
    name: practice.name,
    website_url: practice.website_url,
    automation_level: practice.automation_level,
    outreach_preferences: practice.outreach_preferences,
    site_key: practice.site_key,
  };
}

/**
 * Publishes the current snapshot of each practice and of each of its locations on practice.changes,
 * through the outbox, in the caller's transaction: how the read models of other services (calendar's
 * practices and locations) learn about practices that were written without an event, such as the seeded
 * demo data. Replaying them is harmless: consumers upsert by id and ignore older snapshots.
 */
export async function publishPracticeSnapshots(
  manager: EntityManager,
  outbox: Outbox,
  practiceIds: string[],
): Promise<void> {
  for (const practiceId of practiceIds) {
    const practice = await manager.findOneBy(Practice, { practice_id: practiceId });
    if (!practice) continue;
    // The whole state carries the virtual numbers too (people sends from and receives on them).
    const numbers = await manager.find(VirtualNumber, { where: { practice_id: practiceId } });
    await outbox.add<PracticeUpdatedV1>(manager, Topics.practiceChanges, {
      type: 'practice_updated',
      practice_id: practiceId,
      practice: {
        ...toPracticeSnapshot(practice),
        virtual_numbers: numbers.map(({ phone_number, is_active, assignment_type, capabilities }) => ({
          phone_number,
          is_active,
          assignment_type,
          capabilities,
        })),
      },
    });
    const locations = await manager.find(Location, {
      where: { practice_id: practiceId },
      order: { created_at: 'ASC' },
    });
    for (const location of locations) {
      await outbox.add<LocationChangedV1>(manager, Topics.practiceChanges, {
        type: 'location_updated',
        practice_id: practiceId,
        location: toLocationView(location),
      });
    }
  }
}
