/** Pure rules for location fields (docs/product/settings.md#locations, #practice-settings-validation). */

/** New location defaults (docs/product/settings.md#locations). */
export const NEW_LOCATION_DEFAULTS = {
  name: 'New Location',
  address: 'Address to be updated',
  timezone: 'America/New_York',
  phone: '',
  is_primary: false,
  is_active: true,
} as const;

export function isValidTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

/** Formats a US phone as (555) 123-4567; '' stays ''; null when not a 10-digit number. */
export function formatLocationPhone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || /[^\d\s().+-]/.test(trimmed)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
