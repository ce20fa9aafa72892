import { Injectable } from '@nestjs/common';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { SearchKnowledgeDto } from './dto/search-knowledge.dto';
import { KnowledgeSearchResponse } from './knowledge.response';
import { DEFAULT_SEARCH_LIMIT, questionText, relatedWords } from './search-query';

/**
 * The retrieval SQL: $1 the practice, $2 the question, $3 the limit, $4 related words (search-query.ts). Both
 * texts are stemmed by the english configuration into lexemes (stop words dropped); a chunk matches when it
 * has any of them (an OR query: plainto_tsquery would AND them). Each lexeme counts by how rare it is among
 * the practice's chunks (BM25's inverse document frequency; a related word at 0.35 of that), times
 * ts_rank_cd of that lexeme on the chunk, which weights the page title (A) 1.0, the heading (B) 0.7 and the
 * text (C) 0.4 (the title boost) with length normalisation (1). The sum is mapped to 0..1 as sum / (sum + 1).
 * Exported for the benchmark.
 */
export const KNOWLEDGE_SEARCH_SQL = `
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
    SELECT count(*)::float8 AS n FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1
  ),
  weighted AS (
    SELECT t.query, t.boost * ln(1 + (total.n - d.df + 0.5) / (d.df + 0.5)) AS idf
      FROM terms t CROSS JOIN total
      CROSS JOIN LATERAL (
        SELECT count(*)::float8 AS df FROM "knowledge"."knowledge_chunks" c
         WHERE c."practice_id" = $1 AND c."search_vector" @@ t.query
      ) d
     WHERE d.df > 0
  ),
  ranked AS (
    SELECT c."chunk_id",
           sum(w.idf * ts_rank_cd('{0.1, 0.4, 0.7, 1.0}', c."search_vector", w.query, 1)) AS raw
      FROM "knowledge"."knowledge_chunks" c
      JOIN weighted w ON c."search_vector" @@ w.query
     WHERE c."practice_id" = $1
     GROUP BY c."chunk_id"
     ORDER BY raw DESC, c."chunk_id"
     LIMIT $3
  )
  SELECT c."chunk_id", c."source_url", c."page_title", c."content", r.raw / (r.raw + 1) AS score
    FROM ranked r JOIN "knowledge"."knowledge_chunks" c USING ("chunk_id")
   ORDER BY r.raw DESC, c."chunk_id"`;

@Injectable()
export class KnowledgeSearchService {
  constructor(private readonly dataSource: DataSource) {}

  /** The practice's chunks that best answer the question, best first. */
  async search(
    identity: Identity,
    practiceId: string,
    dto: SearchKnowledgeDto,
  ): Promise<KnowledgeSearchResponse> {
    assertPracticeAccess(identity, practiceId);
    const rows: {
      chunk_id: string;
      source_url: string;
      page_title: string | null;
      content: string;
      score: number;
    }[] = await this.dataSource.query(KNOWLEDGE_SEARCH_SQL, [
      practiceId,
      questionText(dto.query),
      dto.limit ?? DEFAULT_SEARCH_LIMIT,
      relatedWords(dto.query),
    ]);
    return {
      results: rows.map((row) => ({ ...row, score: Math.round(Number(row.score) * 10_000) / 10_000 })),
    };
  }
}
