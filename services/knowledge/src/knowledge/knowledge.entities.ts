import { Column, Entity, PrimaryColumn } from 'typeorm';

export type PageStatus = 'ready' | 'pending' | 'failed';
export type ProcessingStatus = 'processing' | 'ready' | 'failed';

/** A page of the practice's website in the knowledge base (one per source_url). */
@Entity({ name: 'knowledge_pages' })
export class KnowledgePage {
  @PrimaryColumn('uuid')
  page_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'text' })
  source_url: string;

  @Column({ type: 'text', nullable: true })
  page_title: string | null;

  /** sha256 of the page's title and text when last chunked: an unchanged page keeps its chunks. */
  @Column({ type: 'text' })
  content_hash: string;

  @Column({ type: 'text' })
  status: PageStatus;

  @Column({ type: 'timestamptz' })
  last_updated: Date;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}

/** A passage of a page, the unit of retrieval (its full-text vector is a generated column, not mapped). */
@Entity({ name: 'knowledge_chunks' })
export class KnowledgeChunk {
  @PrimaryColumn('uuid')
  chunk_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  page_id: string;

  @Column({ type: 'text' })
  source_url: string;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'text', nullable: true })
  page_title: string | null;

  @Column({ type: 'text', nullable: true })
  heading: string | null;

  @Column({ type: 'text' })
  content: string;
}

/** A practice's knowledge processing status (no row: never processed, shown as ready). */
@Entity({ name: 'knowledge_processing' })
export class KnowledgeProcessing {
  @PrimaryColumn('uuid')
  practice_id: string;

  @Column({ type: 'text' })
  status: ProcessingStatus;

  /** The run the queued job belongs to: a job of an older run finds itself superseded and does nothing. */
  @Column({ type: 'uuid' })
  run_id: string;

  @Column({ type: 'text' })
  scope: 'all' | 'urls';

  @Column({ type: 'timestamptz' })
  last_updated: Date;

  @Column({ type: 'int' })
  pages_found: number;

  @Column({ type: 'int' })
  pages_processed: number;

  @Column({ type: 'int' })
  pages_failed: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
