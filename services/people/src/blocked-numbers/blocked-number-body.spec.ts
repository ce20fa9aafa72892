import { BlockedNumberMessages } from '@pp/contracts';
import { parseBlockRequest } from './blocked-number-body';

describe('parseBlockRequest', () => {
  it('normalises a US number typed with punctuation to E.164', () => {
    expect(parseBlockRequest({ phone_number: '(214) 555-0134' })).toEqual({
      phone_number: '+12145550134',
      note: null,
    });
    expect(parseBlockRequest({ phone_number: '1 214 555 0134', note: '  prank forms ' })).toEqual({
      phone_number: '+12145550134',
      note: 'prank forms',
    });
  });

  it('keeps a number of another country in E.164', () => {
    expect(parseBlockRequest({ phone_number: '+44 20 7946 0958' })).toEqual({
      phone_number: '+442079460958',
      note: null,
    });
  });

  it('refuses a missing, blank or non-text number', () => {
    for (const body of [{}, { phone_number: '  ' }, { phone_number: null }, null, [], 'x']) {
      expect(parseBlockRequest(body)).toEqual({ problem: BlockedNumberMessages.phoneRequired });
    }
    expect(parseBlockRequest({ phone_number: 2145550134 })).toEqual({
      problem: BlockedNumberMessages.invalidPhone,
    });
  });

  it('refuses what is not a valid phone number: partial numbers, short codes, letters, overlong text', () => {
    for (const phone_number of ['555-0134', '72345', 'call me', '+1 000 000 0000', '2'.repeat(60)]) {
      expect(parseBlockRequest({ phone_number })).toEqual({ problem: BlockedNumberMessages.invalidPhone });
    }
  });

  it('refuses a note that is too long or not text, and unknown fields', () => {
    expect(parseBlockRequest({ phone_number: '2145550134', note: 'x'.repeat(501) })).toEqual({
      problem: BlockedNumberMessages.noteTooLong,
    });
    expect(parseBlockRequest({ phone_number: '2145550134', note: 5 })).toEqual({
      problem: 'note must be a string',
    });
    expect(parseBlockRequest({ phone_number: '2145550134', practice_id: 'x' })).toEqual({
      problem: 'property practice_id should not exist',
    });
  });

  it('does not read a number from the prototype', () => {
    expect(parseBlockRequest(Object.create({ phone_number: '2145550134' }))).toEqual({
      problem: BlockedNumberMessages.phoneRequired,
    });
  });
});
