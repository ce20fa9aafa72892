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

/** The parts of a domhandler node (cheerio's tree) that the text walk reads. */
interface CheerioNode {
  type: string;
  data?: string;
  name?: string;
  children?: CheerioNode[];
}

/** The parts of a DOM node (linkedom's tree, what Readability returns) that the text walk reads. */
interface DomNode {
  nodeType: number;
  nodeValue?: string | null;
  localName?: string;
  childNodes?: ArrayLike<DomNode>;
}

/** How the text walk reads a tree: a node's text (text nodes), tag name (elements) and children. */
interface TreeReader<N> {
  text(node: N): string | undefined;
  tag(node: N): string | undefined;
  children(node: N): ArrayLike<N>;
}

const cheerioReader: TreeReader<CheerioNode> = {
  text: (node) => (node.type === 'text' ? (node.data ?? '') : undefined),
  tag: (node) => (node.type === 'tag' ? node.name?.toLowerCase() : undefined),
  children: (node) => (node.type === 'tag' || node.type === 'root' ? (node.children ?? []) : []),
};

const domReader: TreeReader<DomNode> = {
  text: (node) => (node.nodeType === 3 ? (node.nodeValue ?? '') : undefined),
  tag: (node) => (node.nodeType === 1 ? node.localName?.toLowerCase() : undefined),
  children: (node) =>
    node.nodeType === 1 || node.nodeType === 9 || node.nodeType === 11 ? (node.childNodes ?? []) : [],
};

/** Share of the cleaned body's text that Readability's article must keep to be used. */
const MIN_ARTICLE_SHARE = 0.4;

const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template']);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Readable text of a tree: one paragraph per block element (paragraph, heading, list item, table row, ...),
 * paragraphs separated by a blank line; table cells joined with " | "; scripts and styles left out.
 */
function treeToText<N>(roots: ArrayLike<N>, reader: TreeReader<N>): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const text = clean(line);
    if (text) paragraphs.push(text);
    line = '';
  };
  const walk = (nodes: ArrayLike<N>) => {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      const text = reader.text(node);
      if (text !== undefined) {
        line += text;
        continue;
      }
      const name = reader.tag(node);
      if (name === undefined) {
        walk(reader.children(node));
        continue;
      }
      if (SKIPPED_TAGS.has(name)) continue;
      if (name === 'br') {
        flush();
        continue;
      }
      const cell = name === 'td' || name === 'th';
      if (cell && clean(line)) line += ' | ';
      const block = BLOCK.has(name);
      if (block) flush();
      walk(reader.children(node));
      if (block) flush();
      else if (cell || name === 'img') line += ' ';
    }
  };
  walk(roots);
  flush();
  return paragraphs.join('\n\n');
}

/** Readable text of an HTML fragment (see treeToText). */
export function htmlToText(html: string): string {
  const $ = cheerio.load(html);
  return treeToText($.root().toArray() as unknown as CheerioNode[], cheerioReader);
}

/** Text of Readability's article for the page, or '' when it finds none. */
function readabilityText(html: string, url: string): string {
  try {
    const { document } = parseHTML(html);
    // Readability resolves relative links against the document's URL.
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.prepend(base);
    const article = new Readability<DomNode>(
      document as unknown as ConstructorParameters<typeof Readability>[0],
      {
        charThreshold: 200,
        // The article's element itself: walked as it is, not serialised and parsed again.
        serializer: (el) => el as unknown as DomNode,
      },
    ).parse();
    return article?.content ? treeToText([article.content], domReader) : '';
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
  // Readability keeps one block of the page; when that drops most of the (already cleaned) body, the body wins.
  const bodyLength = clean(body.text()).length;
  const text =
    article && clean(article).length >= bodyLength * MIN_ARTICLE_SHARE
      ? article
      : treeToText(body.toArray() as unknown as CheerioNode[], cheerioReader);
  return { title, text, headings, structuredData, links };
}
