import { SegmentedMessage } from 'sms-segments-calculator';
import { isGsm7Char, smsEncoding, smsSegments, toGsm7 } from './sms';

describe('smsSegments', () => {
  it('counts GSM-7 text: 160 characters in one segment, 153 per segment when split', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
  });

  it('counts the extension characters twice', () => {
    expect(smsEncoding('€')).toBe('GSM-7');
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
    expect(smsSegments('{'.repeat(77) + 'ab')).toBe(1);
  });

  it('counts UCS-2 text: 70 characters in one segment, 67 per segment when split', () => {
    expect(smsEncoding('á')).toBe('UCS-2');
    expect(smsSegments('á'.repeat(70))).toBe(1);
    expect(smsSegments('á'.repeat(71))).toBe(2);
    expect(smsSegments('á'.repeat(134))).toBe(2);
    expect(smsSegments('á'.repeat(135))).toBe(3);
  });

  it('one curly quote or emoji makes the whole message UCS-2', () => {
    const plain = 'a'.repeat(100);
    expect(smsSegments(plain)).toBe(1);
    expect(smsSegments(plain + '\u2019')).toBe(2);
    expect(smsSegments(plain + '😀')).toBe(2);
  });
});

describe('smsSegments on plain ASCII (counted without the calculator)', () => {
  it('agrees with the calculator at every length around the segment boundaries, line breaks included', () => {
    const alphabet = 'abcXYZ019 .,!?@$%&\'"()*+-/:;<=>#_\n\r';
    for (let length = 1; length <= 480; length++) {
      const text = Array.from({ length }, (_, i) => alphabet[(i * 7 + length) % alphabet.length]).join('');
      expect([length, smsSegments(text)]).toEqual([length, new SegmentedMessage(text).segmentsCount]);
    }
  });
});

describe('toGsm7', () => {
  it('replaces typographic characters with plain ones and drops emoji', () => {
    expect(toGsm7('We\u2019re \u201Cexcited\u201D \u2014 see you\u2026 😀')).toBe(
      'We\'re "excited" - see you...',
    );
    expect(smsEncoding(toGsm7('Hola Mar\u00EDa, \u00BFc\u00F3mo est\u00E1s? Te esperamos \u{1F389}'))).toBe(
      'GSM-7',
    );
  });

  it('keeps the accented letters GSM-7 has and strips the others to their base letter', () => {
    expect(
      toGsm7('Jos\u00E9 Nu\u00F1ez, \u00A1gracias! \u00BFInter\u00E9s en la depilaci\u00F3n l\u00E1ser?'),
    ).toBe('Jos\u00E9 Nu\u00F1ez, \u00A1gracias! \u00BFInter\u00E9s en la depilacion laser?');
    expect(isGsm7Char('\u00F1')).toBe(true);
    expect(isGsm7Char('\u00E1')).toBe(false);
  });

  it('keeps letters of other scripts, which the count then takes as UCS-2', () => {
    expect(toGsm7('Hi \u674E\u660E')).toBe('Hi \u674E\u660E');
    expect(smsEncoding(toGsm7('Hi \u674E\u660E'))).toBe('UCS-2');
  });
});
