/** The calendar service's BullMQ queue (docs/architecture.md#background-work). */
export const CALENDAR_SYNC_QUEUE = 'calendar-sync';
