import { Injectable } from '@nestjs/common';
import {
  FieldMappingLimits,
  FieldMappingResponse,
  FieldMappingSaved,
  FieldMappingTarget,
  isFieldMappingTarget,
} from '@pp/contracts';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { autoMappingTarget } from './auto-mapping';
import { mergeExamples } from './examples';
import { FormField } from './form-field.entity';
import { FormFieldMapping } from './form-field-mapping.entity';
import { parseMappingBody } from './mapping-body';

/**
 * Fields discovered on a practice's forms, and their mapping
 * (docs/product/ai-engine.md#intake-forms-field-mapping-consent). Discovery runs in the intake's transaction on
 * every submission; a field with a common name is mapped the first time it is seen; staff change any mapping.
 */
@Injectable()
export class FieldMappingService {
  /** A practice keeps at most this many discovered fields: names beyond it stay in the submission only. */
  static readonly maxDiscoveredFields = FieldMappingLimits.maxMappings;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records the fields of a submission: each known field gets the value as its newest example; a new field is
   * discovered (and auto-mapped when its name is a common one, unless staff mapped it already). Names over
   * 200 characters are not discovered.
   */
  async discover(manager: EntityManager, practiceId: string, fields: Record<string, string>, at: Date) {
    await this.discoverMany(manager, practiceId, [{ fields, at }]);
  }

  /**
   * `discover` for several submissions of one practice, in their order, with the statements of one: the
   * fields are locked once, the examples folded in memory and written with one upsert.
   */
  async discoverMany(
    manager: EntityManager,
    practiceId: string,
    submissions: readonly { fields: Record<string, string>; at: Date }[],
  ): Promise<void> {
    const namesOf = (fields: Record<string, string>) =>
      Object.keys(fields)
        .filter((name) => name.trim() && name.length <= FieldMappingLimits.fieldNameMaxLength)
        .sort();
    const all = [...new Set(submissions.flatMap((submission) => namesOf(submission.fields)))].sort();
    if (all.length === 0) return;
    // Locked in name order, so two transactions of one practice never deadlock on the same fields.
    const known: Pick<FormField, 'name' | 'examples'>[] = await manager.query(
      `SELECT "name", "examples" FROM "people"."form_fields"
       WHERE "practice_id" = $1 AND "name" = ANY($2::text[]) ORDER BY "name" FOR UPDATE`,
      [practiceId, all],
    );
    const examplesOf = new Map(known.map((field) => [field.name, field.examples]));
    const seen = new Map<string, { firstSeenAt: Date; lastSeenAt: Date }>();
    const fresh: string[] = [];
    let count: number | null = null;
    for (const { fields, at } of submissions) {
      const names = namesOf(fields);
      let added = names.filter((name) => !examplesOf.has(name));
      if (added.length > 0) {
        if (count === null) {
          const [row]: { count: number }[] = await manager.query(
            `SELECT count(*)::int AS "count" FROM "people"."form_fields" WHERE "practice_id" = $1`,
            [practiceId],
          );
          count = row.count;
        }
        added = added.slice(0, Math.max(0, FieldMappingService.maxDiscoveredFields - count));
        count += added.length;
        fresh.push(...added);
      }
      for (const name of names.filter((name) => examplesOf.has(name) || added.includes(name))) {
        examplesOf.set(name, mergeExamples(examplesOf.get(name) ?? [], fields[name]));
        seen.set(name, { firstSeenAt: seen.get(name)?.firstSeenAt ?? at, lastSeenAt: at });
      }
    }
    const recorded = [...seen.keys()].sort();
    if (recorded.length === 0) return;
    await manager.query(
      `INSERT INTO "people"."form_fields" ("practice_id", "name", "examples", "first_seen_at", "last_seen_at")
       SELECT $1, field.name, field.examples::jsonb, field.first_seen_at, field.last_seen_at
       FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[])
         AS field(name, examples, first_seen_at, last_seen_at)
       ON CONFLICT ("practice_id", "name")
       DO UPDATE SET "examples" = EXCLUDED."examples", "last_seen_at" = EXCLUDED."last_seen_at"`,
      [
        practiceId,
        recorded,
        recorded.map((name) => JSON.stringify(examplesOf.get(name) ?? [])),
        recorded.map((name) => seen.get(name)?.firstSeenAt.toISOString()),
        recorded.map((name) => seen.get(name)?.lastSeenAt.toISOString()),
      ],
    );
    const automatic = fresh
      .map((name) => [name, autoMappingTarget(name)] as const)
      .filter((entry): entry is readonly [string, FieldMappingTarget] => entry[1] !== null);
    if (automatic.length > 0) {
      // A mapping staff set before the field's first submission stands.
      await manager.query(
        `INSERT INTO "people"."form_field_mappings" ("practice_id", "field_name", "target")
         SELECT $1, mapping.field_name, mapping.target FROM unnest($2::text[], $3::text[]) AS mapping(field_name, target)
         ON CONFLICT ("practice_id", "field_name") DO NOTHING`,
        [practiceId, automatic.map(([name]) => name), automatic.map(([, target]) => target)],
      );
    }
  }

  /** The practice's mapping: field name → target. */
  async mappings(manager: EntityManager, practiceId: string): Promise<Record<string, FieldMappingTarget>> {
    const rows = await manager.find(FormFieldMapping, { where: { practice_id: practiceId } });
    return Object.fromEntries(
      rows.filter((row) => isFieldMappingTarget(row.target)).map((row) => [row.field_name, row.target]),
    );
  }

  /** `GET practices/{id}/field-mapping`: fields in the order they were first seen. */
  async get(identity: Identity, practiceId: string): Promise<FieldMappingResponse> {
    assertPracticeAccess(identity, practiceId);
    const manager = this.dataSource.manager;
    const fields = await manager.find(FormField, {
      where: { practice_id: practiceId },
      order: { first_seen_at: 'ASC', name: 'ASC' },
    });
    return {
      discovered_fields: fields.map((field) => ({ name: field.name, examples: field.examples })),
      current_mappings: await this.mappings(manager, practiceId),
    };
  }

  /** `PUT practices/{id}/field-mapping`: the body replaces the whole mapping; a field left out is unmapped. */
  async replace(identity: Identity, practiceId: string, body: unknown): Promise<FieldMappingSaved> {
    assertPracticeAccess(identity, practiceId);
    const mapping = parseMappingBody(body);
    const names = Object.keys(mapping);
    await this.dataSource.transaction(async (manager) => {
      // Two saves of one practice at once: one after the other, the last one wins whole.
      await manager.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('people.field-mapping:' || $1, 0))`,
        [practiceId],
      );
      await manager.delete(FormFieldMapping, { practice_id: practiceId });
      if (names.length === 0) return;
      await manager.query(
        `INSERT INTO "people"."form_field_mappings" ("practice_id", "field_name", "target")
         SELECT $1, mapping.field_name, mapping.target FROM unnest($2::text[], $3::text[]) AS mapping(field_name, target)`,
        [practiceId, names, names.map((name) => mapping[name])],
      );
    });
    return { ok: true };
  }
}
