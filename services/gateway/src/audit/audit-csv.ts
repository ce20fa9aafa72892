import type { AuditEntry } from '@pp/contracts';

/** The columns of `…/audit-log.csv`, in order (docs/product/settings.md#security). */
export const AUDIT_CSV_COLUMNS = [
  'occurred_at',
  'user_id',
  'user_email',
  'action',
  'resource_type',
  'resource_id',
  'lead_id',
  'status',
  'outcome',
  'client_ip',
  'user_agent',
] as const satisfies readonly (keyof AuditEntry)[];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text a spreadsheet would
 * run as a formula (=, +, -, @, a tab or a carriage return first: a user agent is the client's to choose) is kept
 * as text behind a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(entry: AuditEntry): string {
  return `${AUDIT_CSV_COLUMNS.map((column) => csvField(entry[column])).join(',')}\r\n`;
}
