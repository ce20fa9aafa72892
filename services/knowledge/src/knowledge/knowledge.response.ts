import { ApiProperty } from '@nestjs/swagger';
import type { PageStatus, ProcessingStatus } from './knowledge.entities';

/** One page of the knowledge base (docs/product/settings.md#entities). */
export class KnowledgeEntryResponse {
  @ApiProperty({ example: 'https://glow-aesthetics.example/pricing' })
  source_url: string;

  @ApiProperty({ type: String, nullable: true, description: "Shown as 'Untitled Page' when null" })
  page_title: string | null;

  @ApiProperty({ type: [String], description: 'Chunk ids in page order' })
  chunk_ids: string[];

  @ApiProperty()
  chunk_count: number;

  @ApiProperty({ format: 'date-time' })
  last_updated: string;

  @ApiProperty({
    enum: ['ready', 'pending', 'failed'],
    description: 'pending: waiting for the running process',
  })
  status: PageStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Why the page could not be read last time' })
  error: string | null;
}

export class KnowledgeListResponse {
  @ApiProperty({ type: [KnowledgeEntryResponse] })
  entries: KnowledgeEntryResponse[];

  @ApiProperty()
  total_entries: number;

  @ApiProperty()
  total_chunks: number;
}

/** The practice's processing status; 'ready' with last_updated null when never processed. */
export class KnowledgeStatusResponse {
  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ enum: ['processing', 'ready', 'failed'] })
  status: ProcessingStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_updated: string | null;

  @ApiProperty({ type: String, enum: ['all', 'urls'], nullable: true, description: 'all: a full reprocess' })
  scope: 'all' | 'urls' | null;

  @ApiProperty({ description: 'Pages the current or last run found' })
  pages_found: number;

  @ApiProperty({ description: 'Pages the current or last run read and chunked' })
  pages_processed: number;

  @ApiProperty({ description: 'Pages the current or last run could not read' })
  pages_failed: number;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last run failed' })
  error: string | null;
}

export class KnowledgeDeleteResponse {
  @ApiProperty()
  deleted_entries: number;

  @ApiProperty()
  deleted_chunks: number;
}

export class KnowledgeSearchResult {
  @ApiProperty({ format: 'uuid' })
  chunk_id: string;

  @ApiProperty()
  source_url: string;

  @ApiProperty({ type: String, nullable: true })
  page_title: string | null;

  @ApiProperty()
  content: string;

  @ApiProperty({ description: 'Relevance from 0 to 1 (higher is better)' })
  score: number;
}

export class KnowledgeSearchResponse {
  @ApiProperty({ type: [KnowledgeSearchResult] })
  results: KnowledgeSearchResult[];
}
