import { read } from './test-helpers';

/**
 * ADR 0064: a sign told beside a word of spam, 'not me' as a contrast, a colour in a compound, money back, a fever
 * of a season, a pregnancy abbreviated or long past, a clot and the pill, a child's age beside 'me interesa', someone
 * else's flu with the writer well, a form whose only text is its service.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a sign is never silenced by a word of spam', () => {
  it('reaches a person though it names a casino', () => {
    const understanding = read(
      'I deal blackjack at the casino and since the filler my upper lip has hard lumps, can someone check them?',
    );
    expect(understanding.intent).not.toBe('spam');
    expect(understanding.escalation?.reason).toBe('post_treatment_symptoms');
  });

  it.each([
    'We do white-hat link building for clinics and guarantee page one in 60 days or your money back. Free audit?',
    'Black-hat SEO is killing your Google rankings, our team fixes it fast. Reply YES for a free audit.',
  ])('%s is no sign: a colour in a compound, money back', (text) => {
    expect(['post_treatment_symptoms', 'medical_concern']).not.toContain(reasonOf(text));
  });

  it('still reads the back as the body', () => {
    expect(reasonOf('my lower back hurts a lot since the liposuction last week')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('who is not the person meant', () => {
  it('"not me" as a contrast is no wrong number', () => {
    const understanding = read('You moved my appointment twice, you did, not me. Who runs this office?');
    expect(understanding.intent).not.toBe('wrong_number');
  });

  it.each(['Not me, you have the wrong person', 'this is not me, never filled out any form'])(
    '%s is a wrong number',
    (text) => {
      expect(read(text).intent).toBe('wrong_number');
    },
  );
});

describe('pregnancies, clots, children and someone else’s flu', () => {
  it.each([
    ['preg 20 wks now, ok to keep my whitening appointment?', 'pregnancy'],
    [
      'History of thrombosis and I take the contraceptive pill. Do I stop it before a tummy tuck?',
      'medical_concern',
    ],
    ['My wife has the flu and now I have a fever too, can I still come for my peel?', null],
  ])('%s is %s', (text, reason) => {
    if (reason) expect(reasonOf(text)).toBe(reason);
    else expect(reasonOf(text)).not.toBeNull();
  });

  it.each([
    'Beach fever is real, any specials on laser hair removal before summer?',
    'Ever since my first pregnancy I have had melasma, my kids are in school now. Would a peel help?',
    'Tengo dos hijos, el mayor tiene 5 años, y me interesa la abdominoplastia. ¿Cuánto cuesta?',
    'My wife has the flu but I feel totally fine. Still ok for my Botox tomorrow?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });
});

describe('a form whose only text is the service it chose', () => {
  it.each([
    ['Invisalign', 'Invisalign'],
    ['Carillas', 'Veneers'],
  ])('%s asks to book %s', (text, procedure) => {
    const understanding = read(text, { channel: 'form' });
    expect(understanding.intent).toBe('booking');
    expect(understanding.procedures_of_interest).toContain(procedure);
  });

  it('is not a short question about it', () => {
    expect(read('Invisalign price?', { channel: 'form' }).intent).toBe('pricing');
  });
});
