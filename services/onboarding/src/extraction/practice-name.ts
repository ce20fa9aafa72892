/** The practice's name from a page title: the brand without the tagline, the page's own name or 'Home'. */
import { clean } from './page-text';

const MAX_NAME = 100;

/** Separators of a title's parts: a bar, a bullet or a dash between spaces, or a colon. */
const SEPARATOR = /\s*[|•·»~]\s*|\s+[-–—]\s+|:\s+/;

/** Parts of a title that are no name. */
const GENERIC = new Set([
  'home',
  'homepage',
  'home page',
  'welcome',
  'index',
  'official site',
  'official website',
]);

function parts(title: string): string[] {
  return clean(title.slice(0, 500))
    .split(SEPARATOR)
    .map((part) => part.replace(/^(?:welcome to|home of)\s+/i, '').trim())
    .filter((part) => part && !GENERIC.has(part.toLowerCase()));
}

/**
 * The practice's name in a page title: 'Glow Med Spa | Botox & Fillers in Austin' → 'Glow Med Spa'. With the
 * other pages' titles, the part most of them share is the brand ('Our Team | Glow Med Spa', 'Services | Glow Med
 * Spa'); else the first part that is not 'Home' or 'Welcome'. Null for an empty title.
 */
export function nameFromTitle(title: string, otherTitles: readonly string[] = []): string | null {
  const own = parts(title);
  if (own.length === 0) return null;
  if (own.length > 1 && otherTitles.length > 0) {
    const counts = new Map<string, number>();
    for (const other of otherTitles.slice(0, 100)) {
      for (const part of new Set(parts(other).map((p) => p.toLowerCase()))) {
        counts.set(part, (counts.get(part) ?? 0) + 1);
      }
    }
    let best: string | null = null;
    let bestCount = 0;
    for (const part of own) {
      const count = counts.get(part.toLowerCase()) ?? 0;
      if (count > bestCount) {
        best = part;
        bestCount = count;
      }
    }
    // Shared by at least two other pages, or by the only other one.
    if (best && (bestCount >= 2 || otherTitles.length === 1)) return best.slice(0, MAX_NAME);
  }
  return own[0].slice(0, MAX_NAME);
}
