// What the benchmark measures: keyset against OFFSET at SQL level, and the people API over HTTP.
import { measure, ms } from './measure.mjs';

/** created_at exactly as stored (UTC, microseconds), the way the list's cursors carry it. */
const CURSOR_AT = `to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ORDER = `ORDER BY p."created_at" DESC, p."person_id" DESC`;

function filterSql(filter) {
  if (filter.stage) return `p."practice_id" = $1 AND p."stage" = '${filter.stage}'`;
  if (filter.review) return `p."practice_id" = $1 AND p."pending_review_type" IS NOT NULL`;
  return `p."practice_id" = $1`;
}

/** The (created_at, person_id) of the row just above depth `depth` of a (filtered) list: its `after` key. */
export async function keyAtDepth(client, practiceId, depth, filter = {}) {
  const { rows } = await client.query(
    `SELECT ${CURSOR_AT} AS "at", p."person_id" FROM "people"."persons" p WHERE ${filterSql(filter)}
      ${ORDER} OFFSET $2 LIMIT 1`,
    [practiceId, depth - 1],
  );
  if (!rows[0]) throw new Error(`the list has fewer than ${depth} rows`);
  return { createdAt: rows[0].at, personId: rows[0].person_id };
}

export const keysetSql = (columns) =>
  `SELECT ${columns} FROM "people"."persons" p WHERE p."practice_id" = $1
     AND (p."created_at", p."person_id") < ($2::timestamptz, $3::uuid) ${ORDER} LIMIT 50`;
export const offsetSql = (columns) =>
  `SELECT ${columns} FROM "people"."persons" p WHERE p."practice_id" = $1 ${ORDER} LIMIT 50 OFFSET $2`;

/**
 * The same 50-row page at each depth, by keyset and by OFFSET, on one connection with the same columns
 * and order. Checks both return the same leads. OFFSET gets fewer repetitions at depth (it is slow by design).
 */
export async function keysetAgainstOffset(client, practiceId, depths, columns, opts) {
  const rows = [];
  for (const depth of depths) {
    const key = await keyAtDepth(client, practiceId, depth);
    const keyset = await measure(
      () => client.query(keysetSql(columns), [practiceId, key.createdAt, key.personId]),
      opts,
    );
    const slow = depth >= 100_000;
    const offsetOpts = slow ? { warmup: 1, reps: Math.min(opts.reps, 7) } : opts;
    const offset = await measure(() => client.query(offsetSql(columns), [practiceId, depth]), offsetOpts);
    const same =
      keyset.result.rows.map((r) => r.person_id).join() === offset.result.rows.map((r) => r.person_id).join();
    if (!same || keyset.result.rows.length !== 50)
      throw new Error(`keyset and OFFSET pages differ at ${depth}`);
    rows.push({ depth, key, keyset, offset, offsetReps: offsetOpts.reps });
    console.log(
      `  depth ${depth.toLocaleString('en-US')}: keyset ${ms(keyset.median)} ms, OFFSET ${ms(offset.median)} ms`,
    );
  }
  return rows;
}

/** One HTTP call measured; `check` asserts the answer is the expected one (never time a wrong answer). */
export async function http(svc, label, path, query, opts, check = () => true) {
  const result = await measure((headers) => svc.get(path, query, headers), {
    ...opts,
    prepare: () => svc.headers(),
  });
  if (!check(result.result))
    throw new Error(`${label}: unexpected answer ${JSON.stringify(result.result).slice(0, 300)}`);
  console.log(`  ${label}: ${ms(result.median)} ms`);
  return { label, ...result };
}
