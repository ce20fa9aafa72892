export interface ExtractedPage {
    title: string | null;
    text: string;
    headings: string[];
    structuredData: unknown[];
    /** Absolute http(s) links of the page (anchors and image-map areas), fragments kept, not deduplicated. */
    links: string[];
}
/**
 * Readable text of an HTML fragment: one paragraph per block element (paragraph, heading, list item, table
 * row, ...), paragraphs separated by a blank line; table cells joined with " | ".
 */
export declare function htmlToText(html: string): string;
/** Extracts a page; `url` is the page's final URL (for relative links). Never throws on bad HTML. */
export declare function extractPage(html: string, url: string): ExtractedPage;
