/** The jobs of the `crawl` queue that take a demo from its website address to ready (docs/product/onboarding.md). */
export const CRAWL_DEMO_JOB = 'crawl';
export const EXTRACT_DEMO_JOB = 'extract';

/** Data of both jobs: the session they advance. */
export interface DemoJob {
  demo_session_id: string;
}

/** One job of each kind per session: BullMQ ignores a second add of the same id. */
export const demoJobId = (kind: typeof CRAWL_DEMO_JOB | typeof EXTRACT_DEMO_JOB, sessionId: string) =>
  `demo-${kind}-${sessionId}`;
