/** The onboarding service's BullMQ queue (ARCHITECTURE.md, "Background work"). */
export const CRAWL_QUEUE = 'crawl';
