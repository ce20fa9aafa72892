/**
 * A short duration as staff read it, e.g. the lead's speed to lead (docs/product/leads.md): '42 s',
 * '3 min 5 s', '2 h 10 min', '3 d 4 h'. The two largest units, a zero second unit dropped ('3 min'); seconds
 * are rounded; null for a missing or negative value.
 */
export function formatShortDuration(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const pair = (first: string, second: number, unit: string) =>
    second ? `${first} ${second} ${unit}` : first;
  if (days > 0) return pair(`${days} d`, hours, 'h');
  if (hours > 0) return pair(`${hours} h`, minutes, 'min');
  if (minutes > 0) return pair(`${minutes} min`, rest, 's');
  return `${rest} s`;
}
