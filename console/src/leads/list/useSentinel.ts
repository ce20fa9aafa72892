import { useEffect, useRef, type RefObject } from 'react';

/** How far ahead of the edge the next page loads (docs/product/leads.md). */
export const SENTINEL_MARGIN = '200px';

/**
 * Calls `onVisible` when `sentinel` comes within 200 px of the scroll container's view, while `enabled`.
 * The observer is renewed whenever `renewKey` changes (after each page loads): a new observer reports the
 * sentinel's current state, so a page too short to fill the view still pulls the next one.
 */
export function useSentinel(
  root: RefObject<HTMLElement | null>,
  sentinel: RefObject<HTMLElement | null>,
  enabled: boolean,
  onVisible: () => void,
  renewKey: unknown,
) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: root.current, rootMargin: SENTINEL_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [root, sentinel, enabled, renewKey]);
}
