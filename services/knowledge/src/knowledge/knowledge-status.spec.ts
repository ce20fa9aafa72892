import { KnowledgeMessages } from './knowledge.exception';
import { KnowledgeProcessing } from './knowledge.entities';
import { STALE_RUN_MS, toStatus } from './knowledge-store';

describe('the knowledge status a practice sees', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const run = (status: KnowledgeProcessing['status'], minutesAgo: number): KnowledgeProcessing =>
    Object.assign(new KnowledgeProcessing(), {
      practice_id: 'p1',
      status,
      run_id: 'r1',
      scope: 'all',
      last_updated: new Date(now - minutesAgo * 60_000),
      pages_found: 12,
      pages_processed: 4,
      pages_failed: 0,
      error: null,
    });

  it('is ready, never updated, before anything was processed', () => {
    expect(toStatus('p1', null, now)).toMatchObject({ status: 'ready', last_updated: null });
  });

  it('keeps a run that reported a moment ago processing', () => {
    expect(toStatus('p1', run('processing', 2), now)).toMatchObject({ status: 'processing', error: null });
  });

  it('reads a run silent for 15 minutes as failed, so the page stops waiting for it', () => {
    expect(STALE_RUN_MS).toBe(15 * 60_000);
    expect(toStatus('p1', run('processing', 15), now)).toMatchObject({
      status: 'failed',
      error: KnowledgeMessages.runFailed,
      pages_processed: 4,
    });
    expect(toStatus('p1', run('ready', 60 * 24), now)).toMatchObject({ status: 'ready', error: null });
  });
});
