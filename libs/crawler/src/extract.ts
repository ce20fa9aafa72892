/**
 * What a page says: title, main readable text (Readability over linkedom; cheerio's body text minus navigation,
 * header, footer and scripts when Readability finds no article), headings, JSON-LD blocks, the links to follow,
 * and what the readable text leaves out: the head's description and OpenGraph names, and the contact details of
 * header, footer and navigation (tel: and mailto: links, <address>, the footer's text, booking links).
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
  /** What the page's head says of itself. */
  meta: PageMeta;
  /** Contact details the readable text leaves out (header, footer, navigation). */
  contact: PageContact;
}

/** What the page's head says of itself; each at most 500 characters, whitespace collapsed. */
export interface PageMeta {
  /** <meta name="description">. */
  description: string | null;
  /** og:site_name. */
  siteName: string | null;
  /** og:title. */
  ogTitle: string | null;
  /** og:description. */
  ogDescription: string | null;
}

/**
 * Contact details the readable text leaves out (header, footer, navigation), read from the whole page before the
 * boilerplate is removed.
 */
export interface PageContact {
  /** tel: targets, decoded, deduplicated, at most 20 ('+15125550199' as the link has it). */
  phones: string[];
  /** mailto: addresses, decoded, without the query, deduplicated ignoring case, at most 20. */
  emails: string[];
  /** Text of the <address> elements (outermost ones), lines separated by '\n', at most 20 of 300 characters. */
  addresses: string[];
  /** Text of the footer (<footer>, role="contentinfo"), lines separated by '\n', at most 2,000 characters. */
  footer: string;
  /**
   * Absolute http(s) targets of links and iframes that book an appointment: a known booking widget's address
   * (bookingWidgetOf), or a link whose path or text says book, booking, appointment, schedule or reserve;
   * deduplicated, at most 20.
   */
  bookingLinks: string[];
}

/**
 * Online booking and scheduling services practices embed or link to, by host name (the host itself or a
 * subdomain of it). Names as the services spell them.
 */
const BOOKING_WIDGETS: ReadonlyMap<string, string> = new Map([
  ['zocdoc.com', 'Zocdoc'],
  ['joinblvd.com', 'Boulevard'],
  ['blvd.co', 'Boulevard'],
  ['boulevard.io', 'Boulevard'],
  ['vagaro.com', 'Vagaro'],
  ['mindbodyonline.com', 'Mindbody'],
  ['mindbody.io', 'Mindbody'],
  ['janeapp.com', 'Jane'],
  ['calendly.com', 'Calendly'],
  ['nexhealth.com', 'NexHealth'],
  ['localmed.com', 'LocalMed'],
  ['acuityscheduling.com', 'Acuity Scheduling'],
  ['as.me', 'Acuity Scheduling'],
  ['zenoti.com', 'Zenoti'],
  ['schedulicity.com', 'Schedulicity'],
  ['setmore.com', 'Setmore'],
  ['book.squareup.com', 'Square Appointments'],
]);

/** The booking service an http(s) address belongs to ('Boulevard' for https://www.joinblvd.com/b/glow), or null. */
export function bookingWidgetOf(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  // The host, then each parent domain: app.nexhealth.com, nexhealth.com.
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const name = BOOKING_WIDGETS.get(labels.slice(i).join('.'));
    if (name) return name;
  }
  return null;
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
  attribs?: Record<string, string>;
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

/** Pages whose elements nest deeper than this are not given to Readability (real pages nest a few dozen deep). */
const MAX_READABLE_DEPTH = 128;

/** Share of the cleaned body's text that Readability's article must keep to be used. */
const MIN_ARTICLE_SHARE = 0.4;

const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template']);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Readable text of a tree: one paragraph per block element (paragraph, heading, list item, table row, ...),
 * paragraphs separated by a blank line; table cells joined with " | "; scripts and styles left out. Iterative: a
 * hostile page may nest elements tens of thousands deep.
 */
function treeToText<N>(roots: ArrayLike<N>, reader: TreeReader<N>): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const text = clean(line);
    if (text) paragraphs.push(text);
    line = '';
  };
  const stack: (N | typeof END_BLOCK | typeof END_CELL)[] = Array.from(roots).reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === END_BLOCK) {
      flush();
      continue;
    }
    if (item === END_CELL) {
      line += ' ';
      continue;
    }
    const node = item as N;
    const text = reader.text(node);
    if (text !== undefined) {
      line += text;
      continue;
    }
    const name = reader.tag(node);
    if (name !== undefined) {
      if (SKIPPED_TAGS.has(name)) continue;
      if (name === 'br') {
        flush();
        continue;
      }
      const cell = name === 'td' || name === 'th';
      if (cell && clean(line)) line += ' | ';
      if (BLOCK.has(name)) {
        flush();
        stack.push(END_BLOCK);
      } else if (cell || name === 'img') {
        stack.push(END_CELL);
      }
    }
    const children = reader.children(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  flush();
  return paragraphs.join('\n\n');
}

/** An element's text (at most 1,000 characters), read iteratively. */
function elementText(element: CheerioNode | undefined): string {
  return element ? boundedText(element, 1000) : '';
}

/** How deeply a tree's elements nest (iteratively, as far as `limit`). */
function nestingDepth<N>(roots: ArrayLike<N>, reader: TreeReader<N>, limit: number): number {
  let deepest = 0;
  const stack: [N, number][] = Array.from(roots, (node): [N, number] => [node, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (reader.tag(node) === undefined && reader.text(node) !== undefined) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    const children = reader.children(node);
    for (let index = 0; index < children.length; index += 1) stack.push([children[index], depth + 1]);
  }
  return deepest;
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

const MAX_META = 500;
const MAX_CONTACTS = 20;
const MAX_ADDRESS = 300;
const MAX_FOOTER = 2000;
/** Characters of a link's text read to tell a booking link. */
const MAX_LINK_TEXT = 200;
/** Elements of a link's content walked to read its text. */
const MAX_LINK_NODES = 200;

/** Path words of a booking link (/book-now, /appointments, /online-scheduling, ?action=reserve). */
const BOOKING_PATH_WORDS = new Set([
  'book',
  'booking',
  'bookings',
  'booknow',
  'appointment',
  'appointments',
  'schedule',
  'scheduling',
  'reserve',
  'reservation',
  'reservations',
]);
const BOOKING_LINK_TEXT = /(?<![\w-])(?:book|booking|appointments?|schedul(?:e|ing)|reserve)\b/i;

const END_BLOCK = { type: 'end-block' } as const;
const END_CELL = { type: 'end-cell' } as const;

const isFooter = (node: CheerioNode) =>
  node.name?.toLowerCase() === 'footer' || node.attribs?.role?.toLowerCase() === 'contentinfo';
const isAddress = (node: CheerioNode) => node.name?.toLowerCase() === 'address';

/**
 * Text of a subtree, one line per block element or <br>, table cells joined by ' | ', at most `maxChars`
 * characters. Iterative (a hostile page may nest elements a hundred thousand deep); it walks the whole subtree, or
 * `maxNodes` nodes of it, and calls `visit` with every element inside.
 */
function boundedText(
  root: CheerioNode,
  maxChars: number,
  visit?: (element: CheerioNode) => void,
  maxNodes = Infinity,
): string {
  const lines: string[] = [];
  let length = 0;
  let line = '';
  const flush = () => {
    const text = clean(line);
    line = '';
    if (text && length < maxChars) {
      lines.push(text);
      length += text.length + 1;
    }
  };
  const stack: (CheerioNode | typeof END_BLOCK | typeof END_CELL)[] = [...(root.children ?? [])].reverse();
  for (let nodes = 0; stack.length && nodes < maxNodes; nodes++) {
    const node = stack.pop()!;
    if (node === END_BLOCK) {
      flush();
      continue;
    }
    if (node === END_CELL) {
      line += ' ';
      continue;
    }
    if (node.type === 'text') {
      if (length + line.length < maxChars * 2) line += (node as CheerioNode).data ?? '';
      continue;
    }
    // Scripts and styles have types of their own; comments, directives and CDATA carry no text.
    if (node.type !== 'tag') continue;
    const element = node as CheerioNode;
    visit?.(element);
    const name = element.name?.toLowerCase() ?? '';
    if (SKIPPED_TAGS.has(name)) continue;
    if (name === 'br') {
      flush();
      continue;
    }
    const cell = name === 'td' || name === 'th';
    if (cell && clean(line)) line += ' | ';
    const block = BLOCK.has(name);
    if (block) {
      flush();
      stack.push(END_BLOCK);
    } else if (cell || name === 'img') {
      stack.push(END_CELL);
    }
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  flush();
  return lines.join('\n').slice(0, maxChars);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}$/;

/** Whether an http(s) address (a link or a frame's source) books an appointment. */
function isBookingUrl(url: URL): boolean {
  if (bookingWidgetOf(url.toString())) return true;
  const words = `${url.pathname} ${url.search}`
    .slice(0, 300)
    .toLowerCase()
    .split(/[^a-z]+/);
  return words.some((word) => BOOKING_PATH_WORDS.has(word));
}

/** The page's contact details (PageContact), read in one pass over the whole tree, boilerplate included. */
function readContact(root: CheerioNode, base: string): PageContact {
  const phones = new Set<string>();
  const emails = new Map<string, string>();
  const addresses: string[] = [];
  const footer: string[] = [];
  let footerLength = 0;
  const bookingLinks = new Set<string>();
  // Elements whose text an outer <address> or footer already holds.
  const inAddress = new Set<CheerioNode>();
  const inFooter = new Set<CheerioNode>();

  const absolute = (raw: string): URL | null => {
    try {
      const url = new URL(raw, base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
    } catch {
      return null;
    }
  };
  const readLink = (element: CheerioNode, raw: string, linkText: boolean) => {
    const href = raw.trim();
    if (/^tel:/i.test(href)) {
      const phone = clean(safeDecode(href.slice(4).replace(/^\/\//, ''))).slice(0, 50);
      if (/\d/.test(phone) && phones.size < MAX_CONTACTS) phones.add(phone);
      return;
    }
    if (/^mailto:/i.test(href)) {
      const to = safeDecode(href.slice(7).split('?')[0]).slice(0, 1000);
      for (const part of to.split(',')) {
        const email = part.trim();
        if (EMAIL_SHAPE.test(email) && emails.size < MAX_CONTACTS && !emails.has(email.toLowerCase())) {
          emails.set(email.toLowerCase(), email);
        }
      }
      return;
    }
    if (bookingLinks.size >= MAX_CONTACTS) return;
    const url = absolute(href);
    if (!url) return;
    if (
      isBookingUrl(url) ||
      (linkText && BOOKING_LINK_TEXT.test(boundedText(element, MAX_LINK_TEXT, undefined, MAX_LINK_NODES)))
    ) {
      url.hash = '';
      bookingLinks.add(url.toString());
    }
  };

  const stack: CheerioNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'root') continue;
    if (node.type === 'tag') {
      const name = node.name?.toLowerCase();
      const attribs = node.attribs ?? {};
      if ((name === 'a' || name === 'area') && attribs.href) readLink(node, attribs.href, name === 'a');
      else if (name === 'iframe') {
        for (const src of [attribs.src, attribs['data-src']]) if (src) readLink(node, src, false);
      }
      if (isAddress(node) && !inAddress.has(node) && addresses.length < MAX_CONTACTS) {
        const text = boundedText(node, MAX_ADDRESS, (el) => isAddress(el) && inAddress.add(el));
        if (text) addresses.push(text);
      }
      if (isFooter(node) && !inFooter.has(node) && footerLength < MAX_FOOTER) {
        const text = boundedText(node, MAX_FOOTER - footerLength, (el) => isFooter(el) && inFooter.add(el));
        if (text) {
          footer.push(text);
          footerLength += text.length + 1;
        }
      }
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return {
    phones: [...phones],
    emails: [...emails.values()],
    addresses,
    footer: footer.join('\n').slice(0, MAX_FOOTER),
    bookingLinks: [...bookingLinks],
  };
}

function readMeta($: cheerio.CheerioAPI): PageMeta {
  const content = (selector: string) =>
    clean(($(selector).first().attr('content') ?? '').slice(0, MAX_META * 4)).slice(0, MAX_META) || null;
  return {
    description: content('meta[name="description" i]'),
    siteName: content('meta[property="og:site_name" i], meta[name="og:site_name" i]'),
    ogTitle: content('meta[property="og:title" i], meta[name="og:title" i]'),
    ogDescription: content('meta[property="og:description" i], meta[name="og:description" i]'),
  };
}

/** Elements that have no end tag (they never deepen the tree). */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/**
 * Past this estimated nesting the page is not read: the spec parser's scope checks and the selector queries cost
 * the nodes times the depth (a 50,000-deep page took 20 s to parse). Real pages nest a few dozen deep.
 */
const MAX_READ_DEPTH = 1000;

/** What a page not read gives: nothing. */
const UNREAD_PAGE: ExtractedPage = {
  title: null,
  text: '',
  headings: [],
  structuredData: [],
  links: [],
  meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
  contact: { phones: [], emails: [], addresses: [], footer: '', bookingLinks: [] },
};

/**
 * Elements whose end tag HTML lets a page leave out (the parser closes them itself): a long list of unclosed
 * <li> or <p> is not nesting, so they are not counted.
 */
const OPTIONAL_END_ELEMENTS = new Set([
  'body',
  'caption',
  'colgroup',
  'dd',
  'dt',
  'head',
  'html',
  'li',
  'optgroup',
  'option',
  'p',
  'rb',
  'rp',
  'rt',
  'rtc',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

/** How deeply the page's tags nest, estimated in one pass over its tags (as far as `limit`). */
function estimatedDepth(html: string, limit: number): number {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*>/g;
  let depth = 0;
  let deepest = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const name = match[2].toLowerCase();
    if (VOID_ELEMENTS.has(name) || OPTIONAL_END_ELEMENTS.has(name) || match[0].endsWith('/>')) continue;
    depth = match[1] ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
  }
  return deepest;
}

/**
 * Extracts a page; `url` is the page's final URL (for relative links). Never throws on bad HTML. A page nested
 * deeper than any real one (a hostile site) gives nothing.
 */
export function extractPage(html: string, url: string): ExtractedPage {
  // Deeper than any real page (a hostile one): not read at all, its cost bounded by one scan of its tags.
  if (estimatedDepth(html, MAX_READ_DEPTH) > MAX_READ_DEPTH) return UNREAD_PAGE;
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
    clean(elementText($('h1').first().get(0))) ||
    null;

  // Read before the boilerplate goes: phone numbers, addresses and booking links mostly live in header and footer.
  const meta = readMeta($);
  const contact = readContact($.root().toArray()[0] as unknown as CheerioNode, base);

  // Boilerplate goes before Readability sees the page: on a short page it would otherwise pick the footer.
  $(NOISE).remove();
  $('header')
    .filter((_, el) => $(el).closest('main, article, [role="main"]').length === 0)
    .remove();
  const body = $('body');
  const headings: string[] = [];
  body.find('h1,h2,h3,h4,h5,h6').each((_, el) => {
    const heading = clean(elementText(el as unknown as CheerioNode));
    if (heading && headings[headings.length - 1] !== heading) headings.push(heading);
  });

  // Readability's cost grows with the square of the nesting, and serialising the page or taking an element's
  // text is recursive: a page nested deeper than any real one is read by the iterative walk alone.
  const roots = body.toArray() as unknown as CheerioNode[];
  const bodyText = () => treeToText(roots, cheerioReader);
  let text: string;
  if (nestingDepth(roots, cheerioReader, MAX_READABLE_DEPTH) > MAX_READABLE_DEPTH) text = bodyText();
  else {
    const article = readabilityText($.html(), url);
    // Readability keeps one block of the page; when that drops most of the (already cleaned) body, the body wins.
    const bodyLength = clean(body.text()).length;
    text = article && clean(article).length >= bodyLength * MIN_ARTICLE_SHARE ? article : bodyText();
  }
  return { title, text, headings, structuredData, links, meta, contact };
}
