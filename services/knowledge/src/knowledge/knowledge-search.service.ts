import { Injectable } from '@nestjs/common';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { SearchKnowledgeDto } from './dto/search-knowledge.dto';
import { KnowledgeSearchResponse } from './knowledge.response';
import { DEFAULT_SEARCH_LIMIT, expandQuestion } from './search-query';

/**
 * The retrieval SQL: the question (expanded with related words) stemmed by the english configuration, its
 * lexemes OR-ed (plainto_tsquery ANDs them; its operators are turned into '|'), matched against the chunks'
 * vectors (GIN index), ranked with ts_rank_cd weighting the page title (A) 1.0, the heading (B) 0.7 and the
 * text (C) 0.4 — the title boost — with length normalisation (1) and the score mapped to 0..1 (32:
 * rank / (rank + 1)). Exported for the benchmark.
 */
export const KNOWLEDGE_SEARCH_SQL = `
  WITH q AS (
    SELECT NULLIF(regexp_replace(plainto_tsquery('english', $2)::text, '\\s(&|<->|<\\d+>)\\s', ' | ', 'g'), '')::tsquery AS query
  )
  SELECT c."chunk_id", c."source_url", c."page_title", c."content",
         ts_rank_cd('{0.1, 0.4, 0.7, 1.0}', c."search_vector", q.query, 1 | 32) AS score
    FROM "knowledge"."knowledge_chunks" c, q
   WHERE c."practice_id" = $1 AND c."search_vector" @@ q.query
   ORDER BY score DESC, c."source_url", c."position"
   LIMIT $3`;

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
    const rows: { chunk_id: string; source_url: string; page_title: string | null; content: string; score: number }[] =
      await this.dataSource.query(KNOWLEDGE_SEARCH_SQL, [
        practiceId,
        expandQuestion(dto.query),
        dto.limit ?? DEFAULT_SEARCH_LIMIT,
      ]);
    return {
      results: rows.map((row) => ({ ...row, score: Math.round(Number(row.score) * 10_000) / 10_000 })),
    };
  }
}
