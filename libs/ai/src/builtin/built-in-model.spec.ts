import { INTENTS } from '@pp/contracts';
import type { LearnedReader, LearnedReading } from '../learned/learned-reader';
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

  it('asks the learned reader only what the rules have not settled', async () => {
    const asked: string[] = [];
    // A reader that reads everything as an everyday question no person needs.
    const reading = {
      intents: Object.fromEntries(INTENTS.map((intent) => [intent, intent === 'information' ? 0.9 : 0.01])),
      escalations: { none: 1 },
      mustEscalate: 0,
      likelyReason: 'complaint',
      threshold: 0.3,
      embedded: true,
    } as unknown as LearnedReading;
    const reader = {
      read: async (request: { text: string }) => {
        asked.push(request.text);
        return reading;
      },
    } as unknown as LearnedReader;
    const withReader = new BuiltInLanguageModel({ reader: Promise.resolve(reader) });
    const read = (text: string) => withReader.understand({ channel: 'sms', text, practiceProcedures: [] });

    // A person must see it already, or it is spam: the reader would change nothing.
    expect((await read('my lip went white and blotchy right after the filler')).escalation?.reason).toBe(
      'post_treatment_symptoms',
    );
    expect((await read('We can get your clinic to page 1 of Google, book a call')).intent).toBe('spam');
    expect(asked).toEqual([]);
    // Everything else, an opt-out with a symptom included (the reader may hear what the rules did not), is read.
    await read('what are your hours on saturday?');
    await read('STOP texting me, my eye has been swollen shut since the botox');
    expect(asked).toHaveLength(2);
  });
});
