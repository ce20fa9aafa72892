/** The onboarding service's BullMQ queue (docs/architecture.md#background-work). */
export const CRAWL_QUEUE = 'crawl';
