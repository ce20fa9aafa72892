/**
 * Procedure badges are "coloured by procedure name" (docs/product/leads.md): the same procedure has
 * the same colour in the list, the search and the detail. A name hashes (FNV-1a, case- and space-insensitive)
 * to one of these pairs, each a light background with a dark text colour readable on it (WCAG AA).
 */
export interface ChipColour {
  bg: string;
  fg: string;
}

export const PROCEDURE_PALETTE: readonly ChipColour[] = [
  { bg: '#E3F2FD', fg: '#0D47A1' }, // blue
  { bg: '#F3E5F5', fg: '#6A1B9A' }, // purple
  { bg: '#E8F5E9', fg: '#1B5E20' }, // green
  { bg: '#FFF3E0', fg: '#A14300' }, // orange
  { bg: '#FCE4EC', fg: '#AD1457' }, // pink
  { bg: '#E0F7FA', fg: '#006064' }, // cyan
  { bg: '#EDE7F6', fg: '#4527A0' }, // deep purple
  { bg: '#FFFDE7', fg: '#7A5C00' }, // yellow
  { bg: '#EFEBE9', fg: '#4E342E' }, // brown
  { bg: '#E8EAF6', fg: '#283593' }, // indigo
];

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A stable chip colour for a procedure name. */
export function procedureColour(name: string | null | undefined): ChipColour {
  const key = (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return PROCEDURE_PALETTE[fnv1a(key) % PROCEDURE_PALETTE.length];
}
