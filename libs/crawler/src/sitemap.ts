/** sitemap.xml reading (urlset and sitemapindex, plain or gzipped), parsed with fast-xml-parser. */
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

export interface ParsedSitemap {
  /** Page URLs (<urlset><url><loc>). */
  pages: string[];
  /** Nested sitemaps (<sitemapindex><sitemap><loc>). */
  sitemaps: string[];
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

function locs(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  const out: string[] = [];
  for (const entry of entries) {
    const loc = (entry as { loc?: unknown } | null)?.loc;
    if (typeof loc === 'string' && loc.trim()) out.push(loc.trim());
  }
  return out;
}

/** Parses a sitemap or sitemap index; an unreadable document gives no URLs (never throws). */
export function parseSitemap(body: Buffer | string, maxBytes = 50 * 1024 * 1024): ParsedSitemap {
  let xml: string;
  try {
    const buffer = typeof body === 'string' ? Buffer.from(body) : body;
    xml =
      buffer[0] === 0x1f && buffer[1] === 0x8b
        ? gunzipSync(buffer, { maxOutputLength: maxBytes }).toString('utf8')
        : buffer.toString('utf8');
    const doc = parser.parse(xml) as {
      urlset?: { url?: unknown };
      sitemapindex?: { sitemap?: unknown };
    };
    return { pages: locs(doc?.urlset?.url), sitemaps: locs(doc?.sitemapindex?.sitemap) };
  } catch {
    return { pages: [], sitemaps: [] };
  }
}
