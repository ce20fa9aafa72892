import type { Draft, DraftRequest, QuotableFacts } from '../../model';
import { findAmounts, findInventedPrices } from '../../safety/prices';
import { smsSegments, toGsm7 } from '../../safety/sms';
import { situationKey } from '../../situation';
import { dateFormat } from '../../intl-formats';
import { CATALOGUE_PROCEDURES } from '../../catalogue/catalogue-data';
import { fold, OverlapScorer, sentences } from '../answer/text';
import { compose, type Piece } from './compose';
import { fillTemplate, learnedTemplate } from './learned';
import { PHRASES, type Phrases } from './phrases';
import { priceLines, priceSentence, relevantFacts, relevantPromotions } from './pricing';

/**
 * The built-in drafts (docs/product/ai-engine.md#drafts): a template per purpose, intent and channel, in English
 * and Spanish, made personal with the recipient's first name, the procedure and the practice's and location's
 * names. Prices and promotions come only from the request's facts; an answer to a question only from the
 * retrieved passages. An SMS stays within `maxSmsSegments` (2) in GSM-7 characters. A correction staff asked to
 * remember for the same situation is followed as a learned template.
 */

const DEFAULT_MAX_SEGMENTS = 2;
/** Words that make a knowledge sentence read like medical advice; such a sentence is not quoted in a draft. */
const MEDICAL_ADVICE =
  /\b(mg|milligrams?|ibuprofen|tylenol|acetaminophen|aspirin|advil|antibiotics?|prescri\w*|diagnos\w*|dosage|dose|medication)\b/i;

interface Context {
  request: DraftRequest;
  p: Phrases;
  first: string | null;
  procedure: string | null;
  practice: string;
  location: string | null;
  phone: string | null;
  bookingUrl: string | null;
  /** What the draft did that no one sentence says (the sentences carry their own notes). */
  notes: string[];
}

function procedureText(procedures: readonly string[], p: Phrases): string | null {
  const names = procedures.filter((n) => n.trim().length > 0).slice(0, 2);
  if (names.length === 0) return null;
  return names.join(` ${p.and} `);
}

function cleanFirstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  if (first.length < 2 || /\d|@/.test(first)) return null;
  return first.charAt(0).toUpperCase() + first.slice(1);
}

const body = (text: string, drop: number | null = null, extra: Partial<Piece> = {}): Piece => ({
  text,
  part: 'body',
  drop,
  ...extra,
});
const cta = (text: string, drop: number | null = null): Piece => ({ text, part: 'cta', drop });

function greeting(c: Context): Piece[] {
  const { request, p } = c;
  if (request.channel === 'email') return [{ text: p.greetEmail(c.first), part: 'greeting', drop: null }];
  if (request.channel === 'phone') {
    return [{ text: p.greetPhone(c.first, c.practice, c.location), part: 'greeting', drop: null }];
  }
  const identify = request.purpose !== 'reply';
  return [
    {
      text: p.greetSms(c.first, identify ? c.practice : null, c.location),
      part: 'greeting',
      drop: null,
      shorter: p.greetSms(c.first, identify ? c.practice : null),
    },
  ];
}

/** The booking call to action: the booking link, else a question about a good time. */
function bookingCta(c: Context, drop: number | null): Piece {
  return cta(c.bookingUrl ? c.p.bookingLink(c.bookingUrl) : c.p.askTime(c.location), drop);
}

function pricingPieces(c: Context): Piece[] {
  const { request, p } = c;
  const pieces: Piece[] = [];
  const lines = priceLines(request.procedures, request.pricing, c.location);
  if (lines.length === 0) {
    pieces.push(
      body(p.noPrice(c.procedure), null, {
        note: 'no price in the pricing data for the procedure: offered a quote at the consultation',
      }),
    );
  } else {
    lines.forEach((line, i) =>
      pieces.push(
        body(priceSentence(line, request.language), i === 0 ? null : 4, {
          quote: `${line.procedure} (${line.scope === 'location' ? `${line.locationName} price` : line.scope === 'all' ? 'all locations' : 'varies by location'})`,
        }),
      ),
    );
  }
  pieces.push(...promotionPieces(c, 2));
  pieces.push(...feePieces(c, 1));
  pieces.push(bookingCta(c, null));
  return pieces;
}

function promotionPieces(c: Context, drop: number): Piece[] {
  const { request, p } = c;
  const promos = relevantPromotions(request.procedures, request.promotions, c.location).slice(0, 1);
  return promos.map((promo) =>
    body(
      p.promotion(promo.description.replace(/[.\s]+$/, ''), formatEnd(promo.endsAt, request.language)),
      drop,
      { note: `mentioned the promotion "${promo.name}"` },
    ),
  );
}

function formatEnd(endsAt: string | null, language: DraftRequest['language']): string | null {
  if (!endsAt) return null;
  const date = new Date(endsAt);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat(language === 'es' ? 'es-US' : 'en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Words a consultation fee uses for each catalogue category, to tell which fee a procedure's lead pays. */
const CATEGORY_WORDS: Record<string, string[]> = {
  injectables: ['injectable', 'injection', 'inyectable'],
  'lasers-light': ['laser', 'light'],
  skin: ['skin', 'facial', 'piel'],
  'body-contouring': ['body contouring', 'contouring', 'body'],
  wellness: ['wellness', 'weight'],
  'breast-surgery': ['surgical', 'surgery', 'surgeon', 'plastic', 'cirugia'],
  'body-surgery': ['surgical', 'surgery', 'surgeon', 'plastic', 'cirugia'],
  'face-surgery': ['surgical', 'surgery', 'surgeon', 'plastic', 'cirugia'],
  'nose-surgery': ['surgical', 'surgery', 'surgeon', 'plastic', 'cirugia'],
  'dental-restorative': ['dental', 'dentist', 'teeth', 'tooth'],
  'dental-cosmetic': ['dental', 'dentist', 'teeth', 'tooth'],
  'dental-orthodontics': ['dental', 'dentist', 'orthodont', 'teeth'],
  'dental-general': ['dental', 'dentist', 'teeth', 'tooth'],
};

/**
 * The consultation fee that applies to this lead: the practice's only fee, or the one naming the procedure or
 * its kind (a surgical consultation for a tummy tuck, a dental exam for a crown). None when that is unclear.
 */
export function applicableFee(fees: readonly string[], procedures: readonly string[]): string | null {
  const list = fees.map((f) => f.trim()).filter(Boolean);
  if (list.length <= 1) return list[0] ?? null;
  for (const procedure of procedures) {
    const entry = CATALOGUE_PROCEDURES.find((x) => fold(x.name) === fold(procedure));
    const words = [fold(procedure), ...(entry ? (CATEGORY_WORDS[entry.category] ?? []) : [])];
    const match = list.find((fee) =>
      words.some((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(fold(fee))),
    );
    if (match) return match;
  }
  return null;
}

function feePieces(c: Context, drop: number): Piece[] {
  const fee = applicableFee(c.request.consultationFees ?? [], c.request.procedures);
  if (!fee) return [];
  const sentence = `${fee.charAt(0).toUpperCase()}${fee.slice(1).replace(/[.\s]+$/, '')}.`;
  if (c.request.language !== 'es') return [body(sentence, drop)];
  const free = /\b(free|complimentary|no cost|no charge|gratis|gratuita)\b/i.test(fee);
  if (free && findAmounts(fee).length === 0) return [body(c.p.freeConsultation, drop)];
  return [body(c.p.consultationFee(sentence), drop)];
}

/** The sentence of the retrieved passages that best answers the inbound question, short, or null. */
export function bestAnswerSentence(
  question: string,
  request: DraftRequest,
  facts: QuotableFacts,
): string | null {
  const passages = request.passages ?? [];
  if (!question.trim() || passages.length === 0) return null;
  const candidates = passages.slice(0, 5).flatMap((passage, rank) =>
    sentences(passage.text)
      .filter((s) => s.length >= 20 && s.length <= 300)
      .filter((s) => !MEDICAL_ADVICE.test(s) && findInventedPrices(s, facts).length === 0)
      .map((s) => ({ s, rank })),
  );
  const scorer = new OverlapScorer(candidates.map((x) => x.s));
  let best: { s: string; score: number } | null = null;
  for (const { s, rank } of candidates) {
    const { score, matched } = scorer.score(question, s);
    if (matched.length === 0) continue;
    const adjusted = score + 0.02 * (5 - rank) - (s.length > 200 ? 0.05 : 0);
    if (!best || adjusted > best.score) best = { s, score: adjusted };
  }
  if (!best || best.score < 0.35) return null;
  return /[.!?]$/.test(best.s) ? best.s : `${best.s}.`;
}

function informationPieces(c: Context, facts: QuotableFacts): Piece[] {
  const { request, p } = c;
  const answer = bestAnswerSentence(request.inbound ?? '', request, facts);
  const fallback = p.noAnswer(c.phone);
  if (answer) {
    return [
      body(answer, null, {
        shorter: fallback,
        note: 'answered from the best passage',
        shorterNote: 'the best passage did not fit the SMS: offered a call',
      }),
      cta(p.anythingElse, 2),
      bookingCta(c, 1),
    ];
  }
  return [body(fallback, null, { note: 'no passage answered the question: offered a call' })];
}

function intentPieces(c: Context, facts: QuotableFacts): Piece[] {
  const { request, p } = c;
  const opener =
    request.purpose === 'first_contact'
      ? body(p.thanksInterest(c.procedure, c.practice), 3)
      : body(p.thanksMessage, 3);
  switch (request.intent) {
    case 'pricing':
      return [opener, ...pricingPieces(c)];
    case 'booking':
      return [opener, ...promotionPieces(c, 2), ...feePieces(c, 1), bookingCta(c, null)];
    case 'information':
      return [opener, ...informationPieces(c, facts)];
    case 'reschedule':
      return [body(p.reschedule), cta(p.rescheduleAsk, 1)];
    case 'cancel_appointment':
      return [body(p.cancel), cta(p.cancelRebook, 1)];
    case 'help':
      return [body(p.help(c.phone))];
    default:
      // Anything else that still gets a message (spam never should): a plain thank-you and an offer to help.
      return [opener, body(p.consultCta)];
  }
}

function followUpPieces(c: Context): Piece[] {
  const { request, p } = c;
  const n = Math.min(3, Math.max(1, request.followUpNumber ?? 1));
  c.notes.push(`follow-up ${n} of 3`);
  if (n === 1) return [body(p.followUp1(c.procedure)), ...promotionPieces(c, 1), bookingCta(c, 2)];
  if (n === 2)
    return [body(p.followUp2(c.procedure)), ...(c.bookingUrl ? [cta(p.bookingLink(c.bookingUrl), 1)] : [])];
  return [body(p.followUp3(c.procedure))];
}

/**
 * The date and time of an appointment on the location's clock, in the lead's language ("Tuesday, June 4 at
 * 9:00 AM", "martes, 4 de junio, 9:00"). Plain spaces: ICU puts a narrow no-break space before AM/PM.
 */
export function appointmentWhen(
  startsAt: string,
  timeZone: string,
  language: DraftRequest['language'],
): string {
  const at = new Date(startsAt);
  const locale = language === 'es' ? 'es-US' : 'en-US';
  const date = dateFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(at);
  const time = dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  const joined = language === 'es' ? `${date}, a las ${time}` : `${date} at ${time}`;
  return joined.replace(/[\u00a0\u202f]/g, ' ');
}

/** A reminder names the appointment's date and time, what and where; never a price. */
function reminderPieces(c: Context): Piece[] {
  const appointment = c.request.appointment;
  if (!appointment) return [cta(c.p.reminderChange(c.phone))];
  const when = appointmentWhen(appointment.startsAt, appointment.timeZone, c.request.language);
  c.notes.push(`reminder of the appointment on ${when} (${appointment.timeZone})`);
  return [
    body(c.p.reminder(when, appointment.title?.trim() || null, appointment.place?.trim() || c.location)),
    cta(c.p.reminderChange(c.phone), 1),
  ];
}

function pieces(c: Context, facts: QuotableFacts): { kind: string; pieces: Piece[] } {
  const { request, p } = c;
  const purpose =
    request.purpose === 'first_contact' || request.purpose === 'reply'
      ? request.intent === 'opt_out'
        ? 'opt_out_confirmation'
        : request.intent === 'wrong_number'
          ? 'wrong_number_ack'
          : ['medical_concern', 'complaint', 'human_requested'].includes(request.intent)
            ? 'escalation_ack'
            : request.purpose
      : request.purpose;
  const sms = request.channel === 'sms';
  switch (purpose) {
    case 'opt_out_confirmation':
      return {
        kind: purpose,
        pieces: [body(sms ? p.optOutSms(c.practice) : p.optOutEmail(c.practice))],
      };
    case 'wrong_number_ack':
      return { kind: purpose, pieces: [...(sms ? [] : greeting(c)), body(p.wrongNumber)] };
    case 'escalation_ack':
      return {
        kind: purpose,
        pieces: [
          ...greeting(c),
          body(p.escalationAck),
          ...(request.intent === 'medical_concern' ? [body(p.emergency)] : []),
        ],
      };
    case 'follow_up':
      return { kind: purpose, pieces: [...greeting(c), ...followUpPieces(c)] };
    case 'appointment_reminder':
      return { kind: purpose, pieces: [...greeting(c), ...reminderPieces(c)] };
    default: {
      if (sms && request.intent === 'help' && /^\s*help\s*$/i.test(request.inbound ?? '')) {
        return { kind: 'help_keyword', pieces: [body(p.helpKeyword(c.practice, c.phone))] };
      }
      const list = [...greeting(c), ...intentPieces(c, facts)];
      if (sms && purpose === 'first_contact') list.push(body(p.stopNotice));
      return { kind: `${purpose}/${request.intent}`, pieces: list };
    }
  }
}

function subjectOf(c: Context, kind: string): string {
  const { p } = c;
  const s = p.subject;
  if (kind === 'opt_out_confirmation') return s.optOut;
  if (kind === 'wrong_number_ack') return s.wrongNumber;
  if (kind === 'escalation_ack') return s.escalation;
  if (kind === 'follow_up') return s.followUp(c.procedure, c.practice);
  if (kind === 'appointment_reminder') return s.reminder(c.practice);
  switch (c.request.intent) {
    case 'pricing':
      return s.pricing(c.procedure, c.practice);
    case 'booking':
      return s.booking(c.procedure, c.practice);
    case 'information':
      return s.information(c.procedure, c.practice);
    case 'reschedule':
      return s.reschedule;
    case 'cancel_appointment':
      return s.cancel;
    case 'help':
      return s.help(c.practice);
    default:
      return s.generic(c.practice);
  }
}

/** The newest remembered correction of this situation, filled for this recipient, or why none applies. */
function fromCorrection(c: Context, facts: QuotableFacts, maxSegments: number): string | null {
  const { request } = c;
  const key = situationKey(request);
  const correction = (request.corrections ?? []).find(
    (x) => x.situation === key && x.corrected.trim().length > 0,
  );
  if (!correction) return null;
  let text = fillTemplate(learnedTemplate(correction), {
    first_name: c.first,
    procedure: c.procedure,
    practice: c.practice,
    location: c.location,
  });
  if (text === null) {
    c.notes.push('a remembered correction needs a name this lead does not have: used the plain template');
    return null;
  }
  if (request.channel === 'sms') text = toGsm7(text);
  if (findInventedPrices(text, facts).length > 0) {
    c.notes.push(
      'a remembered correction quotes a price not in the current pricing: used the plain template',
    );
    return null;
  }
  if (request.channel === 'sms' && smsSegments(text) > maxSegments) {
    c.notes.push(
      `a remembered correction is longer than ${maxSegments} SMS segments: used the plain template`,
    );
    return null;
  }
  return text;
}

/**
 * The notes of the sentences the message says, in order: a promotion or a price left out to fit the SMS is not
 * claimed in the reasoning staff read. The prices quoted are listed together.
 */
export function saidNotes(kept: readonly Piece[]): string[] {
  const quotes = kept.flatMap((piece) => (piece.quote ? [piece.quote] : []));
  const notes: string[] = [];
  let listed = false;
  for (const piece of kept) {
    if (piece.quote && !listed) {
      notes.push(`quoted ${quotes.join(', ')}`);
      listed = true;
    }
    if (piece.note) notes.push(piece.note);
  }
  return notes;
}

export function draftMessage(request: DraftRequest): Draft {
  const p = PHRASES[request.language] ?? PHRASES.en;
  const c: Context = {
    request,
    p,
    first: cleanFirstName(request.recipient.firstName),
    procedure: procedureText(request.procedures, p),
    practice: request.practice.name.trim(),
    location: request.practice.locationName?.trim() || null,
    phone: request.practice.phone?.trim() || null,
    bookingUrl: request.practice.bookingUrl?.trim() || null,
    notes: [],
  };
  const maxSegments = Math.max(1, request.maxSmsSegments ?? DEFAULT_MAX_SEGMENTS);
  const facts = relevantFacts(request.procedures, request, c.location);
  const built = pieces(c, facts);
  const subject = request.channel === 'email' ? subjectOf(c, built.kind.split('/')[0]) : null;
  const where = `${built.kind}, ${request.channel}, ${request.language}`;

  const learned = fromCorrection(c, facts, maxSegments);
  if (learned !== null) {
    return {
      subject,
      body: learned,
      used_correction: true,
      reasoning: `Followed the correction staff asked to remember for this situation (${where}), with this lead's names.`,
      provider: 'built-in',
      model: 'built-in',
    };
  }

  const composed = compose(request.channel, built.pieces, maxSegments, p.signOff(c.practice), p.phoneClose);
  const notes = [...c.notes, ...saidNotes(composed.kept)];
  if (composed.dropped > 0)
    notes.push(`left out ${composed.dropped} optional sentence(s) to fit ${maxSegments} SMS segments`);
  if (composed.segments !== null) notes.push(`${composed.segments} SMS segment(s)`);
  return {
    subject,
    body: composed.body,
    used_correction: false,
    reasoning: `Built-in template (${where})${notes.length ? `: ${notes.join('; ')}` : ''}.`,
    provider: 'built-in',
    model: 'built-in',
  };
}
