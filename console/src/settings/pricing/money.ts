import { DEFAULT_CURRENCY } from '@pp/contracts';

/** Money display and parsing for pricing, fees and promotions (docs/product/settings.md#constants). */

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in its currency with up to 2 decimals: 150 → '$150', 99.5 → '$99.5', 12.345 → '$12.35'. */
export function formatMoney(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY): string {
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY;
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    formatters.set(code, formatter);
  }
  return formatter.format(amount);
}

/** A typed amount: an empty string is null; anything that is not a finite number is null too. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The text shown in an amount input for a stored value. */
export const amountText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
