import { Logger } from '@nestjs/common';
import type { Intent, UrgencyLevel } from '@pp/contracts';
import { APIConnectionTimeoutError, APIError } from 'openai';
import { CATALOGUE_PROCEDURES } from './catalogue/catalogue-data';
import type {
  Answer,
  AnswerRequest,
  Draft,
  DraftRequest,
  EscalationFinding,
  LanguageModel,
  ModelCallOptions,
  UnderstandRequest,
  Understanding,
} from './model';
import { ModelOutputError } from './openai/openai-model';
import { findInventedPrices } from './safety/prices';
import { smsSegments } from './safety/sms';

export interface SafeLanguageModelOptions {
  /** Longest wait for the provider, its retry included; then the built-in result is used. */
  timeoutMs: number;
}

/** Intents the rules decide alone: a provider may never turn them into a sales conversation. */
const RULE_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['opt_out', 'spam', 'wrong_number']);
/** Intents that go with an escalation: when the rules escalated with one of them, it stands too. */
const ESCALATION_INTENTS: ReadonlySet<Intent> = new Set<Intent>([
  'medical_concern',
  'complaint',
  'human_requested',
]);
const URGENCY_ORDER: readonly UrgencyLevel[] = ['low', 'medium', 'high'];
const DEFAULT_MAX_SMS_SEGMENTS = 2;

/** Why the provider's result was not used, in words for staff (kept with the decision's reasoning). */
const FALLBACK_WORDS: Record<string, string> = {
  timeout: 'it did not answer in time',
  invalid_output: 'its answer did not follow the required format',
  http_error: 'the endpoint returned an error',
  connection: 'the endpoint could not be reached',
  error: 'the call failed',
  invented_price: 'its text quoted a price or promotion that is not in the practice’s pricing data',
  sms_too_long: 'its SMS was longer than the allowed segments',
};

type Attempt<T> = { ok: true; value: T } | { ok: false; kind: string };

/**
 * The language model the services use when an OpenAI-compatible endpoint is configured
 * (docs/decisions/0012-language-model-providers.md). The built-in provider always runs; the endpoint's
 * result improves the wording, never a safety rule:
 *
 * - understand: the endpoint may replace the intent (not an opt-out, spam or wrong number the rules found, nor
 *   the intent of an escalation the rules found), the procedures (only names of the catalogue or the practice),
 *   the summary, the concerns and the style; escalations are the union (the rules' first); urgency the higher.
 * - draft: the endpoint's text only when it quotes no price or promotion outside the practice's data and an SMS
 *   fits the allowed segments; else the built-in draft.
 * - answer: the endpoint's answer only when it quotes no invented price; else the built-in answer.
 *
 * Any error, a timeout or an invalid output gives the built-in result, its reasoning saying so; a call the
 * caller cancels rejects with the signal's reason, as the built-in model does. Logs name the
 * call, the correlation id, the kind of failure and timings only.
 */
export class SafeLanguageModel implements LanguageModel {
  readonly provider: LanguageModel['provider'];
  readonly model: string;
  private readonly logger = new Logger(SafeLanguageModel.name);

  constructor(
    private readonly endpoint: LanguageModel,
    private readonly builtIn: LanguageModel,
    private readonly options: SafeLanguageModelOptions,
  ) {
    this.provider = endpoint.provider;
    this.model = endpoint.model;
  }

  async understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding> {
    const rules = await this.builtIn.understand(request, options);
    const attempt = await this.attempt('understand', options, (signal) =>
      this.endpoint.understand(request, { ...options, signal }),
    );
    if (!attempt.ok) return withFallbackNote(rules, attempt.kind);
    return mergeUnderstandings(rules, attempt.value, request.practiceProcedures);
  }

  async draft(request: DraftRequest, options?: ModelCallOptions): Promise<Draft> {
    const attempt = await this.attempt('draft', options, (signal) =>
      this.endpoint.draft(request, { ...options, signal }),
    );
    let rejection = attempt.ok ? null : attempt.kind;
    if (attempt.ok) {
      const text = [attempt.value.subject ?? '', attempt.value.body].join('\n');
      const maxSegments = request.maxSmsSegments ?? DEFAULT_MAX_SMS_SEGMENTS;
      if (findInventedPrices(text, request).length > 0) rejection = 'invented_price';
      else if (request.channel === 'sms' && smsSegments(attempt.value.body) > maxSegments)
        rejection = 'sms_too_long';
      else return attempt.value;
      this.logger.log({
        msg: 'language model draft replaced',
        reason: rejection,
        correlation_id: options?.correlationId,
      });
    }
    return withFallbackNote(await this.builtIn.draft(request, options), rejection);
  }

  async answer(request: AnswerRequest, options?: ModelCallOptions): Promise<Answer> {
    const attempt = await this.attempt('answer', options, (signal) =>
      this.endpoint.answer(request, { ...options, signal }),
    );
    let rejection = attempt.ok ? null : attempt.kind;
    if (attempt.ok) {
      if (findInventedPrices(attempt.value.answer, request).length === 0) return attempt.value;
      rejection = 'invented_price';
      this.logger.log({
        msg: 'language model answer replaced',
        reason: rejection,
        correlation_id: options?.correlationId,
      });
    }
    return withFallbackNote(await this.builtIn.answer(request, options), rejection);
  }

  /** Calls the endpoint within the time limit; never throws. */
  private async attempt<T>(
    call: string,
    options: ModelCallOptions | undefined,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<Attempt<T>> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = options?.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const started = performance.now();
    let stopWaiting = () => {};
    // A provider that ignores the signal still cannot hold the caller past the deadline.
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      stopWaiting = () => signal.removeEventListener('abort', onAbort);
    });
    aborted.catch(() => {});
    try {
      return { ok: true, value: await Promise.race([run(signal), aborted]) };
    } catch (error) {
      // The caller cancelled (e.g. a job shutting down): no result at all, as with the built-in model.
      if (options?.signal?.aborted) throw options.signal.reason;
      const kind = failureKind(error, deadline);
      this.logger.warn({
        msg: 'language model fallback to built-in',
        call,
        reason: kind,
        ...(error instanceof ModelOutputError && { output_error: error.kind, fields: error.fields }),
        ...(error instanceof APIError && error.status !== undefined && { status: error.status }),
        correlation_id: options?.correlationId,
        duration_ms: Math.round(performance.now() - started),
      });
      return { ok: false, kind };
    } finally {
      stopWaiting();
    }
  }
}

/** The kind of a failure, from a fixed list: an error's message may quote a lead's words and is never logged. */
function failureKind(error: unknown, deadline: AbortSignal): string {
  if (deadline.aborted || error instanceof APIConnectionTimeoutError) return 'timeout';
  if (error instanceof ModelOutputError) return 'invalid_output';
  if (error instanceof APIError) return error.status === undefined ? 'connection' : 'http_error';
  return 'error';
}

function withFallbackNote<T extends { reasoning: string }>(result: T, kind: string | null): T {
  if (kind === null) return result;
  const why = FALLBACK_WORDS[kind] ?? FALLBACK_WORDS.error;
  return {
    ...result,
    reasoning: `${result.reasoning} (The language model’s result was not used: ${why}.)`.trim(),
  };
}

/** The catalogue's and the practice's procedure names, by lower-cased name; the practice's spelling first. */
function procedureNames(practiceProcedures: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const name of [...practiceProcedures, ...CATALOGUE_PROCEDURES.map((procedure) => procedure.name)]) {
    const key = name.trim().toLowerCase();
    if (key && !names.has(key)) names.set(key, name);
  }
  return names;
}

/** The rules' and the endpoint's escalations, each reason once: the rules' findings first, never dropped. */
function unionOfEscalations(rules: readonly EscalationFinding[], endpoint: readonly EscalationFinding[]) {
  const byReason = new Map<string, EscalationFinding>();
  for (const finding of [...rules, ...endpoint])
    if (!byReason.has(finding.reason)) byReason.set(finding.reason, finding);
  return [...byReason.values()];
}

/**
 * The endpoint's reading within the rules' limits (see SafeLanguageModel). Exported for its unit tests.
 */
export function mergeUnderstandings(
  rules: Understanding,
  endpoint: Understanding,
  practiceProcedures: readonly string[],
): Understanding {
  const notes: string[] = [];
  const rulesEscalations =
    rules.escalations.length > 0 ? rules.escalations : rules.escalation ? [rules.escalation] : [];
  const escalations = unionOfEscalations(rulesEscalations, endpoint.escalations);

  const rulesIntentStands =
    RULE_INTENTS.has(rules.intent) || (rulesEscalations.length > 0 && ESCALATION_INTENTS.has(rules.intent));
  const intentFromRules = rulesIntentStands && endpoint.intent !== rules.intent;
  if (intentFromRules)
    notes.push(`The rules’ intent ${rules.intent} stands (the language model read ${endpoint.intent}).`);
  const kept = rulesEscalations.filter(
    (finding) => !endpoint.escalations.some((e) => e.reason === finding.reason),
  );
  if (kept.length > 0) notes.push(`Escalation kept from the rules: ${kept.map((f) => f.reason).join(', ')}.`);

  const known = procedureNames(practiceProcedures);
  const procedures = [
    ...new Set(
      endpoint.procedures_of_interest
        .map((name) => known.get(name.trim().toLowerCase()))
        .filter((name): name is string => name !== undefined),
    ),
  ];
  const unknown = endpoint.procedures_of_interest.length - procedures.length;
  if (unknown > 0) notes.push(`${unknown} procedure name(s) outside the catalogue were left out.`);

  const urgency =
    URGENCY_ORDER.indexOf(endpoint.urgency_level) > URGENCY_ORDER.indexOf(rules.urgency_level)
      ? endpoint.urgency_level
      : rules.urgency_level;

  return {
    ...rules,
    reasoning: [endpoint.reasoning, ...notes].join(' '),
    provider: endpoint.provider,
    model: endpoint.model,
    intent: rulesIntentStands ? rules.intent : endpoint.intent,
    intent_confidence: rulesIntentStands ? rules.intent_confidence : endpoint.intent_confidence,
    procedures_of_interest: procedures.length > 0 ? procedures : rules.procedures_of_interest,
    urgency_level: urgency,
    key_concerns: endpoint.key_concerns.length > 0 ? endpoint.key_concerns : rules.key_concerns,
    inquiry_summary: endpoint.inquiry_summary.trim() || rules.inquiry_summary,
    escalation: escalations[0] ?? null,
    escalations,
    buying_signals: endpoint.buying_signals,
    objections: endpoint.objections,
    budget_indicator: endpoint.budget_indicator ?? rules.budget_indicator,
    preferred_contact_method: endpoint.preferred_contact_method ?? rules.preferred_contact_method,
    preferred_contact_time: endpoint.preferred_contact_time ?? rules.preferred_contact_time,
    communication_style: endpoint.communication_style,
    confidence: Math.min(rules.confidence, endpoint.confidence),
  };
}
