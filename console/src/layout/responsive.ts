import { useMediaQuery } from '@mui/material';

/**
 * Window widths (px) from which the shell's side columns take room of their own. Front-desk screens are
 * often 1024–1366 px wide: below these widths the column gives its room to the lead detail.
 */
export const SHELL_BREAKPOINTS = {
  /** The leads stage sidebar is a column; below, a narrow rail whose button opens it as a drawer. */
  stagesInline: 1280,
  /** The AI Assistant panel is a column; below, it starts closed and opens over the page. */
  assistantInline: 1366,
  /** The lead list gets its full width. */
  wideList: 1440,
} as const;

/** `@media (min-width: …)` for sx. */
export const minWidthQuery = (px: number) => `@media (min-width:${px}px)`;

/**
 * Whether the window is at least `px` wide. Asked as "is it narrower?", so that where nothing matches
 * (jsdom, no matchMedia) the wide layout is the answer.
 */
export function useWideWindow(px: number): boolean {
  return !useMediaQuery(`(max-width:${px - 0.02}px)`, { noSsr: true });
}
