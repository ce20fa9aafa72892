import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATALOGUE_CATEGORIES, CATALOGUE_PROCEDURES } from '@pp/ai';
import { catalogueId } from './catalogue-ids';

/**
 * Upserts the catalogue (code) into the database when the service starts: parents before children, every
 * row keyed by its stable id, in one transaction. Idempotent; two replicas starting at once write the same
 * rows.
 */
@Injectable()
export class CatalogueSync implements OnApplicationBootstrap {
  constructor(private readonly dataSource: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await syncCatalogue(this.dataSource);
  }
}

export async function syncCatalogue(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('knowledge.catalogue', 7))`);
    for (const [position, category] of CATALOGUE_CATEGORIES.entries()) {
      await manager.query(
        `INSERT INTO "knowledge"."procedure_categories" ("category_id", "name", "position") VALUES ($1, $2, $3)
         ON CONFLICT ("category_id") DO UPDATE SET "name" = EXCLUDED."name", "position" = EXCLUDED."position"`,
        [catalogueId('category', category.key), category.name, position],
      );
    }
    const ordered = [...CATALOGUE_PROCEDURES.entries()].sort(
      ([, a], [, b]) => Number(!!a.parent) - Number(!!b.parent),
    );
    for (const [position, procedure] of ordered) {
      await manager.query(
        `INSERT INTO "knowledge"."procedures"
           ("procedure_id", "practice_id", "catalogue_key", "name", "category_id", "parent_id", "synonyms", "position")
         VALUES ($1, NULL, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("procedure_id") DO UPDATE SET "name" = EXCLUDED."name", "category_id" = EXCLUDED."category_id",
           "parent_id" = EXCLUDED."parent_id", "synonyms" = EXCLUDED."synonyms", "position" = EXCLUDED."position"`,
        [
          catalogueId('procedure', procedure.key),
          procedure.key,
          procedure.name,
          catalogueId('category', procedure.category),
          procedure.parent ? catalogueId('procedure', procedure.parent) : null,
          procedure.synonyms,
          position,
        ],
      );
    }
  });
}
