import { Injectable, Logger } from '@nestjs/common';
import { isPracticeOnboarded, PracticeOnboardedV1 } from '@pp/contracts';
import { Inbox, PracticeChangeListeners } from '@pp/platform';
import { KnowledgeService } from './knowledge.service';
import { ProceduresService } from '../procedures/procedures.service';

const CONSUMER = 'knowledge.practice-onboarded';

/**
 * A practice created at sign-up from a public demo (`practice_onboarded` on practice.changes, after the practice's
 * snapshot): offers the catalogue procedures the demo found and reads the demo's pages into the practice's
 * knowledge, so Settings → Practice Knowledge lists them. The run starts once per event (the inbox); one the
 * queue could not take ends failed on the knowledge status, where staff see it and can process again.
 */
@Injectable()
export class PracticeOnboardedListener {
  private readonly logger = new Logger(PracticeOnboardedListener.name);

  constructor(
    listeners: PracticeChangeListeners,
    private readonly inbox: Inbox,
    private readonly knowledge: KnowledgeService,
    private readonly procedures: ProceduresService,
  ) {
    listeners.register((event) => this.onPracticeChange(event));
  }

  async onPracticeChange(event: unknown): Promise<void> {
    if (!isPracticeOnboarded(event)) return;
    // Offering is idempotent (a procedure offered already is left as it is); the run is started once.
    await this.procedures.offerCatalogue(event.practice_id, event.procedure_keys);
    if (await this.inbox.once(CONSUMER, event, async () => {})) await this.readPages(event);
  }

  private async readPages(event: PracticeOnboardedV1): Promise<void> {
    try {
      await this.knowledge.startRun(event.practice_id, event.page_urls.length ? event.page_urls : undefined);
    } catch (error) {
      // The practice's knowledge status says why (no website, a run going, the queue down); staff process again.
      this.logger.warn(
        `pages of the demo of practice ${event.practice_id} not read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
