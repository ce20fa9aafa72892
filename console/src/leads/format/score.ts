/**
 * Score and probability colours (docs/product/leads.md). Scores are rounded before the tier is
 * chosen, so the badge's number and its icon always agree (79.6 shows 80 with a flame).
 */

export type ListScoreTier = 'flame' | 'star' | 'thought';

const round = (score: number | null | undefined) =>
  typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : null;

/** The list's score badge: 80 and up flame, 60 and up star, otherwise (or no score) a thought bubble. */
export function listScoreTier(score: number | null | undefined): ListScoreTier {
  const value = round(score) ?? 0;
  if (value >= 80) return 'flame';
  if (value >= 60) return 'star';
  return 'thought';
}

export interface SearchScoreTier {
  tier: ListScoreTier;
  /** MUI palette colour of the chip: red, orange, default. */
  colour: 'error' | 'warning' | 'default';
  /** The tier's symbol as text (fire, star, thought bubble). */
  icon: string;
  /** The score rounded; null when the lead has none. */
  score: number | null;
}

const SEARCH_TIERS: Record<ListScoreTier, Omit<SearchScoreTier, 'score'>> = {
  flame: { tier: 'flame', colour: 'error', icon: '🔥' },
  star: { tier: 'star', colour: 'warning', icon: '⭐' },
  thought: { tier: 'thought', colour: 'default', icon: '💭' },
};

/** The search row's score badge: 80 or more red with fire, 60–79 orange with star, below 60 default with thought. */
export function searchScoreTier(score: number | null | undefined): SearchScoreTier {
  return { ...SEARCH_TIERS[listScoreTier(score)], score: round(score) };
}

/** Conversion probability (0–1): green at 0.7 and above, yellow at 0.4 and above, otherwise red. */
export function conversionColour(p: number | null | undefined): 'success' | 'warning' | 'error' {
  const value = typeof p === 'number' && Number.isFinite(p) ? p : 0;
  if (value >= 0.7) return 'success';
  if (value >= 0.4) return 'warning';
  return 'error';
}
