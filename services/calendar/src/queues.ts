/** The calendar service's BullMQ queue (ARCHITECTURE.md, "Background work"). */
export const CALENDAR_SYNC_QUEUE = 'calendar-sync';
