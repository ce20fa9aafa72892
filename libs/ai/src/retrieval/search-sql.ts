/**
 * The retrieval SQL: $1 the practice (or another scope: below), $2 the question, $3 the limit, $4 related words
 * (search-query.ts). Both texts are stemmed by the english configuration into lexemes (stop words dropped); a chunk
 * matches when it has any of them (an OR query: plainto_tsquery would AND them). Each lexeme counts by how rare it
 * is among the practice's chunks (BM25's inverse document frequency; a related word at 0.35 of that), times
 * ts_rank_cd of that lexeme on the chunk, which weights the page title (A) 1.0, the heading (B) 0.7 and the text
 * (C) 0.4 (the title boost) with length normalisation (1). The sum is mapped to 0..1 as sum / (sum + 1). `table` is
 * the quoted, schema-qualified table of chunks (knowledge's own, people's copy, a demo's pages): it needs
 * "chunk_id", "source_url", "page_title", "content", a tsvector "search_vector" and the quoted column `scope` that
 * $1 names (the practice, or the demo session).
 */
export function knowledgeSearchSql(table: string, scope = '"practice_id"'): string {
  return `
  WITH own AS (
    SELECT unnest(tsvector_to_array(to_tsvector('english', $2))) AS lexeme
  ),
  lexemes AS (
    SELECT lexeme, 1.0::float8 AS boost FROM own
    UNION ALL
    SELECT lexeme, 0.35::float8 FROM unnest(tsvector_to_array(to_tsvector('english', $4))) AS lexeme
     WHERE lexeme NOT IN (SELECT lexeme FROM own)
  ),
  terms AS (
    SELECT ('''' || replace(lexeme, '''', '''''') || '''')::tsquery AS query, boost
      FROM lexemes
     WHERE strpos(lexeme, chr(92)) = 0
  ),
  total AS (
    SELECT count(*)::float8 AS n FROM ${table} WHERE ${scope} = $1
  ),
  weighted AS (
    SELECT t.query, t.boost * ln(1 + (total.n - d.df + 0.5) / (d.df + 0.5)) AS idf
      FROM terms t CROSS JOIN total
      CROSS JOIN LATERAL (
        SELECT count(*)::float8 AS df FROM ${table} c
         WHERE c.${scope} = $1 AND c."search_vector" @@ t.query
      ) d
     WHERE d.df > 0
  ),
  ranked AS (
    SELECT c."chunk_id",
           sum(w.idf * ts_rank_cd('{0.1, 0.4, 0.7, 1.0}', c."search_vector", w.query, 1)) AS raw
      FROM ${table} c
      JOIN weighted w ON c."search_vector" @@ w.query
     WHERE c.${scope} = $1
     GROUP BY c."chunk_id"
     ORDER BY raw DESC, c."chunk_id"
     LIMIT $3
  )
  SELECT c."chunk_id", c."source_url", c."page_title", c."content", r.raw / (r.raw + 1) AS score
    FROM ranked r JOIN ${table} c USING ("chunk_id")
   ORDER BY r.raw DESC, c."chunk_id"`;
}
