/**
 * Website URLs accept a bare host ('glowaesthetics.com') or a full http(s) URL. https:// is added when
 * missing; the host must have a top-level domain of two or more letters (docs/product/leads.md#lead-fields).
 * Returns the normalised URL, '' for an empty value, or null when invalid.
 */
export function normalizeWebsiteUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!/^([a-z0-9](-*[a-z0-9])*\.)+[a-z]{2,}$/i.test(url.hostname)) return null;
  if (url.username || url.password) return null;
  const text = url.toString();
  return url.pathname === '/' && !url.search && !url.hash && !trimmed.endsWith('/')
    ? text.slice(0, -1)
    : text;
}
