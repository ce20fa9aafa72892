import { Injectable } from '@nestjs/common';
import { Outbox, PracticeReadModel } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { publishKnowledgePages, publishPracticeOffer } from './practice-offer';

/**
 * Announces what the AI may quote after every change of it, in the changing transaction: the practice's whole
 * offer after offerings, prices, fees or promotions change; the passages of the pages that changed.
 */
@Injectable()
export class OfferAnnouncer {
  constructor(
    private readonly outbox: Outbox,
    private readonly practices: PracticeReadModel,
  ) {}

  async offerChanged(manager: EntityManager, practiceId: string): Promise<void> {
    const locations = await this.practices.locations(practiceId);
    await publishPracticeOffer(
      manager,
      this.outbox,
      practiceId,
      new Map(locations.map((location) => [location.location_id, location.name])),
      await this.practices.timezone(practiceId),
    );
  }

  /** `urls` empty means every page of the practice. */
  async pagesChanged(manager: EntityManager, practiceId: string, urls: readonly string[]): Promise<void> {
    await publishKnowledgePages(manager, this.outbox, practiceId, urls.length === 0 ? 'all' : urls);
  }
}
