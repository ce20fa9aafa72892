/**
 * What a page says: title, main readable text (Readability over linkedom; cheerio's body text minus navigation,
 * header, footer and scripts when Readability finds no article), headings, JSON-LD blocks, and the links to follow.
 */
import { Readability } from '@mozilla/readability';
import * as cheerio from 'cheerio';
import { parseHTML } from 'linkedom';

export interface ExtractedPage {
  title: string | null;
  text: string;
  headings: string[];
  structuredData: unknown[];
  /** Absolute http(s) links of the page (anchors and image-map areas), fragments kept, not deduplicated. */
  links: string[];
}

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

/** The parts of a DOM node (domhandler, cheerio's tree) that the text walk reads. */
interface TreeNode {
  type: string;
  data?: string;
  name?: string;
  children?: TreeNode[];
}

/** Share of the cleaned body's text that Readability's article must keep to be used. */
const MIN_ARTICLE_SHARE = 0.4;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Readable text of an HTML fragment: one paragraph per block element (paragraph, heading, list item, table
 * row, ...), paragraphs separated by a blank line; table cells joined with " | ".
 */
export function htmlToText(html: string): string {
  const $ = cheerio.load(html);
  $('script,style,noscript,template').remove();
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const text = clean(line);
    if (text) paragraphs.push(text);
    line = '';
  };
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        line += node.data ?? '';
      } else if (node.type === 'tag' && node.name) {
        const name = node.name.toLowerCase();
        if (name === 'br') {
          flush();
          continue;
        }
        if ((name === 'td' || name === 'th') && clean(line)) line += ' | ';
        const block = BLOCK.has(name);
        if (block) flush();
        walk(node.children ?? []);
        if (block) flush();
        else if (name === 'td' || name === 'th' || name === 'img') line += ' ';
      } else if (node.type === 'root' && node.children) {
        walk(node.children);
      }
    }
  };
  walk($.root().children().toArray() as unknown as TreeNode[]);
  flush();
  return paragraphs.join('\n\n');
}

function readabilityText(html: string, url: string): string {
  try {
    const { document } = parseHTML(html);
    // Readability resolves relative links against the document's URL.
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.prepend(base);
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
    return article?.content ? htmlToText(article.content) : '';
  } catch {
    return '';
  }
}

function parseJsonLd(raw: string): unknown | undefined {
  const body = raw
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\s*(\/\/)?\s*<!\[CDATA\[/, '')
    .replace(/(\/\/)?\s*\]\]>\s*$/, '')
    .trim();
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Extracts a page; `url` is the page's final URL (for relative links). Never throws on bad HTML. */
export function extractPage(html: string, url: string): ExtractedPage {
  const $ = cheerio.load(html);

  const structuredData: unknown[] = [];
  $('script[type="application/ld+json" i]').each((_, el) => {
    const parsed = parseJsonLd($(el).text());
    if (parsed !== undefined) structuredData.push(parsed);
  });

  let base = url;
  const baseHref = $('base[href]').first().attr('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, url).toString();
    } catch {
      // an invalid <base> is ignored
    }
  }
  const links: string[] = [];
  $('a[href], area[href]').each((_, el) => {
    const href = ($(el).attr('href') ?? '').trim();
    if (!href || /^(mailto|tel|sms|javascript|data|ftp|file):/i.test(href)) return;
    try {
      const link = new URL(href, base);
      if (link.protocol === 'http:' || link.protocol === 'https:') links.push(link.toString());
    } catch {
      // not a URL
    }
  });

  const title =
    clean($('head > title').first().text()) ||
    clean($('meta[property="og:title"]').attr('content') ?? '') ||
    clean($('h1').first().text()) ||
    null;

  // Boilerplate goes before Readability sees the page: on a short page it would otherwise pick the footer.
  $(NOISE).remove();
  $('header')
    .filter((_, el) => $(el).closest('main, article, [role="main"]').length === 0)
    .remove();
  const body = $('body');
  const headings: string[] = [];
  body.find('h1,h2,h3,h4,h5,h6').each((_, el) => {
    const heading = clean($(el).text());
    if (heading && headings[headings.length - 1] !== heading) headings.push(heading);
  });

  const article = readabilityText($.html(), url);
  const bodyText = htmlToText(body.html() ?? '');
  // Readability keeps one block of the page; when that drops most of the (already cleaned) body, the body wins.
  const text = article && article.length >= bodyText.length * MIN_ARTICLE_SHARE ? article : bodyText;
  return { title, text, headings, structuredData, links };
}
