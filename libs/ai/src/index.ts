/**
 * The one interface for language-model work (docs/architecture.md#the-ai): classify, extract, draft, and
 * answer with retrieved context. Two providers will implement it: an OpenAI-compatible HTTP provider and a
 * deterministic offline provider. Callers decide what to do; a provider only reads and words.
 */

/** Which provider produced a result. */
export type LanguageModelProviderKind = 'openai-compatible' | 'offline';

/** Options of any call. */
export interface ModelCallOptions {
  /** Aborts the call, e.g. when a job is shutting down. */
  signal?: AbortSignal;
  /** Correlation id of the request or event behind the call, for the provider's logs. */
  correlationId?: string;
}

/** What every result carries: who produced it and why. */
export interface ModelResult {
  /** The reasoning behind the result in plain words; kept with the decision and shown to staff. */
  reasoning: string;
  provider: LanguageModelProviderKind;
  /** The model that answered: the endpoint's model name, or the offline provider's rule set name. */
  model: string;
}

/** A piece of text given to the model: a lead's message, a call transcript, a crawled page. */
export interface SourceText {
  text: string;
  url?: string;
  title?: string;
}

/** A passage retrieved from the practice's knowledge base for a question. */
export interface RetrievedPassage extends SourceText {
  /** The knowledge chunk id, cited back in the answer. */
  id: string;
  /** Retrieval score, higher is closer; the order of the list is what counts. */
  score?: number;
}

/** One turn of an earlier conversation with a lead or a demo visitor, oldest first in a list. */
export interface ConversationTurn {
  from: 'contact' | 'practice';
  text: string;
  channel?: DraftChannel;
  /** ISO 8601 timestamp. */
  at?: string;
}

/** The practice a message is written for or a question is answered about. */
export interface PracticeContext {
  name: string;
  locationName?: string;
  phone?: string;
  /** IANA time zone of the location, for wording dates and times. */
  timezone?: string;
}

/** A price from the practice's own pricing data: the only prices a draft or an answer may quote. */
export interface PriceQuote {
  procedureName: string;
  priceMin: number | null;
  priceMax: number | null;
  currency: string;
  /** What the price is per (session, unit, area...), when the pricing data says. */
  unit: string | null;
  /** Null means every location. */
  locationName: string | null;
}

/** A promotion from the practice's own data: the only promotions a draft or an answer may mention. */
export interface PromotionQuote {
  name: string;
  /** How the promotion reads to a lead, e.g. '20% off'. */
  description: string;
  terms: string | null;
  /** ISO 8601 date, or null when open-ended. */
  endsAt: string | null;
}

/** The practice data a message or an answer may quote. */
export interface QuotableFacts {
  pricing?: readonly PriceQuote[];
  promotions?: readonly PromotionQuote[];
}

// --- classify ---------------------------------------------------------------------------------------

export interface ClassifyLabel<L extends string = string> {
  label: L;
  /** What the label means, so that the model (or the offline rules) can tell the labels apart. */
  description: string;
}

export interface ClassifyRequest<L extends string = string> {
  /** The question the labels answer, e.g. 'How urgent is this inquiry?'. */
  task: string;
  input: SourceText;
  labels: readonly ClassifyLabel<L>[];
}

export interface ClassifyResponse<L extends string = string> extends ModelResult {
  /** Always one of the request's labels. */
  label: L;
  /** From 0 to 1. */
  confidence: number;
}

// --- extract ----------------------------------------------------------------------------------------

export type ExtractFieldType = 'string' | 'number' | 'boolean' | 'date' | 'string[]';

export type ExtractedValue = string | number | boolean | string[] | null;

export interface ExtractField<F extends string = string> {
  name: F;
  description: string;
  type: ExtractFieldType;
}

export interface ExtractRequest<F extends string = string> {
  /** What to extract, e.g. 'The practice's procedures, locations and opening hours'. */
  task: string;
  /** One or more texts read together, e.g. the pages of a crawled website. */
  sources: readonly SourceText[];
  fields: readonly ExtractField<F>[];
}

export interface ExtractResponse<F extends string = string> extends ModelResult {
  /** One value per requested field, of the field's type; null when the sources do not say. */
  values: Record<F, ExtractedValue>;
}

// --- draft ------------------------------------------------------------------------------------------

export type DraftChannel = 'sms' | 'email' | 'phone' | 'chat';

export interface DraftRequest extends QuotableFacts {
  channel: DraftChannel;
  /** What the message must do, as decided by the caller, e.g. 'first reply to a Botox inquiry, offer a consult'. */
  intent: string;
  recipient: { firstName: string | null; lastName: string | null };
  practice: PracticeContext;
  conversation?: readonly ConversationTurn[];
  /** Wording staff corrected before and asked to remember, as examples of the practice's voice. */
  corrections?: readonly string[];
  /** A template to start from, with `{placeholders}`. */
  template?: string;
  /** Longest allowed body, in characters (an SMS is kept short). */
  maxLength?: number;
}

export interface DraftResponse extends ModelResult {
  /** The email subject; null for other channels. */
  subject: string | null;
  /** The message text, or the script of a call. */
  body: string;
}

// --- answer with retrieved context ------------------------------------------------------------------

export interface AnswerRequest extends QuotableFacts {
  question: string;
  /** Passages retrieved from the practice's knowledge, best first: the answer rests on these only. */
  context: readonly RetrievedPassage[];
  practice: PracticeContext;
  conversation?: readonly ConversationTurn[];
}

export interface AnswerResponse extends ModelResult {
  answer: string;
  /** Ids of the passages the answer rests on. */
  citations: string[];
  /** False when the context did not hold the answer; the answer then says so instead of guessing. */
  grounded: boolean;
}

// --- the interface ----------------------------------------------------------------------------------

/** One language model, whichever provider serves it. */
export interface LanguageModel {
  readonly provider: LanguageModelProviderKind;
  classify<L extends string>(
    request: ClassifyRequest<L>,
    options?: ModelCallOptions,
  ): Promise<ClassifyResponse<L>>;
  extract<F extends string>(
    request: ExtractRequest<F>,
    options?: ModelCallOptions,
  ): Promise<ExtractResponse<F>>;
  draft(request: DraftRequest, options?: ModelCallOptions): Promise<DraftResponse>;
  answer(request: AnswerRequest, options?: ModelCallOptions): Promise<AnswerResponse>;
}
