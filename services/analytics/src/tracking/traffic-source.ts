import type { PageviewClickIds, PageviewUtm, TrafficSource } from '@pp/contracts';

/** What a page's url says about the visit: its UTM parameters and ad click ids (only those present). */
export interface UrlCampaign {
  utm: PageviewUtm;
  click_ids: PageviewClickIds;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const CLICK_ID_KEYS = ['gclid', 'msclkid', 'fbclid'] as const;
/** Google Ads' other click markers (iOS app campaigns, auto-tagging without gclid). */
const GOOGLE_ADS_MARKERS = ['gbraid', 'wbraid', 'gad_source'];
/** The longest UTM value or click id kept. */
const MAX_PARAM = 200;

const urlOf = (text: string | null | undefined): URL | null => {
  if (!text) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** Reads the UTM parameters and click ids of a page's url (a url that does not parse has none). */
export function readCampaign(pageUrl: string): UrlCampaign {
  const url = urlOf(pageUrl);
  const utm: PageviewUtm = {};
  const clickIds: PageviewClickIds = {};
  if (!url) return { utm, click_ids: clickIds };
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(`utm_${key}`)?.trim();
    if (value) utm[key] = value.slice(0, MAX_PARAM);
  }
  for (const key of CLICK_ID_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) clickIds[key] = value.slice(0, MAX_PARAM);
  }
  return { utm, click_ids: clickIds };
}

/** A host without its `www.` and trailing dot, lower case. */
const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\d*\./, '');

/**
 * Whether the referrer is the practice's own site (the page's host, with or without `www.`, or a subdomain of
 * it): navigation inside the site, not where the visit came from.
 */
export function isOwnSiteReferrer(pageUrl: string, referrer: string | null | undefined): boolean {
  const page = urlOf(pageUrl);
  const from = urlOf(referrer);
  if (!page || !from || (from.protocol !== 'http:' && from.protocol !== 'https:')) return false;
  const pageHost = bareHost(page.hostname);
  const fromHost = bareHost(from.hostname);
  return fromHost === pageHost || fromHost.endsWith(`.${pageHost}`) || pageHost.endsWith(`.${fromHost}`);
}

/** A country-code or generic top-level domain after a brand: `.com`, `.co.uk`, `.com.au`, `.de`. */
const TLD = String.raw`(?:com|net|org|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})`;
const GOOGLE_SEARCH = new RegExp(String.raw`^google\.${TLD}$`);
const YAHOO_SEARCH = new RegExp(String.raw`^(?:[a-z]{2}\.|r\.)?search\.yahoo\.${TLD}$|^yahoo\.${TLD}$`);
const BING = /(?:^|\.)bing\.com$/;
const FACEBOOK = /(?:^|\.)(?:facebook\.com|fb\.com|fb\.me|messenger\.com)$/;
const INSTAGRAM = /(?:^|\.)instagram\.com$/;

/** Android apps' referrers (`android-app://package`) that name a source. */
const ANDROID_APPS: Record<string, TrafficSource> = {
  'com.google.android.googlequicksearchbox': 'google',
  'com.facebook.katana': 'facebook',
  'com.facebook.lite': 'facebook',
  'com.facebook.orca': 'facebook',
  'com.instagram.android': 'instagram',
  'com.microsoft.bing': 'bing',
};

/** The source a referrer names (not the own site): a search engine or social network, else referral. */
function sourceOfReferrer(referrer: URL): TrafficSource {
  if (referrer.protocol === 'android-app:') {
    const app = (
      referrer.hostname ||
      referrer.pathname.replace(/^\/+/, '').split('/')[0] ||
      ''
    ).toLowerCase();
    return ANDROID_APPS[app] ?? 'referral';
  }
  const host = bareHost(referrer.hostname);
  if (GOOGLE_SEARCH.test(host)) return 'google';
  if (BING.test(host)) return 'bing';
  if (YAHOO_SEARCH.test(host)) return 'yahoo';
  if (INSTAGRAM.test(host)) return 'instagram';
  if (FACEBOOK.test(host)) return 'facebook';
  return 'referral';
}

const PAID_MEDIUMS = new Set([
  'cpc',
  'ppc',
  'paid',
  'paidsearch',
  'paid_search',
  'paid-search',
  'sem',
  'cpm',
]);

/** The source a utm_source names, when it is one of the spec's (with utm_medium telling paid search). */
function sourceOfUtm(utm: PageviewUtm): TrafficSource | null {
  const source = utm.source?.toLowerCase().trim();
  if (!source) return null;
  const paid = PAID_MEDIUMS.has(utm.medium?.toLowerCase().trim() ?? '');
  if (source === 'google' || source === 'adwords' || source === 'google_ads') {
    return paid || source !== 'google' ? 'google_ads' : 'google';
  }
  if (source === 'bing' || source === 'microsoft' || source === 'microsoft_ads') {
    return paid || source !== 'bing' ? 'microsoft_ads' : 'bing';
  }
  if (source === 'yahoo') return 'yahoo';
  if (source === 'instagram' || source === 'ig') return 'instagram';
  if (source === 'facebook' || source === 'fb' || source === 'meta') return 'facebook';
  return null;
}

/**
 * The traffic source of a pageview, one of the spec's keys (docs/decisions/0026-pageview-pipeline.md):
 * 1. ad click ids in the page's url: gclid (and Google's gbraid, wbraid, gad_source) → google_ads, msclkid →
 *    microsoft_ads, fbclid → instagram when the referrer is Instagram, else facebook;
 * 2. utm_source naming a known source (google/bing with a paid utm_medium → the ads key); another utm_source →
 *    referral (a tagged link from elsewhere);
 * 3. the referrer: Google, Bing, Yahoo search, Instagram, Facebook (any of their hosts, country domains and
 *    Android apps) → that key, the practice's own site or none → direct, anything else → referral.
 */
export function classifyTrafficSource(pageUrl: string, referrer: string | null | undefined): TrafficSource {
  const url = urlOf(pageUrl);
  const from = urlOf(referrer);
  const params = url?.searchParams;
  const fromSource = from ? sourceOfReferrer(from) : null;
  if (params?.get('gclid') || GOOGLE_ADS_MARKERS.some((key) => params?.get(key))) return 'google_ads';
  if (params?.get('msclkid')) return 'microsoft_ads';
  if (params?.get('fbclid')) return fromSource === 'instagram' ? 'instagram' : 'facebook';
  const { utm } = readCampaign(pageUrl);
  if (utm.source) return sourceOfUtm(utm) ?? 'referral';
  if (!from || isOwnSiteReferrer(pageUrl, referrer)) return 'direct';
  return fromSource ?? 'referral';
}
