import type { Language } from '@pp/contracts';
import type { Answer, AnswerRequest, ConversationTurn, RetrievedPassage } from '../../model';
import { findInventedPrices } from '../../safety/prices';
import { analysedPart } from '../understand/understand';
import { priceLineFor, priceSentence } from '../draft/pricing';
import { fold, looksSpanish, OverlapScorer, sentences } from './text';

/**
 * Built-in answers (docs/product/ai-engine.md#ask-ai): extractive. A question about the lead is answered from
 * the lead's summary, procedures, stage and timeline; a price question from the practice's pricing; any other
 * question with the sentences of the retrieved passages that share the most (rare) words with it, citing the
 * passages used. When nothing relevant is found the answer says so instead of guessing (grounded: false).
 */

const MIN_SCORE = 0.34;
const MAX_ANSWER_CHARS = 450;

const reply = (answer: string, citations: string[], grounded: boolean, reasoning: string): Answer => ({
  answer,
  citations,
  grounded,
  reasoning,
  provider: 'built-in',
  model: 'built-in',
});

function formatWhen(
  at: string | undefined,
  timezone: string | null | undefined,
  language: Language,
): string | null {
  if (!at) return null;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  const locale = language === 'es' ? 'es-US' : 'en-US';
  try {
    return date.toLocaleString(locale, { ...options, timeZone: timezone ?? 'UTC' });
  } catch {
    return date.toLocaleString(locale, { ...options, timeZone: 'UTC' });
  }
}

function excerpt(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : max)}…`;
}

// --- questions about the lead ----------------------------------------------------------------------

type LeadQuestion = 'last_reply' | 'last_message' | 'stage' | 'wants' | 'summary';

const LEAD_PATTERNS: [LeadQuestion, RegExp][] = [
  [
    'last_reply',
    /\b(last|latest|most recent)\b.*\b(repl|respon|wrote|write|writ|text|heard|answer)|\bwhen did (she|he|they|the (lead|patient|client)|\w+) (last )?(reply|respond|write|text|answer|get back)|\bultim[ao] (vez|respuesta).*\b(respond|escrib|contest)|\bcuando (respondio|escribio|contesto)/,
  ],
  ['last_message', /\b(last|latest|most recent|previous) (message|text|email|sms)\b|\bultimo mensaje\b/],
  ['stage', /\b(stage|status|pipeline|etapa|estado)\b/],
  [
    'wants',
    /\bwhat (does|did|do) (she|he|they|the (lead|patient|client)|\w+) (want|need|ask|looking)|\b(is|are) (she|he|they|the (lead|patient|client)) (interested|looking)\b|\bque (quiere|busca|necesita|pidio)\b|\binteresad[ao]\b/,
  ],
  [
    'summary',
    /\bsummar|\bresum|\boverview|\brecap|\btell me about (her|him|them|this|the)|\bwho is (she|he|this)|\bbrief me/,
  ],
];

export function leadQuestionKind(question: string): LeadQuestion | null {
  const q = fold(question);
  for (const [kind, re] of LEAD_PATTERNS) if (re.test(q)) return kind;
  return null;
}

function lastTurn(
  timeline: readonly ConversationTurn[],
  from?: ConversationTurn['from'],
): ConversationTurn | null {
  const turns = timeline.filter((t) => (from ? t.from === from : true) && t.text.trim().length > 0);
  if (turns.length === 0) return null;
  // Oldest first, but sort by time when the turns carry one.
  return (
    [...turns].sort((a, b) => (Date.parse(a.at ?? '') || 0) - (Date.parse(b.at ?? '') || 0)).pop() ?? null
  );
}

function answerAboutLead(request: AnswerRequest, kind: LeadQuestion, language: Language): Answer {
  const lead = request.lead as NonNullable<AnswerRequest['lead']>;
  const es = language === 'es';
  const name = lead.name?.trim() || (es ? 'El contacto' : 'The lead');
  const tz = request.practice.timezone;
  const procedures = lead.procedures.length ? lead.procedures.join(es ? ' y ' : ' and ') : null;
  const inbound = lastTurn(lead.timeline, 'contact');
  const any = lastTurn(lead.timeline);

  const lastReply = (): string => {
    if (!inbound) return es ? `${name} todavía no ha respondido.` : `${name} has not replied yet.`;
    const when = formatWhen(inbound.at, tz, language);
    const via = inbound.channel ? (es ? ` por ${inbound.channel}` : ` by ${inbound.channel}`) : '';
    return es
      ? `${name} escribió por última vez${when ? ` el ${when}` : ''}${via}: "${excerpt(inbound.text)}"`
      : `${name} last wrote${when ? ` on ${when}` : ''}${via}: "${excerpt(inbound.text)}"`;
  };
  const lastMessage = (): string => {
    if (!any) return es ? 'Todavía no hay mensajes.' : 'There are no messages yet.';
    const when = formatWhen(any.at, tz, language);
    const who = any.from === 'contact' ? name : es ? 'la práctica' : 'the practice';
    return es
      ? `El último mensaje fue de ${who}${when ? ` el ${when}` : ''}: "${excerpt(any.text)}"`
      : `The last message was from ${who}${when ? ` on ${when}` : ''}: "${excerpt(any.text)}"`;
  };
  const wants = (): string => {
    const parts: string[] = [];
    if (procedures)
      parts.push(
        es ? `${name} está interesado/a en ${procedures}.` : `${name} is interested in ${procedures}.`,
      );
    if (lead.summary) parts.push(lead.summary.trim());
    if (parts.length === 0 && inbound)
      parts.push(
        es ? `${name} escribió: "${excerpt(inbound.text)}"` : `${name} wrote: "${excerpt(inbound.text)}"`,
      );
    return parts.join(' ');
  };
  const stage = () =>
    es ? `${name} está en la etapa ${lead.stage}.` : `${name} is at the ${lead.stage} stage.`;

  let answer: string;
  switch (kind) {
    case 'last_reply':
      answer = lastReply();
      break;
    case 'last_message':
      answer = lastMessage();
      break;
    case 'stage':
      answer = stage();
      break;
    case 'wants':
      answer = wants();
      break;
    default: {
      const count = lead.timeline.length;
      answer = [
        wants(),
        stage(),
        es ? `${count} mensaje(s) en total.` : `${count} message${count === 1 ? '' : 's'} so far.`,
        inbound ? lastReply() : es ? `${name} todavía no ha respondido.` : `${name} has not replied yet.`,
      ]
        .filter(Boolean)
        .join(' ');
    }
  }
  const grounded =
    answer.trim().length > 0 && !(kind === 'wants' && !procedures && !lead.summary && !inbound);
  if (!grounded) answer = notFound(request, language);
  return reply(
    answer,
    [],
    grounded,
    `Answered from the lead's ${kind === 'summary' ? 'summary, stage and timeline' : kind.replace('_', ' ')} (built-in).`,
  );
}

// --- prices ----------------------------------------------------------------------------------------

const PRICE_QUESTION =
  /\b(how much|price|prices|pricing|cost|costs|fee|fees|charge|expensive|cheap|afford|precio|precios|cuanto|cuesta|cuestan|costo|vale)\b/;

function answerPrice(request: AnswerRequest, language: Language): Answer | null {
  const q = fold(request.question);
  if (!PRICE_QUESTION.test(q)) return null;
  const names = [...new Set(request.pricing.map((p) => p.procedureName))].filter((n) => q.includes(fold(n)));
  if (
    names.length === 0 &&
    request.lead?.procedures.length &&
    /\b(it|this|that|she|he|they|eso|esto)\b/.test(q)
  ) {
    names.push(...request.lead.procedures);
  }
  const lines = names
    .map((n) => priceLineFor(n, request.pricing, request.practice.locationName))
    .filter((l): l is NonNullable<typeof l> => l !== null);
  if (lines.length === 0) return null;
  const answer = lines.map((l) => priceSentence(l, language)).join(' ');
  return reply(
    answer,
    [],
    true,
    `Quoted the practice's pricing for ${lines.map((l) => l.procedure).join(', ')}.`,
  );
}

// --- knowledge passages ----------------------------------------------------------------------------

function notFound(request: AnswerRequest, language: Language): string {
  const phone = request.practice.phone?.trim();
  return language === 'es'
    ? `No tengo esa información en la base de conocimientos de ${request.practice.name}. El equipo puede confirmarlo${phone ? ` al ${phone}` : ''}.`
    : `I don't have that information in ${request.practice.name}'s knowledge base. The team can confirm it${phone ? ` at ${phone}` : ''}.`;
}

interface Candidate {
  passage: RetrievedPassage;
  rank: number;
  index: number;
  text: string;
  score: number;
}

function answerFromPassages(request: AnswerRequest): Answer | null {
  const passages = request.context.slice(0, 8);
  const all: Omit<Candidate, 'score'>[] = passages.flatMap((passage, rank) =>
    sentences(passage.text)
      .filter((s) => s.length >= 12)
      .map((text, index) => ({ passage, rank, index, text })),
  );
  const usable = all.filter((c) => findInventedPrices(c.text, request).length === 0);
  if (usable.length === 0) return null;
  const scorer = new OverlapScorer(usable.map((c) => c.text));
  const scored: Candidate[] = usable
    .map((c) => {
      const { score, matched } = scorer.score(request.question, c.text);
      const bonus = (0.03 * (passages.length - c.rank)) / passages.length;
      return { ...c, score: matched.length ? score + bonus - (c.text.length > 300 ? 0.05 : 0) : 0 };
    })
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < MIN_SCORE) return null;
  const chosen: Candidate[] = [best];
  const second = scored.find(
    (c) =>
      c !== best && c.score >= Math.max(MIN_SCORE, best.score * 0.75) && fold(c.text) !== fold(best.text),
  );
  if (second && best.text.length + second.text.length <= MAX_ANSWER_CHARS) chosen.push(second);
  // In reading order: passage rank, then position in the passage.
  chosen.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const answer = chosen.map((c) => (/[.!?]$/.test(c.text) ? c.text : `${c.text}.`)).join(' ');
  const citations = [...new Set(chosen.map((c) => c.passage.id))];
  return reply(
    answer,
    citations,
    true,
    `Quoted the ${chosen.length === 1 ? 'sentence' : 'sentences'} of the knowledge base that best match the question.`,
  );
}

export function answerQuestion(asked: AnswerRequest): Answer {
  // A question is read as a message is: its first MAX_ANALYSED_CHARS (a stranger's 50 KB costs what 4 KB does).
  const request = { ...asked, question: analysedPart(asked.question) };
  const language: Language = request.language ?? (looksSpanish(request.question) ? 'es' : 'en');
  if (request.lead) {
    const kind = leadQuestionKind(request.question);
    if (kind) return answerAboutLead(request, kind, language);
  }
  const price = answerPrice(request, language);
  if (price) return price;
  const fromPassages = answerFromPassages(request);
  if (fromPassages) return fromPassages;
  return reply(
    notFound(request, language),
    [],
    false,
    'No passage of the knowledge base answers the question.',
  );
}
