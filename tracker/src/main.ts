import { startTracker } from './tracker';

/**
 * The website script's entry: `<script async src="{origin}/pp.js" data-site-key="..."></script>`, optionally
 * `data-respect-dnt="true"`. The ingress is the script's own origin unless `data-endpoint` names another.
 */
(function boot(win: Window & { __practicePilot?: boolean }) {
  if (win.__practicePilot) return;
  const doc = win.document;
  const script =
    (doc.currentScript as HTMLScriptElement | null) ??
    doc.querySelector<HTMLScriptElement>('script[data-site-key][src*="pp.js"]');
  const siteKey = script?.getAttribute('data-site-key');
  if (!script || !siteKey) return;
  win.__practicePilot = true;
  try {
    startTracker({
      siteKey,
      endpoint: script.getAttribute('data-endpoint') || new URL('/api/v1/tracking/events', script.src).href,
      respectDnt: script.getAttribute('data-respect-dnt') === 'true',
      win,
    });
  } catch {
    // Never break the practice's website.
  }
})(window);
