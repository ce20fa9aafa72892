/**
 * The GHL (GoHighLevel) app that 'View in GHL' opens. Set at build time by VITE_GHL_APP_URL (console/vite.config.ts
 * defines __PP_GHL_APP_URL__ from it); the default is GHL's own app (docs/product/calendar.md#the-console-page).
 */
declare const __PP_GHL_APP_URL__: string | undefined;

export const DEFAULT_GHL_APP_URL = 'https://app.gohighlevel.com';

export const ghlAppUrl = (): string =>
  (typeof __PP_GHL_APP_URL__ !== 'undefined' && __PP_GHL_APP_URL__) || DEFAULT_GHL_APP_URL;
