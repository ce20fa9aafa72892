import { detectLanguage, expand, expandWithStops, respell } from './text';
import { understandInquiry } from './understand';

describe('respell: a hurried message as meant, for the safety rules', () => {
  const respelt = (text: string) => respell(text).text;

  it('restores letters held down, a dropped g and misspelt symptom words', () => {
    expect(respelt('my lips r sooo swolen')).toBe('my lips r so swollen');
    expect(respelt('it keeps bleedin and throbbin')).toBe('it keeps bleeding and throbbing');
    expect(respelt("achin' all night")).toBe('aching all night');
    expect(respelt('paiiin and a feaver')).toBe('pain and a fever');
    expect(respelt('my teeeeth hurt')).toBe('my teeth hurt');
    expect(respelt('tengo la cara inchada')).toBe('tengo la cara hinchada');
  });

  it('leaves ordinary words, abbreviations and words ending in -in alone', () => {
    expect(respelt('my cousin is within the insulin group')).toBe('my cousin is within the insulin group');
    expect(respelt('report you to the bbb')).toBe('report you to the bbb');
    expect(respelt('fewer turning points')).toBe('fewer turning points');
  });

  it('maps every character back to where it was written', () => {
    const { text, origin } = respell('so swolen!');
    const at = text.indexOf('swollen');
    expect(origin[at]).toBe(3);
    expect(origin[at + 'swollen'.length - 1]).toBe(8);
    expect(origin[text.indexOf('!')]).toBe(9);
  });
});

describe('expandWithStops: the expanded words with the sentence ends kept', () => {
  it('gives the words of expand with a stop where a sentence ends, and none inside a number', () => {
    const text = 'No pain. I want $1.5k of botox tmrw; thx';
    expect(expandWithStops(text).filter((token) => token !== '.')).toEqual(expand(text).split(' '));
    expect(expandWithStops(text)).toEqual([
      'no',
      'pain',
      '.',
      'i',
      'want',
      '$amount',
      'of',
      'botox',
      'tomorrow',
      '.',
      'thanks',
    ]);
  });
});

describe('words that name what every object has', () => {
  // A stranger's words are looked up in the rules' tables: one that Object.prototype has ('constructor') once
  // read as a function and crashed the analysis, and the lead got no reply.
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    '%s reads as a word',
    (word) => {
      const reading = understandInquiry({
        channel: 'form',
        text: `I work in ${word} stuff, how much is botox? ${word}`,
        practiceProcedures: ['Botox'],
      });
      expect(reading).toMatchObject({ intent: 'pricing', procedures_of_interest: ['Botox'], language: 'en' });
      expect(expand(word)).toBe(word.toLowerCase().replace(/_/g, ' ').trim());
      expect(detectLanguage(`quiero ${word} botox`).language).toBe('es');
    },
  );
});
