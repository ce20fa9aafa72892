import { BuiltInLanguageModel } from '../builtin/built-in-model';
import { REVIEW_BELOW_CONFIDENCE, type InquiryChannel } from '../model';
import { ESCALATION_CLASSES, INTENT_CLASSES } from './learned-input';
import { LearnedReader, passesScreen, readingOf, type LearnedReading } from './learned-reader';
import type { SoftmaxWeights } from './softmax';

/**
 * The built-in provider as the product runs it: the rules and the learned reader over the real embedding model
 * (fetched by `node deploy/local/models.mjs`, which `npm test` runs first; a missing model fails here).
 */
let reader: LearnedReader;
let model: BuiltInLanguageModel;
beforeAll(async () => {
  reader = await LearnedReader.load();
  model = new BuiltInLanguageModel({ reader: Promise.resolve(reader) });
});
afterAll(() => reader.close());

const understand = (text: string, channel: InquiryChannel = 'sms') =>
  model.understand({
    channel,
    text,
    practiceProcedures: ['Botox', 'GLP-1 Weight Loss', 'Tummy Tuck', 'Lip Filler'],
  });

describe('the learned reader', () => {
  it('gives calibrated probabilities over every intent and escalation reason', async () => {
    const reading = await reader.read({ text: 'How much is Botox for my forehead?' });
    const total = (values: Record<string, number>) =>
      Object.values(values).reduce((sum, value) => sum + value, 0);
    expect(total(reading.intents)).toBeCloseTo(1, 5);
    expect(total(reading.escalations)).toBeCloseTo(1, 5);
    expect(reading.intents.pricing).toBeGreaterThan(0.5);
    expect(reading.mustEscalate).toBeLessThan(reading.threshold);
  });

  it('reads the same message the same way every time', async () => {
    const first = await reader.read({ text: 'can i come in saturday morning?' });
    const second = await reader.read({ text: 'can i come in saturday morning?' });
    expect(second).toEqual(first);
  });
});

describe('the screen: everyday questions read without the sentence model', () => {
  it.each([
    'Can I book a consultation for a rhinoplasty next week?',
    'How much for liposuction of the chin and neck? Do you have any specials this month?',
  ])('reads %p from its n-grams alone, sure it needs no person', async (text) => {
    const reading = await reader.read({ text });
    expect(reading.embedded).toBe(false);
    expect(reading.mustEscalate).toBeLessThan(reading.threshold / 2);
  });

  it.each([
    'My nose surgery was 3 weeks ago and the left side is suddenly swollen and hot, is this normal?',
    'honestly I am just a burden to everyone since the surgery went wrong',
    'please stop texting me',
  ])('embeds %p: the screen is not sure of it', async (text) => {
    expect((await reader.read({ text })).embedded).toBe(true);
  });

  it('passes a reading only below its escalation bound, with one intent sure and not one that stops outreach', () => {
    const rule = { mustEscalateBelow: 0.18, intentAtLeast: 0.85 };
    const reading = (intent: string, p: number, mustEscalate: number) =>
      ({
        intents: Object.fromEntries(INTENT_CLASSES.map((name) => [name, name === intent ? p : (1 - p) / 11])),
        mustEscalate,
      }) as unknown as LearnedReading;
    expect(passesScreen(reading('pricing', 0.9, 0.1), rule)).toBe(true);
    expect(passesScreen(reading('pricing', 0.9, 0.18), rule)).toBe(false);
    expect(passesScreen(reading('pricing', 0.8, 0.1), rule)).toBe(false);
    expect(passesScreen(reading('spam', 0.95, 0.01), rule)).toBe(false);
    expect(passesScreen(reading('opt_out', 0.95, 0.01), rule)).toBe(false);
  });
});

describe('the built-in provider, rules and the learned reader together', () => {
  // Messages of each kind a person must handle, written for this test, as SMS and as a website form.
  it.each([
    [
      'hopelessness after being turned down',
      'after they told me i am not a candidate i just do not see why i should keep going at all',
    ],
    [
      'vomiting on the weight-loss programme',
      'third day on my weight loss injections from you and i keep throwing up, cant keep fluids down',
    ],
    [
      'a drooping eyelid after Botox, in Portuguese',
      'fiz botox na sexta e agora um olho está caído, não consigo abrir direito',
    ],
    ['a request to be called', 'honestly just phone me instead, way easier than texting back and forth'],
    [
      'an angry complaint about a result',
      'my lips came out lopsided after the filler and i am really upset about what i paid',
    ],
    [
      'a question about smoking before surgery',
      'I still smoke a few cigarettes a day, is that a problem for my tummy tuck next month?',
    ],
  ])('escalates %s, as an SMS and as a form', async (_kind, text) => {
    for (const channel of ['sms', 'form'] as const) {
      const understood = await understand(text, channel);
      expect({ channel, escalation: understood.escalation?.reason ?? null }).toEqual({
        channel,
        escalation: expect.any(String) as string,
      });
    }
  });

  it('answers a bare “Who is this?” as help: no escalation, no wrong number, outreach goes on', async () => {
    for (const text of ['Who is this?', 'who r u?', '¿Quién es?']) {
      expect(await understand(text)).toMatchObject({ intent: 'help', escalation: null });
    }
  });

  it('is sure enough of “Who is this?” answering outreach about a procedure to answer it unreviewed', async () => {
    const understood = await model.understand({
      channel: 'sms',
      text: 'Who is this?',
      practiceProcedures: ['Tummy Tuck'],
      conversation: [
        { from: 'practice', text: 'Hi Ana, thanks for asking about a tummy tuck. Want a consult Friday?' },
      ],
    });
    expect(understood).toMatchObject({ intent: 'help', escalation: null });
    expect(understood.confidence).toBeGreaterThanOrEqual(REVIEW_BELOW_CONFIDENCE);
  });

  it.each([
    'Eliminen mi número de su base de datos por favor',
    'Favor remover meu e-mail do sistema de vocês',
  ])('hears %s, a request to be removed the rules have no words for, as an opt-out', async (text) => {
    expect(await understand(text)).toMatchObject({ intent: 'opt_out' });
  });

  it.each(['stop by Friday?', 'cancel my Tuesday', 'I quit smoking last year, can I still get a consult?'])(
    'never reads %s as an opt-out or a wrong number',
    async (text) => {
      expect(['opt_out', 'wrong_number']).not.toContain((await understand(text)).intent);
    },
  );
});

describe('readingOf: what two heads make of one example', () => {
  /** A head that gives every example the same probabilities (its biases their logarithms). */
  const fixedHead = (classes: readonly string[], probabilities: Record<string, number>): SoftmaxWeights => {
    const rest = 1 - Object.values(probabilities).reduce((sum, value) => sum + value, 0);
    const others = classes.filter((name) => !(name in probabilities)).length;
    return {
      classes: [...classes],
      dense: new Float32Array(classes.length),
      sparse: new Float32Array(classes.length),
      bias: Float32Array.from(classes.map((name) => Math.log(probabilities[name] ?? rest / others))),
      denseDimensions: 1,
      sparseDimensions: 1,
      temperature: 1,
    };
  };
  const example = {
    dense: new Float32Array(1),
    sparse: { indices: new Uint32Array(0), values: new Float32Array(0) },
  };

  it('takes P(a person must handle it) as the mean of the escalation head and the intents a person answers', () => {
    const reading = readingOf(
      {
        intent: fixedHead(INTENT_CLASSES, { medical_concern: 0.5, complaint: 0.1, human_requested: 0.1 }),
        escalation: fixedHead(ESCALATION_CLASSES, {
          none: 0.7,
          low_confidence: 0.1,
          post_treatment_symptoms: 0.15,
        }),
      },
      example,
      0.4,
    );
    // Escalation head: 1 − none − low_confidence = 0.2; intent head: 0.7.
    expect(reading.mustEscalate).toBeCloseTo(0.45, 5);
    expect(reading.likelyReason).toBe('post_treatment_symptoms');
    expect(reading.threshold).toBe(0.4);
    expect(reading.intents.medical_concern).toBeCloseTo(0.5, 5);
  });
});
