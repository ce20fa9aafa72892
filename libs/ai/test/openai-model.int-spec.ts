import { type FakeLlmServer, startFakeLlmServer } from '@pp/testing';
import { APIConnectionError, AuthenticationError, InternalServerError } from 'openai';
import { ModelOutputError, OpenAiCompatibleModel } from '../src/openai/openai-model';
import {
  answerRequest,
  draftJson,
  draftRequest,
  randomApiKey,
  understandingJson,
  understandRequest,
} from './llm-fixtures';

/** The OpenAI-compatible provider against a real HTTP server on loopback that speaks Chat Completions. */
describe('OpenAiCompatibleModel', () => {
  let server: FakeLlmServer;
  let model: OpenAiCompatibleModel;

  beforeEach(async () => {
    server = await startFakeLlmServer({ apiKey: randomApiKey() });
    model = new OpenAiCompatibleModel({
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      model: 'test-model',
      timeoutMs: 5000,
    });
  });
  afterEach(() => server.close());

  it('parses a valid understanding, sending the key, the model, the rules and a strict JSON schema', async () => {
    server.respondWith({ json: understandingJson() });
    const understanding = await model.understand({
      ...understandRequest('How much is botox for my forehead?'),
      formFields: {
        procedure_interest: 'Botox',
        full_name: 'Maria Lopez',
        email: 'maria.lopez@mail.test',
        phone: '+15551234567',
      },
    });

    expect(understanding).toMatchObject({
      provider: 'openai-compatible',
      model: 'test-model',
      intent: 'pricing',
      procedures_of_interest: ['Botox'],
      urgency_level: 'medium',
      inquiry_summary: 'Asks what Botox costs for forehead lines.',
      escalation: null,
      escalations: [],
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'understanding', strict: true },
    });
    expect(request.system).toContain('Never give medical advice');
    expect(JSON.parse(request.user)).toMatchObject({
      message: 'How much is botox for my forehead?',
      practice_procedures: ['Botox', 'Lip Filler', 'Tummy Tuck'],
    });
    // Contact details are not needed to read an inquiry and are not sent.
    expect(JSON.parse(request.user).form_fields).toEqual({ procedure_interest: 'Botox' });
  });

  it('is refused by the endpoint with a wrong key', async () => {
    const wrongKey = new OpenAiCompatibleModel({
      baseUrl: server.baseUrl,
      apiKey: randomApiKey(),
      model: 'test-model',
      timeoutMs: 5000,
    });
    server.respondWith({ json: understandingJson() });
    await expect(wrongKey.understand(understandRequest('Hi'))).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(0);
  });

  it('drafts with the practice’s prices, promotions and the corrections staff asked to remember', async () => {
    server.respondWith({
      json: draftJson('Hi Maria! Botox is $12-14/unit, 20% off now. Want a free consult?'),
    });
    const draft = await model.draft(
      draftRequest({
        corrections: [
          {
            situation: 'sms:first_contact:pricing:en',
            original: 'Dear customer, thank you for your inquiry.',
            corrected: 'Hi Maria! Happy to help with Botox pricing.',
          },
        ],
      }),
    );

    expect(draft).toMatchObject({
      provider: 'openai-compatible',
      subject: null,
      body: 'Hi Maria! Botox is $12-14/unit, 20% off now. Want a free consult?',
    });
    const [request] = server.requests;
    expect(request.body.response_format?.json_schema?.name).toBe('draft');
    expect(request.system).toContain('Quote prices, fees and promotions only exactly as they appear');
    expect(request.system).toContain('Write in English');
    const user = JSON.parse(request.user);
    expect(user.pricing).toEqual([
      expect.objectContaining({ procedure: 'Botox', price_min: 12, price_max: 14 }),
    ]);
    expect(user.promotions).toEqual([expect.objectContaining({ description: '20% off Botox' })]);
    expect(user.corrections).toEqual([
      'Staff corrected a draft for this situation from "Dear customer, thank you for your inquiry." to ' +
        '"Hi Maria! Happy to help with Botox pricing."; follow the corrected style.',
    ]);
    // Only the first name leaves the service.
    expect(request.user).not.toContain('Lopez');
  });

  it('asks for the reply in the lead’s language', async () => {
    server.respondWith({ json: draftJson('Hola Maria, gracias por escribirnos.') });
    await model.draft(draftRequest({ language: 'es' }));
    expect(server.requests[0].system).toContain('Write in Spanish');
  });

  it('answers from the given passages, keeping only citations of passages it was given', async () => {
    server.respondWith({
      json: {
        answer: 'Botox usually lasts three to four months.',
        citations: ['chunk-1', 'chunk-99'],
        grounded: true,
        reasoning: 'From the Botox page.',
      },
    });
    const answer = await model.answer(answerRequest());
    expect(answer).toMatchObject({
      answer: 'Botox usually lasts three to four months.',
      citations: ['chunk-1'],
    });
    expect(answer.grounded).toBe(true);
  });

  it('rejects an answer that is not JSON', async () => {
    server.respondWith({ content: 'Sure! The intent is pricing.' });
    await expect(model.understand(understandRequest('How much?'))).rejects.toMatchObject(
      new ModelOutputError('invalid_json'),
    );
  });

  it('rejects JSON that violates the schema, naming the fields', async () => {
    server.respondWith({ json: understandingJson({ intent: 'buy_now', confidence: 7 }) });
    const error = await model.understand(understandRequest('How much?')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelOutputError);
    expect(error).toMatchObject({ kind: 'schema_violation' });
    expect((error as ModelOutputError).fields.sort()).toEqual(['confidence', 'intent']);
  });

  it('rejects an empty draft body and a truncated answer', async () => {
    server.respondWith({ json: draftJson('   ') });
    await expect(model.draft(draftRequest())).rejects.toMatchObject({
      kind: 'schema_violation',
      fields: ['body'],
    });
    server.respondWith({ content: '{"subject": null, "bo', finishReason: 'length' });
    await expect(model.draft(draftRequest())).rejects.toMatchObject({ kind: 'truncated' });
  });

  it('retries a server error once, then fails', async () => {
    server.respondWith({ status: 500 });
    await expect(model.understand(understandRequest('How much?'))).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('succeeds when the retry after a server error is answered', async () => {
    server.respondOnce({ status: 503 });
    server.respondWith({ json: understandingJson() });
    await expect(model.understand(understandRequest('How much?'))).resolves.toMatchObject({
      intent: 'pricing',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a response slower than its time limit', async () => {
    const impatient = new OpenAiCompatibleModel({
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      model: 'test-model',
      timeoutMs: 200,
      maxRetries: 0,
    });
    server.respondWith({ json: understandingJson(), delayMs: 30_000 });
    // An APIConnectionTimeoutError in Node; under Jest the abort crosses realms and reads as its parent class.
    const error = await impatient.understand(understandRequest('How much?')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('sends no Authorization header to an endpoint configured without a key', async () => {
    const open = await startFakeLlmServer({ apiKey: null });
    try {
      const keyless = new OpenAiCompatibleModel({
        baseUrl: open.baseUrl,
        apiKey: null,
        model: 'test-model',
        timeoutMs: 5000,
      });
      open.respondWith({ json: understandingJson() });
      await expect(keyless.understand(understandRequest('Hi'))).resolves.toMatchObject({ intent: 'pricing' });
      expect(open.requests[0].authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});
