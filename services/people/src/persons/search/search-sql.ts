import { personColumnsSql } from '../person-dto';

/** Most recent activity first; leads that never had any come last. */
const RECENCY = `"last_activity_at" DESC NULLS LAST, "person_id" DESC`;

/**
 * The 2-character keys of the searched fields. They repeat, word for word, the expressions of the prefix
 * indexes in the LeadsWorkspace migration (persons_*_prefix_idx), or PostgreSQL would not use them. The phone
 * key is the national number's first two digits (E.164 without the leading 1).
 */
const PREFIX_KEYS = [
  `left(lower("first_name"), 2)`,
  `left(lower("last_name"), 2)`,
  `left(lower("primary_email"), 2)`,
  `left(right(regexp_replace("primary_phone", '\\D', '', 'g'), 10), 2)`,
];

/**
 * $1 practice, $2 LIKE pattern, $3 limit. The planner picks between the trigram index (rare term: bitmap of
 * the few matches, then sort) and persons_practice_activity_idx (common term: walk by recency and stop at the
 * limit); search_text's raised statistics target lets it tell the two apart.
 */
export const CONTAINS_SQL = `SELECT ${personColumnsSql('p')} FROM "people"."persons" p
  WHERE p."practice_id" = $1 AND p."search_text" LIKE $2
  ORDER BY p."last_activity_at" DESC NULLS LAST, p."person_id" DESC LIMIT $3`;

/**
 * $1 practice, $2 the 2-character key, $3 limit. Each field gives its most recent matches straight from its
 * index; the best of their union are the best overall.
 */
export const PREFIX_SQL = `SELECT ${personColumnsSql('p')} FROM "people"."persons" p
  WHERE p."person_id" IN (${PREFIX_KEYS.map(
    (key) => `(SELECT "person_id" FROM "people"."persons"
      WHERE "practice_id" = $1 AND ${key} = $2 ORDER BY ${RECENCY} LIMIT $3)`,
  ).join(' UNION ALL ')})
  ORDER BY p."last_activity_at" DESC NULLS LAST, p."person_id" DESC LIMIT $3`;
