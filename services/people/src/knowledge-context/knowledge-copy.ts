import { Injectable, Logger } from '@nestjs/common';
import { knowledgeSearchSql, questionText, relatedWords } from '@pp/ai';
import { Inbox, preparedQuery } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { CopiedKnowledgeEvent, isCopiedKnowledgeEvent } from './knowledge-copy-rules';
import { KnowledgePassage, PracticeKnowledge, PracticeOffer } from './practice-knowledge';

/** The inbox name of this consumer: an event id is applied once. */
export const KNOWLEDGE_CONSUMER = 'people.knowledge';

const SEARCH_SQL = knowledgeSearchSql('"people"."knowledge_passages"');

/**
 * People's copy of what each practice knows (docs/product/ai-engine.md#what-the-ai-may-quote), kept from
 * knowledge.changes: the whole offer (replaced by each newer one) and the website passages (replaced page by
 * page). The engine quotes and answers only from here.
 */
@Injectable()
export class KnowledgeCopy extends PracticeKnowledge {
  private readonly logger = new Logger(KnowledgeCopy.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
  ) {
    super();
  }

  /** Applies one knowledge.changes event; false when skipped (not copied, malformed or already applied). */
  async apply(event: unknown): Promise<boolean> {
    if (!isCopiedKnowledgeEvent(event)) {
      const type = (event as { type?: unknown } | null)?.type;
      if (type === 'practice_offer' || type === 'knowledge_page' || type === 'knowledge_cleared') {
        this.logger.warn(`skipped a malformed ${String(type)} event`);
      }
      return false;
    }
    return this.inbox.once(KNOWLEDGE_CONSUMER, event, (manager) => this.write(manager, event));
  }

  private async write(manager: EntityManager, event: CopiedKnowledgeEvent): Promise<void> {
    switch (event.type) {
      case 'practice_offer': {
        const offer = {
          procedures: event.procedures,
          promotions: event.promotions,
          consultation_fees: event.consultation_fees,
        };
        // An older offer delivered late never replaces a newer one.
        await manager.query(
          `INSERT INTO "people"."practice_offers" ("practice_id", "offer", "changed_at") VALUES ($1, $2, $3)
           ON CONFLICT ("practice_id") DO UPDATE SET "offer" = EXCLUDED."offer", "changed_at" = EXCLUDED."changed_at"
            WHERE "practice_offers"."changed_at" <= EXCLUDED."changed_at"`,
          [event.practice_id, JSON.stringify(offer), event.occurred_at],
        );
        return;
      }
      case 'knowledge_page': {
        await manager.query(
          `DELETE FROM "people"."knowledge_passages" WHERE "practice_id" = $1 AND "source_url" = $2`,
          [event.practice_id, event.source_url],
        );
        if (event.chunks.length === 0) return;
        const values: unknown[] = [];
        const rows = event.chunks.map((chunk, position) => {
          const base = values.length;
          values.push(
            chunk.chunk_id,
            event.practice_id,
            event.source_url,
            event.page_title,
            position,
            chunk.content,
          );
          return `(${Array.from({ length: 6 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
        });
        // A chunk id moves with its page: a re-sent chunk replaces its old row wherever it was.
        await manager.query(
          `INSERT INTO "people"."knowledge_passages"
             ("chunk_id", "practice_id", "source_url", "page_title", "position", "content")
           VALUES ${rows.join(', ')}
           ON CONFLICT ("chunk_id") DO UPDATE SET "practice_id" = EXCLUDED."practice_id",
             "source_url" = EXCLUDED."source_url", "page_title" = EXCLUDED."page_title",
             "position" = EXCLUDED."position", "content" = EXCLUDED."content"`,
          values,
        );
        return;
      }
      case 'knowledge_cleared':
        await manager.query(`DELETE FROM "people"."knowledge_passages" WHERE "practice_id" = $1`, [
          event.practice_id,
        ]);
        return;
    }
  }

  async offer(practiceId: string): Promise<PracticeOffer | null> {
    const [row]: { offer: Omit<PracticeOffer, 'changed_at'>; changed_at: Date }[] =
      await this.dataSource.query(
        `SELECT "offer", "changed_at" FROM "people"."practice_offers" WHERE "practice_id" = $1`,
        [practiceId],
      );
    return row ? { ...row.offer, changed_at: new Date(row.changed_at).toISOString() } : null;
  }

  async passages(practiceId: string, question: string, limit: number): Promise<KnowledgePassage[]> {
    const text = questionText(question);
    if (!text) return [];
    const rows = await preparedQuery<KnowledgePassage>(
      this.dataSource,
      'people-knowledge-search',
      SEARCH_SQL,
      [practiceId, text, limit, relatedWords(question)],
    );
    return rows.map((row) => ({ ...row, score: Number(row.score) }));
  }
}
