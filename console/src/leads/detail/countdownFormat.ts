/** The countdown's formats (docs/product/leads.md, AI brain timer): compact '2h 5m', minimal '02:05:09', full words. */
export type CountdownFormat = 'compact' | 'minimal' | 'full';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Whole units left until a moment, partial seconds counted up so that zero shows only once expired; nothing
 * below zero (an expired countdown is all zeros).
 */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export const isExpired = (remainingMs: number) => remainingMs <= 0;

const pad = (value: number) => String(value).padStart(2, '0');
const unit = (value: number, singular: string) => `${value} ${singular}${value === 1 ? '' : 's'}`;

/**
 * compact: the two largest units that matter ('1d 3h', '2h 5m', '4m 10s', '9s');
 * minimal: hh:mm:ss, days folded into the hours ('26:05:09');
 * full: every non-zero unit in words ('2 hours 5 minutes 9 seconds'), '0 seconds' at the end.
 */
export function formatCountdown(remainingMs: number, format: CountdownFormat): string {
  const { days, hours, minutes, seconds } = countdownParts(remainingMs);
  if (format === 'minimal') return `${pad(days * 24 + hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (format === 'compact') {
    if (days > 0) return `${days}d ${hours}h`;
    if (hours > 0) return `${hours}h ${minutes}m`;
    if (minutes > 0) return `${minutes}m ${seconds}s`;
    return `${seconds}s`;
  }
  const words = [
    days && unit(days, 'day'),
    hours && unit(hours, 'hour'),
    minutes && unit(minutes, 'minute'),
    seconds && unit(seconds, 'second'),
  ].filter(Boolean);
  return words.length ? words.join(' ') : unit(0, 'second');
}
