"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseSitemap = parseSitemap;
/** sitemap.xml reading (urlset and sitemapindex, plain or gzipped), parsed with fast-xml-parser. */
const node_zlib_1 = require("node:zlib");
const fast_xml_parser_1 = require("fast-xml-parser");
const parser = new fast_xml_parser_1.XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    processEntities: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => name === 'url' || name === 'sitemap',
});
function locs(entries) {
    if (!Array.isArray(entries))
        return [];
    const out = [];
    for (const entry of entries) {
        const loc = entry?.loc;
        if (typeof loc === 'string' && loc.trim())
            out.push(loc.trim());
    }
    return out;
}
/** Parses a sitemap or sitemap index; an unreadable document gives no URLs (never throws). */
function parseSitemap(body, maxBytes = 50 * 1024 * 1024) {
    let xml;
    try {
        const buffer = typeof body === 'string' ? Buffer.from(body) : body;
        xml =
            buffer[0] === 0x1f && buffer[1] === 0x8b
                ? (0, node_zlib_1.gunzipSync)(buffer, { maxOutputLength: maxBytes }).toString('utf8')
                : buffer.toString('utf8');
        const doc = parser.parse(xml);
        return { pages: locs(doc?.urlset?.url), sitemaps: locs(doc?.sitemapindex?.sitemap) };
    }
    catch {
        return { pages: [], sitemaps: [] };
    }
}
//# sourceMappingURL=sitemap.js.map