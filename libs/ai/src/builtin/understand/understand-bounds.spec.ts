import fc from 'fast-check';
import type { UnderstandRequest } from '../../model';
import { analysedPart, MAX_ANALYSED_CHARS, rulesSafety, understandInquiry } from './understand';
import { OFFERED, read } from './test-helpers';

/** What a stranger can send: any text, any field name, words Object.prototype has, very long messages. */
describe('understanding what a stranger sends: bounded, and it never throws', () => {
  const PROTOTYPE_WORDS = [
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
    ...Object.getOwnPropertyNames(String.prototype),
    'prototype',
    '__proto__',
  ];

  const understand = (request: UnderstandRequest) =>
    understandInquiry(request, undefined, rulesSafety(request));

  it('reads any text, subject, form fields and conversation without throwing', () => {
    const word = fc.oneof(
      fc.constantFrom(...PROTOTYPE_WORDS),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    );
    const text = fc.array(word, { maxLength: 60 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(
        fc.record({
          channel: fc.constantFrom('form', 'sms', 'email', 'chat', 'phone'),
          text,
          subject: fc.option(text, { nil: undefined }),
          formFields: fc.option(
            fc.dictionary(fc.constantFrom(...PROTOTYPE_WORDS, 'procedure_interest', 'message'), text),
            {
              nil: undefined,
            },
          ),
          conversation: fc.option(
            fc.array(fc.record({ from: fc.constantFrom('practice', 'lead'), text }), { maxLength: 4 }),
            { nil: undefined },
          ),
        }),
        (request) => {
          const understanding = understand({ ...request, practiceProcedures: OFFERED } as UnderstandRequest);
          expect(typeof understanding.intent).toBe('string');
        },
      ),
      { numRuns: 300, seed: 20261129 },
    );
  });

  it('reads each word Object.prototype has as a word', () => {
    for (const name of PROTOTYPE_WORDS) {
      expect(() => read(`${name} ${name}? botox ${name}`)).not.toThrow();
    }
  });

  it('reads the first 4,000 characters and sends a longer message to a person, who reads it all', () => {
    const long = `How much is Botox for my forehead? ${'We would love to hear more about your offers. '.repeat(1_500)}`;
    expect(long.length).toBeGreaterThan(60_000);
    const understanding = read(long);
    expect(understanding.procedures_of_interest).toContain('Botox');
    expect(understanding.escalations.map((finding) => finding.reason)).toEqual(['low_confidence']);
    // An emergency within what is read is escalated as itself.
    const urgent = read(
      `My lip turned white and hurts since the filler an hour ago. ${'Please help. '.repeat(5_000)}`,
    );
    expect(urgent.escalation?.reason).toBe('post_treatment_symptoms');
    // A short message is read whole, and is not sent to a person for its length.
    expect(read('How much is Botox for my forehead?').escalations).toEqual([]);
  });

  it('cuts at the limit without splitting a character in two', () => {
    const text = `${'a'.repeat(MAX_ANALYSED_CHARS - 1)}😀 and more`;
    const part = analysedPart(text);
    expect(part).toBe('a'.repeat(MAX_ANALYSED_CHARS - 1));
    expect(analysedPart('short')).toBe('short');
  });
});
