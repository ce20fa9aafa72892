import type { LanguageModel } from '../model';
import { BuiltInLanguageModel } from './built-in-model';

const practice = { name: 'Glow Med Spa', locationName: 'Downtown', phone: '(555) 123-4567' };
const pricing = [
  { procedureName: 'Botox', priceMin: 12, priceMax: 15, currency: 'USD', unit: 'unit', locationName: null },
];

describe('BuiltInLanguageModel', () => {
  const model: LanguageModel = new BuiltInLanguageModel();

  it('is the built-in provider', () => {
    expect(model.provider).toBe('built-in');
    expect(model.model).toBe('built-in');
  });

  it('understands an inquiry, drafts a reply to it and answers a question, offline', async () => {
    const understanding = await model.understand({
      channel: 'form',
      text: 'Hi, how much is Botox for my forehead lines?',
      practiceProcedures: ['Botox', 'Lip Filler'],
    });
    expect(understanding).toMatchObject({
      intent: 'pricing',
      language: 'en',
      provider: 'built-in',
      model: 'built-in',
    });
    expect(understanding.procedures_of_interest).toContain('Botox');

    const draft = await model.draft({
      channel: 'sms',
      purpose: 'first_contact',
      language: understanding.language,
      intent: understanding.intent,
      procedures: understanding.procedures_of_interest,
      recipient: { firstName: 'Maria', lastName: null },
      practice,
      pricing,
      promotions: [],
    });
    expect(draft.body).toContain('Botox is from $12 to $15 per unit.');
    expect(draft.provider).toBe('built-in');

    const answer = await model.answer({
      question: 'How long does Botox last?',
      context: [{ id: 'c1', text: 'Results from Botox usually last three to four months.' }],
      practice,
      pricing,
      promotions: [],
    });
    expect(answer).toMatchObject({ grounded: true, citations: ['c1'], provider: 'built-in' });
  });

  it('rejects a call whose signal was already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    await expect(
      model.answer(
        { question: 'x', context: [], practice, pricing, promotions: [] },
        { signal: controller.signal },
      ),
    ).rejects.toThrow('shutting down');
  });
});
