import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';
import type {
  Answer,
  AnswerRequest,
  Draft,
  DraftRequest,
  LanguageModel,
  ModelCallOptions,
  UnderstandRequest,
  Understanding,
} from '../model';
import { answerOutput, draftOutput, practiceFactsOutput, understandingOutput } from './output-schemas';
import {
  answerPrompt,
  draftPrompt,
  type PracticePage,
  practiceFactsPrompt,
  type Prompt,
  understandPrompt,
} from './prompts';

export type { PracticePage } from './prompts';

/** What practiceFacts answers: each fact with the 1-based number of the page it cites. */
export type PracticeFacts = z.infer<typeof practiceFactsOutput>;

export interface OpenAiCompatibleModelOptions {
  /** The API root, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  /** Null for an endpoint that needs no key: then no Authorization header is sent. */
  apiKey: string | null;
  model: string;
  /** Time limit of one HTTP attempt. */
  timeoutMs: number;
  /** Retries after a connection error, a 408/409/429 or a 5xx; 1 by default. */
  maxRetries?: number;
}

/** Why an endpoint's answer was not used; carries no part of the answer itself. */
export class ModelOutputError extends Error {
  constructor(
    readonly kind: 'no_choice' | 'refused' | 'truncated' | 'empty' | 'invalid_json' | 'schema_violation',
    /** For schema violations: the paths of the offending fields. */
    readonly fields: string[] = [],
  ) {
    super(
      `The language model's output was not usable (${kind}${fields.length ? `: ${fields.join(', ')}` : ''})`,
    );
    this.name = 'ModelOutputError';
  }
}

/**
 * The OpenAI-compatible provider (docs/decisions/0012-language-model-providers.md): the official `openai` SDK
 * against any endpoint that speaks Chat Completions with structured outputs (OpenAI, Azure-style gateways,
 * vLLM, llama.cpp, Ollama …). Each call sends a system prompt with the product's rules, the request and the
 * practice's facts as JSON, and a strict JSON schema; the answer is parsed and validated against the same
 * schema before use, and anything else is a ModelOutputError. Used behind SafeLanguageModel, which checks the
 * results against the safety rules and falls back to the built-in provider.
 *
 * Logs carry the call, its correlation id, sizes, timings and token counts: never a lead's words or the key.
 */
export class OpenAiCompatibleModel implements LanguageModel {
  readonly provider = 'openai-compatible' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly logger = new Logger(OpenAiCompatibleModel.name);

  constructor(options: OpenAiCompatibleModelOptions) {
    this.model = options.model;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // The SDK refuses to start without a key; for an endpoint that takes none, the header is removed below.
      apiKey: options.apiKey ?? 'none',
      defaultHeaders: options.apiKey === null ? { Authorization: null } : undefined,
      // Never the ambient OPENAI_* variables: this provider is configured by LLM_* only.
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 1,
      // The SDK's own debug logs print request bodies, which hold a lead's words.
      logLevel: 'off',
    });
  }

  async understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding> {
    const output = await this.complete(
      'understanding',
      understandingOutput,
      understandPrompt(request),
      options,
    );
    const escalations = dedupeBy(output.escalations, (finding) => finding.reason);
    return {
      reasoning: output.reasoning,
      provider: this.provider,
      model: this.model,
      language: output.language,
      intent: output.intent,
      intent_confidence: output.intent_confidence,
      procedures_of_interest: dedupeBy(output.procedures_of_interest, (name) => name.toLowerCase()),
      urgency_level: output.urgency_level,
      key_concerns: output.key_concerns,
      inquiry_summary: output.inquiry_summary,
      escalation: escalations[0] ?? null,
      escalations,
      buying_signals: output.buying_signals,
      objections: output.objections,
      budget_indicator: output.budget_indicator,
      preferred_contact_method: output.preferred_contact_method,
      preferred_contact_time: output.preferred_contact_time,
      communication_style: output.communication_style,
      confidence: output.confidence,
    };
  }

  async draft(request: DraftRequest, options?: ModelCallOptions): Promise<Draft> {
    const output = await this.complete('draft', draftOutput, draftPrompt(request), options);
    return {
      reasoning: output.reasoning,
      provider: this.provider,
      model: this.model,
      subject: request.channel === 'email' ? (output.subject?.trim() ?? null) : null,
      body: output.body.trim(),
      used_correction: output.used_correction && (request.corrections?.length ?? 0) > 0,
    };
  }

  async answer(request: AnswerRequest, options?: ModelCallOptions): Promise<Answer> {
    const output = await this.complete('answer', answerOutput, answerPrompt(request), options);
    // Only ids of passages that were given count as citations; a made-up id is dropped.
    const given = new Set(request.context.map((passage) => passage.id));
    const citations = [...new Set(output.citations)].filter((id) => given.has(id));
    return {
      reasoning: output.reasoning,
      provider: this.provider,
      model: this.model,
      answer: output.answer.trim(),
      citations,
      grounded: output.grounded && citations.length > 0,
    };
  }

  /**
   * The facts of a practice's website (the public demo's extraction, services/onboarding), each with the page it
   * is written on. Not part of LanguageModel: the engine does not use it, and the caller checks every fact
   * against its page before keeping it.
   */
  async practiceFacts(pages: readonly PracticePage[], options?: ModelCallOptions): Promise<PracticeFacts> {
    return this.complete('practice_facts', practiceFactsOutput, practiceFactsPrompt(pages), options);
  }

  /** One schema-constrained chat completion, its JSON parsed and validated. */
  private async complete<S extends z.ZodObject>(
    name: string,
    schema: S,
    prompt: Prompt,
    options: ModelCallOptions | undefined,
  ): Promise<z.infer<S>> {
    const started = performance.now();
    const completion = await this.client.chat.completions.create(
      {
        model: this.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        response_format: zodResponseFormat(schema, name),
      },
      { signal: options?.signal },
    );
    const choice = completion.choices?.[0];
    this.logger.debug({
      msg: 'language model call',
      call: name,
      correlation_id: options?.correlationId,
      model: this.model,
      prompt_chars: prompt.system.length + prompt.user.length,
      answer_chars: choice?.message?.content?.length ?? 0,
      prompt_tokens: completion.usage?.prompt_tokens,
      completion_tokens: completion.usage?.completion_tokens,
      duration_ms: Math.round(performance.now() - started),
    });
    if (!choice) throw new ModelOutputError('no_choice');
    if (choice.message.refusal) throw new ModelOutputError('refused');
    if (choice.finish_reason === 'length') throw new ModelOutputError('truncated');
    const content = choice.message.content;
    if (!content) throw new ModelOutputError('empty');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new ModelOutputError('invalid_json');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ModelOutputError(
        'schema_violation',
        parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'),
      );
    return parsed.data;
  }
}

function dedupeBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
