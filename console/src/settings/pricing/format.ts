/** Date display rules of the pricing page. */

/** A calendar day (YYYY-MM-DD, or a timestamp of it) as 'Dec 1, 2026', never shifted by the time zone. */
export const dayDate = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A moment as the history shows it: 'Nov 23, 2026, 10:15:42 PM'. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
