"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.htmlToText = htmlToText;
exports.extractPage = extractPage;
/**
 * What a page says: title, main readable text (Readability over linkedom; cheerio's body text minus navigation,
 * header, footer and scripts when Readability finds no article), headings, JSON-LD blocks, and the links to follow.
 */
const readability_1 = require("@mozilla/readability");
const cheerio = __importStar(require("cheerio"));
const linkedom_1 = require("linkedom");
/** Elements that never carry the page's own content. */
const NOISE = [
    'script',
    'style',
    'noscript',
    'template',
    'svg',
    'canvas',
    'iframe',
    'object',
    'embed',
    'form',
    'button',
    'select',
    'nav',
    'header',
    'footer',
    'aside',
    '[role="navigation"]',
    '[role="banner"]',
    '[role="contentinfo"]',
    '[role="search"]',
    '[aria-hidden="true"]',
    '[hidden]',
].join(',');
const BLOCK = new Set([
    'address',
    'article',
    'aside',
    'blockquote',
    'body',
    'caption',
    'dd',
    'details',
    'dialog',
    'div',
    'dl',
    'dt',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'header',
    'hr',
    'li',
    'main',
    'nav',
    'ol',
    'p',
    'pre',
    'section',
    'summary',
    'table',
    'tbody',
    'thead',
    'tfoot',
    'tr',
    'ul',
]);
const clean = (text) => text.replace(/\s+/g, ' ').trim();
/**
 * Readable text of an HTML fragment: one paragraph per block element (paragraph, heading, list item, table
 * row, ...), paragraphs separated by a blank line; table cells joined with " | ".
 */
function htmlToText(html) {
    const $ = cheerio.load(html);
    $('script,style,noscript,template').remove();
    const paragraphs = [];
    let line = '';
    const flush = () => {
        const text = clean(line);
        if (text)
            paragraphs.push(text);
        line = '';
    };
    const walk = (nodes) => {
        for (const node of nodes) {
            if (node.type === 'text') {
                line += node.data ?? '';
            }
            else if (node.type === 'tag' && node.name) {
                const name = node.name.toLowerCase();
                if (name === 'br') {
                    flush();
                    continue;
                }
                if ((name === 'td' || name === 'th') && clean(line))
                    line += ' | ';
                const block = BLOCK.has(name);
                if (block)
                    flush();
                walk(node.children ?? []);
                if (block)
                    flush();
                else if (name === 'td' || name === 'th' || name === 'img')
                    line += ' ';
            }
            else if (node.type === 'root' && node.children) {
                walk(node.children);
            }
        }
    };
    walk($.root().children().toArray());
    flush();
    return paragraphs.join('\n\n');
}
function readabilityText(html, url) {
    try {
        const { document } = (0, linkedom_1.parseHTML)(html);
        // Readability resolves relative links against the document's URL.
        const base = document.createElement('base');
        base.setAttribute('href', url);
        document.head?.prepend(base);
        const article = new readability_1.Readability(document, {
            charThreshold: 200,
        }).parse();
        return article?.content ? htmlToText(article.content) : '';
    }
    catch {
        return '';
    }
}
function parseJsonLd(raw) {
    const body = raw
        .trim()
        .replace(/^<!--/, '')
        .replace(/-->$/, '')
        .replace(/^\s*(\/\/)?\s*<!\[CDATA\[/, '')
        .replace(/(\/\/)?\s*\]\]>\s*$/, '')
        .trim();
    if (!body)
        return undefined;
    try {
        return JSON.parse(body);
    }
    catch {
        return undefined;
    }
}
/** Extracts a page; `url` is the page's final URL (for relative links). Never throws on bad HTML. */
function extractPage(html, url) {
    const $ = cheerio.load(html);
    const structuredData = [];
    $('script[type="application/ld+json" i]').each((_, el) => {
        const parsed = parseJsonLd($(el).text());
        if (parsed !== undefined)
            structuredData.push(parsed);
    });
    let base = url;
    const baseHref = $('base[href]').first().attr('href');
    if (baseHref) {
        try {
            base = new URL(baseHref, url).toString();
        }
        catch {
            // an invalid <base> is ignored
        }
    }
    const links = [];
    $('a[href], area[href]').each((_, el) => {
        const href = ($(el).attr('href') ?? '').trim();
        if (!href || /^(mailto|tel|sms|javascript|data|ftp|file):/i.test(href))
            return;
        try {
            const link = new URL(href, base);
            if (link.protocol === 'http:' || link.protocol === 'https:')
                links.push(link.toString());
        }
        catch {
            // not a URL
        }
    });
    const title = clean($('head > title').first().text()) ||
        clean($('meta[property="og:title"]').attr('content') ?? '') ||
        clean($('h1').first().text()) ||
        null;
    const text = readabilityText(html, url);
    $(NOISE).remove();
    const body = $('body');
    const headings = [];
    body.find('h1,h2,h3,h4,h5,h6').each((_, el) => {
        const heading = clean($(el).text());
        if (heading && headings[headings.length - 1] !== heading)
            headings.push(heading);
    });
    const fallback = text ? '' : htmlToText(body.html() ?? '');
    return { title, text: text || fallback, headings, structuredData, links };
}
//# sourceMappingURL=extract.js.map