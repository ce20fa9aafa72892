import { SHELL_BREAKPOINTS, useWideWindow } from '../../layout/responsive';

/**
 * Where the AI decision review box goes. Below 1366 px the AI Assistant panel starts closed, so the review (the
 * task the leads workspace exists for) moves into the lead detail column: 'Approve & Send' is one click at any
 * width from 1024 px up. On wider windows it stays in the side panel (docs/product/lead-panel.md).
 */
export function useReviewInDetail(): boolean {
  return !useWideWindow(SHELL_BREAKPOINTS.assistantInline);
}
