import { gzipSync } from 'node:zlib';
import { parseSitemap } from './sitemap';

describe('parseSitemap', () => {
  it('reads the page URLs of a urlset', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc> https://glow.example/ </loc><lastmod>2026-10-01</lastmod></url>
        <url><loc>https://glow.example/botox?a=1&amp;b=2</loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({
      pages: ['https://glow.example/', 'https://glow.example/botox?a=1&b=2'],
      sitemaps: [],
    });
  });

  it('reads the sitemaps of a sitemap index, also gzipped', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://glow.example/pages.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(gzipSync(xml))).toEqual({ pages: [], sitemaps: ['https://glow.example/pages.xml'] });
  });

  it('gives nothing for a broken or HTML document', () => {
    expect(parseSitemap('<html><body>Not found</body></html>')).toEqual({ pages: [], sitemaps: [] });
    expect(parseSitemap('<urlset><url><loc>')).toEqual({ pages: [], sitemaps: [] });
  });
});
