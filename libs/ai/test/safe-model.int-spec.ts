import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigError } from '@pp/platform';
import { type FakeLlmServer, startFakeLlmServer } from '@pp/testing';
import { AiModule } from '../src/ai.module';
import { BuiltInLanguageModel } from '../src/builtin/built-in-model';
import type { LanguageModel } from '../src/model';
import { OpenAiCompatibleModel } from '../src/openai/openai-model';
import { SafeLanguageModel } from '../src/safe-model';
import { findInventedPrices } from '../src/safety/prices';
import { LANGUAGE_MODEL } from '../src/tokens';
import {
  answerRequest,
  draftJson,
  draftRequest,
  randomApiKey,
  understandingJson,
  understandRequest,
} from './llm-fixtures';

/** Polls a condition every 10 ms until it holds, failing after 5 s. */
async function pollUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * SafeLanguageModel over the OpenAI-compatible provider, against a real HTTP server on loopback: the endpoint
 * words things, the built-in rules keep every safety decision, and any failure gives the built-in result.
 */
describe('SafeLanguageModel', () => {
  let server: FakeLlmServer;
  let builtIn: BuiltInLanguageModel;
  let safe: SafeLanguageModel;
  let logged: string[];

  beforeEach(async () => {
    server = await startFakeLlmServer({ apiKey: randomApiKey() });
    builtIn = new BuiltInLanguageModel();
    const endpoint = new OpenAiCompatibleModel({
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      model: 'test-model',
      timeoutMs: 10_000,
    });
    safe = new SafeLanguageModel(endpoint, builtIn, { timeoutMs: 1500 });
    logged = [];
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const)
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
      });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await server.close();
  });

  describe('understand', () => {
    it('uses the endpoint’s better reading where no safety rule is involved', async () => {
      const request = understandRequest('hey how much is botox? thinking about my forehead lines');
      server.respondWith({
        json: understandingJson({
          intent: 'booking',
          inquiry_summary: 'Wants Botox for forehead lines and asks the price before booking.',
          key_concerns: ['price', 'forehead lines'],
          communication_style: 'casual',
        }),
      });
      const understanding = await safe.understand(request);
      expect(understanding).toMatchObject({
        provider: 'openai-compatible',
        model: 'test-model',
        intent: 'booking',
        inquiry_summary: 'Wants Botox for forehead lines and asks the price before booking.',
        key_concerns: ['price', 'forehead lines'],
        communication_style: 'casual',
      });
    });

    it('keeps an escalation the endpoint dropped', async () => {
      const request = understandRequest(
        'I got lip filler yesterday and now my lip is very swollen, hard and painful. Is this normal?',
      );
      const rules = await builtIn.understand(request);
      expect(rules.escalations.length).toBeGreaterThan(0);
      server.respondWith({
        json: understandingJson({ intent: 'booking', escalations: [], urgency_level: 'low' }),
      });

      const understanding = await safe.understand(request);
      expect(understanding.provider).toBe('openai-compatible');
      expect(understanding.escalations.map((finding) => finding.reason)).toEqual(
        rules.escalations.map((finding) => finding.reason),
      );
      expect(understanding.escalation).toEqual(rules.escalations[0]);
      expect(understanding.urgency_level).toBe(rules.urgency_level);
      expect(understanding.reasoning).toContain('Escalation kept from the rules');
    });

    it('adds the endpoint’s escalations after the rules’ own', async () => {
      const request = understandRequest(
        'I got lip filler yesterday and now my lip is very swollen, hard and painful. Is this normal?',
      );
      const rules = await builtIn.understand(request);
      server.respondWith({
        json: understandingJson({
          intent: 'medical_concern',
          escalations: [{ reason: 'legal_threat', priority: 'high', evidence: 'is this normal' }],
        }),
      });
      const understanding = await safe.understand(request);
      expect(understanding.escalations.map((finding) => finding.reason)).toEqual([
        ...rules.escalations.map((finding) => finding.reason).filter((reason) => reason !== 'legal_threat'),
        'legal_threat',
      ]);
    });

    it('does not let the endpoint’s pricing intent override the rules’ opt-out', async () => {
      const request = understandRequest('STOP');
      expect((await builtIn.understand(request)).intent).toBe('opt_out');
      server.respondWith({ json: understandingJson({ intent: 'pricing' }) });

      const understanding = await safe.understand(request);
      expect(understanding.intent).toBe('opt_out');
      expect(understanding.reasoning).toContain('intent opt_out stands');
    });

    it('keeps only procedure names of the catalogue or the practice', async () => {
      server.respondWith({
        json: understandingJson({ procedures_of_interest: ['botox', 'Unicorn Glow Facial', 'Lip Filler'] }),
      });
      const understanding = await safe.understand(understandRequest('Botox and lips, how much?'));
      expect(understanding.procedures_of_interest).toEqual(['Botox', 'Lip Filler']);
    });

    it.each([
      ['invalid JSON', { content: 'intent: pricing' }],
      ['a schema-violating JSON', { json: understandingJson({ intent: 'buy_now' }) }],
      ['a 500', { status: 500 }],
    ] as const)('falls back to the built-in understanding on %s', async (_, reply) => {
      server.respondWith(reply);
      const request = understandRequest('How much is Botox?');
      const understanding = await safe.understand(request);
      expect(understanding).toEqual({
        ...(await builtIn.understand(request)),
        reasoning: expect.stringContaining('The language model’s result was not used'),
      });
      expect(server.requests.length).toBeGreaterThan(0);
    });

    it('falls back to the built-in understanding when the endpoint is slower than the time limit', async () => {
      server.respondWith({ json: understandingJson(), delayMs: 30_000 });
      const request = understandRequest('How much is Botox?');
      const understanding = await safe.understand(request);
      expect(understanding.provider).toBe('built-in');
      expect(understanding.reasoning).toContain('it did not answer in time');
    });

    it('rejects a call the caller cancelled, as the built-in model does, instead of answering', async () => {
      server.respondWith({ json: understandingJson(), delayMs: 30_000 });
      const controller = new AbortController();
      const drafting = safe.draft(draftRequest(), { signal: controller.signal });
      await pollUntil(() => server.requests.length === 1);
      controller.abort();
      await expect(drafting).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  describe('draft', () => {
    it('sends the endpoint’s draft when it quotes only the practice’s prices and fits 2 SMS segments', async () => {
      const body =
        'Hi Maria! Botox at Glow Aesthetics is $12-$14 per unit, and it is 20% off right now. Free consultation?';
      expect(findInventedPrices(body, draftRequest())).toEqual([]);
      server.respondWith({ json: draftJson(body) });
      const draft = await safe.draft(draftRequest());
      expect(draft).toMatchObject({ provider: 'openai-compatible', body });
    });

    it('replaces a draft with an invented price by the built-in draft', async () => {
      const body = 'Hi Maria! Botox is only $9 per unit this week, book now!';
      expect(findInventedPrices(body, draftRequest())).not.toEqual([]);
      server.respondWith({ json: draftJson(body) });

      const draft = await safe.draft(draftRequest());
      const expected = await builtIn.draft(draftRequest());
      expect(draft.provider).toBe('built-in');
      expect(draft.body).toBe(expected.body);
      expect(draft.body).not.toContain('$9');
      expect(draft.reasoning).toContain('not in the practice’s pricing data');
    });

    it('replaces an invented discount in an email subject too', async () => {
      server.respondWith({
        json: draftJson('Hi Maria, we would love to see you.', { subject: '50% off Botox today' }),
      });
      const draft = await safe.draft(draftRequest({ channel: 'email' }));
      expect(draft.provider).toBe('built-in');
    });

    it('replaces an SMS longer than 2 segments', async () => {
      const body = `Hi Maria! ${'We would love to tell you all about Botox at Glow Aesthetics. '.repeat(6)}`;
      server.respondWith({ json: draftJson(body) });
      const draft = await safe.draft(draftRequest());
      expect(draft.provider).toBe('built-in');
      expect(draft.reasoning).toContain('longer than the allowed segments');
    });

    it('falls back to the built-in draft on a server error', async () => {
      server.respondWith({ status: 500 });
      const draft = await safe.draft(draftRequest());
      expect(draft.provider).toBe('built-in');
      expect(draft.body).toBe((await builtIn.draft(draftRequest())).body);
    });
  });

  describe('answer', () => {
    it('uses the endpoint’s grounded answer', async () => {
      server.respondWith({
        json: {
          answer: 'It usually lasts 3 to 4 months.',
          citations: ['chunk-1'],
          grounded: true,
          reasoning: 'Page.',
        },
      });
      await expect(safe.answer(answerRequest())).resolves.toMatchObject({
        provider: 'openai-compatible',
        citations: ['chunk-1'],
        grounded: true,
      });
    });

    it('replaces an answer with an invented price by the built-in answer', async () => {
      server.respondWith({
        json: {
          answer: 'Botox costs $99 per area.',
          citations: ['chunk-1'],
          grounded: true,
          reasoning: 'Page.',
        },
      });
      const answer = await safe.answer(answerRequest({ question: 'How much is Botox?' }));
      expect(answer.provider).toBe('built-in');
      expect(answer.answer).not.toContain('$99');
    });
  });

  it('logs no words of the lead, no drafted text and no key', async () => {
    const secretWords = 'Rosalind Quigley-Fitzwilliam swollen left cheek';
    server.respondWith((request) =>
      request.schemaName === 'understanding'
        ? { json: understandingJson({ intent: 'bogus' }) }
        : { json: draftJson(`Hi ${secretWords}, Botox is $1 today.`) },
    );
    await safe.understand(understandRequest(`I am ${secretWords}`), { correlationId: 'corr-1' });
    await safe.draft(draftRequest({ inbound: secretWords }), { correlationId: 'corr-2' });
    server.respondWith({ status: 500, message: `echo: ${secretWords}` });
    await safe.answer(answerRequest({ question: secretWords }), { correlationId: 'corr-3' });

    const all = logged.join('\n');
    expect(all).toContain('corr-1');
    expect(all).toContain('corr-3');
    expect(all).not.toContain('Rosalind');
    expect(all).not.toContain('Quigley');
    expect(all).not.toContain(server.apiKey as string);
  });
});

describe('AiModule.forRoot', () => {
  const modelFor = async (env: NodeJS.ProcessEnv): Promise<LanguageModel> => {
    const module = await Test.createTestingModule({ imports: [AiModule.forRoot({ env })] }).compile();
    return module.get<LanguageModel>(LANGUAGE_MODEL);
  };

  it('provides the built-in model when no endpoint is configured', async () => {
    const model = await modelFor({});
    expect(model).toBeInstanceOf(BuiltInLanguageModel);
    expect(model.provider).toBe('built-in');
  });

  it('provides SafeLanguageModel over the configured endpoint, which it calls with the key', async () => {
    const server = await startFakeLlmServer({ apiKey: randomApiKey() });
    try {
      const model = await modelFor({
        LLM_BASE_URL: server.baseUrl,
        LLM_MODEL: 'test-model',
        LLM_API_KEY: server.apiKey as string,
        LLM_TIMEOUT_MS: '3000',
      });
      expect(model).toBeInstanceOf(SafeLanguageModel);
      server.respondWith({
        json: understandingJson({ inquiry_summary: 'Asks about Botox prices, endpoint words.' }),
      });
      await expect(model.understand(understandRequest('How much is Botox?'))).resolves.toMatchObject({
        provider: 'openai-compatible',
        inquiry_summary: 'Asks about Botox prices, endpoint words.',
      });
      expect(server.requests[0].authorization).toBe(`Bearer ${server.apiKey}`);
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an invalid setting, naming it', async () => {
    const failure = await modelFor({
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'm',
      LLM_TIMEOUT_MS: '0',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).problems).toEqual([
      'LLM_TIMEOUT_MS: must be a whole number of milliseconds above 0',
    ]);
  });
});
