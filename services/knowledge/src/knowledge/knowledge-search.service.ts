import { Injectable } from '@nestjs/common';
import { DEFAULT_SEARCH_LIMIT, knowledgeSearchSql, questionText, relatedWords } from '@pp/ai';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { SearchKnowledgeDto } from './dto/search-knowledge.dto';
import { KnowledgeSearchResponse } from './knowledge.response';

/** The retrieval SQL over knowledge's own chunks (exported for the benchmark). */
export const KNOWLEDGE_SEARCH_SQL = knowledgeSearchSql('"knowledge"."knowledge_chunks"');

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
