/**
 * How a prospect's patients book, as the site says it: an online booking service it links to or embeds (a known
 * widget: Zocdoc, Boulevard, Vagaro, Mindbody, Jane, Calendly, NexHealth, LocalMed...), a booking page, and a
 * sentence about booking ('Call us at (512) 555-0123 to schedule your visit.').
 */
import { bookingWidgetOf, type CrawledPage } from '@pp/crawler';
import { cutAtSentence, paragraphs, sentences } from './page-text';

export const MAX_BOOKING = 300;

/** A sentence that tells how to book: a booking verb with what is booked or how, or a call to book. */
const BOOKING_SENTENCE = [
  /\b(?:book|schedule|request|reserve)\b.{0,60}?\b(?:appointments?|consultations?|visits?|online|treatments?|exams?|cleanings?)\b/i,
  /\b(?:call|text|phone)\b.{0,80}?\b(?:book|schedule|appointments?|consultations?)\b/i,
  /\bbook (?:online|now|today)\b/i,
  /\bonline (?:booking|scheduling)\b/i,
];
/** Sentences that mention booking without telling how (policies, cookie banners, testimonials). */
const NOT_HOW_TO_BOOK =
  /\b(?:cookies?|cancel(?:l?ation|led|s)?|no-shows?|late|deposit|refund|privacy|reviews?|stars?)\b|["“”]/i;

export interface BookingFound {
  text: string;
  source: string;
}

/** Names sites write of booking services (not 'Jane' or 'Boulevard': a name and a street are too common). */
const WIDGET_IN_TEXT =
  /\b(Zocdoc|Vagaro|Mindbody|Calendly|NexHealth|LocalMed|Acuity Scheduling|Zenoti|Schedulicity|Setmore|Jane App)\b/;

/**
 * The sentence of a page (its text, then its footer) that tells how to book, at most MAX_BOOKING characters: the
 * first whole one (ending with a full stop, ! or ?), else the first fragment (a button's or a heading's words).
 */
export function bookingSentence(page: CrawledPage): { text: string; whole: boolean } | null {
  let fragment: string | null = null;
  for (const line of [...paragraphs(page.text), ...paragraphs(page.contact.footer)]) {
    if (line.length < 12) continue;
    for (const sentence of sentences(line)) {
      if (sentence.length > MAX_BOOKING || sentence.length < 12) continue;
      if (NOT_HOW_TO_BOOK.test(sentence)) continue;
      if (!BOOKING_SENTENCE.some((pattern) => pattern.test(sentence))) continue;
      if (/[.!?]$/.test(sentence)) return { text: sentence, whole: true };
      fragment ??= sentence;
    }
  }
  return fragment ? { text: fragment, whole: false } : null;
}

/**
 * The booking information of the site: from the first page (in the order given) with the most of it, a known
 * widget's link (with its name), else another booking link, with the page's sentence about booking. Null when
 * no page has either.
 */
export function bookingOf(pages: readonly CrawledPage[]): BookingFound | null {
  let best: { score: number; text: string; source: string } | null = null;
  for (const page of pages) {
    const links = page.contact.bookingLinks.slice(0, 20);
    const widgetLink = links.find((link) => bookingWidgetOf(link));
    const sentence = bookingSentence(page);
    const widget = widgetLink
      ? bookingWidgetOf(widgetLink)
      : sentence
        ? (WIDGET_IN_TEXT.exec(sentence.text)?.[1] ?? null)
        : null;
    const link = widgetLink ?? links[0];
    const score = (widget ? 4 : 0) + (sentence ? (sentence.whole ? 2 : 1) : 0) + (link ? 1 : 0);
    if (score === 0 || (best && best.score >= score)) continue;
    const how = link
      ? widgetLink
        ? `Online booking through ${widget}: ${link}`
        : `Booking page: ${link}`
      : '';
    // A fragment ('Book your consultation online') ends where the page's words end: a full stop joins it.
    const said = sentence ? (sentence.whole ? sentence.text : `${sentence.text}.`) : '';
    let text = [said, how].filter(Boolean).join(' ');
    if (text.length > MAX_BOOKING)
      text = how && how.length <= MAX_BOOKING ? how : cutAtSentence(text, MAX_BOOKING);
    best = { score, text, source: page.url };
  }
  return best && { text: best.text, source: best.source };
}
