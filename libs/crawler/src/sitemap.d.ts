export interface ParsedSitemap {
    /** Page URLs (<urlset><url><loc>). */
    pages: string[];
    /** Nested sitemaps (<sitemapindex><sitemap><loc>). */
    sitemaps: string[];
}
/** Parses a sitemap or sitemap index; an unreadable document gives no URLs (never throws). */
export declare function parseSitemap(body: Buffer | string, maxBytes?: number): ParsedSitemap;
