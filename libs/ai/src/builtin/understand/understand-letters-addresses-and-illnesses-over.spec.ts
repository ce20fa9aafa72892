import { onlyOfSomeoneElse } from './safety-rules';
import { read } from './test-helpers';

/**
 * ADR 0060: a keyword spelt out a letter at a time, idioms of too many messages, a 'STOP' standing alone after a
 * message about the messages, another address given in place of the old one (an e-mail address is not a link), a
 * message reported rather than asked for, 'dar de baja' of something that is not the messages, the writer's own
 * title in the law, what has been so since youth, an illness told as over whichever rule read its word, someone
 * close named with an apostrophe left out, and a price that hurts the wallet.
 * Sentences here are in no fixture.
 */
const intentOf = (text: string) => read(text).intent;
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('words of stopping', () => {
  it.each([
    'U N S U B S C R I B E',
    's.t.o.p',
    'stop flooding my inbox with these specials',
    'quit bombarding me with coupons, I never asked for them',
    'The girl at the desk was short with me and now I get three texts a day. STOP.',
  ])('%s is an opt-out', (text) => {
    expect(intentOf(text)).toBe('opt_out');
  });

  it.each([
    'Stop texting my wife about the promos, she is not the patient. Text them to me at this number instead.',
    'Quit sending my reminders to mgarcia@oldjob.net, I changed jobs. Use m.garcia.home@outlook.com going forward.',
    'Me llegó un correo que dice que me van a dar de baja. Yo quiero seguir recibiendo las promociones, ¿qué pasó?',
    'Este mes voy a dar de baja mi plan de celular viejo, ¿el número nuevo se los mando por aquí?',
  ])('%s keeps the messages going', (text) => {
    expect(intentOf(text)).not.toBe('opt_out');
    expect(intentOf(text)).not.toBe('spam');
  });

  it.each(['Quiero dar de baja mi número de su lista, gracias', 'Dar de baja mi correo por favor'])(
    '%s is still an opt-out',
    (text) => {
      expect(intentOf(text)).toBe('opt_out');
    },
  );

  it('two e-mail addresses are the writer’s contact, not links', () => {
    const text =
      'My old address is pat.r@formerwork.org and the new one is pat.rivera@gmail.com, please update my file.';
    expect(intentOf(text)).not.toBe('spam');
  });
});

describe('an illness told as over, whichever rule read its word', () => {
  it.each([
    'Had a nasty gum abscess in 2021, all fixed then. Looking for Invisalign pricing now.',
    'Got a cold sore in September, long gone. Any openings for lip filler before the holidays?',
    'Mi esposo tuvo un cáncer hace años y gracias a Dios está sano. Él quiere saber el precio del Botox.',
    'Hace dos años se me infectó una muela, pero ya sanó hace mucho. ¿Cuánto cuesta un implante?',
    "The sore on my gum I mentioned in March went away on its own. I'd like to book a cleaning.",
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'Had covid in June, all fixed then, but since yesterday my lip filler spot is hot and spreading',
    'My abscess from last year went away on its own but now the gum is swollen again and I have a fever',
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('what has been so since youth', () => {
  it.each([
    "29, I've had a bump on my nose since I was a teen, it doesn't hurt. What does a rhinoplasty run?",
    "My chin has been that way for years, nothing new. I'm curious about filler for it.",
  ])('%s is a reason for a treatment, not a symptom', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('what has been so for years and changed lately still reaches a person', () => {
    expect(
      reasonOf("I've had implants since I was young and suddenly the right one is swollen and hurts"),
    ).not.toBeNull();
  });
});

describe("the writer's own title in the law", () => {
  it.each([
    'Attorney here, asking for myself. Could you send me your cancellation policy before I book Dysport?',
    'Sou advogada e trabalho até tarde. Vocês atendem depois das 18h para limpeza?',
    'Hello team, paralegal here, asking about my own visit: do you do Botox on Saturdays?',
  ])('%s threatens nothing', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('a lawyer named with a grievance is still a threat', () => {
    expect(reasonOf('Attorney here. You botched my lips and I expect a refund or we go to court.')).toBe(
      'legal_threat',
    );
  });
});

describe('someone close, the apostrophe left out', () => {
  it("a relative's pregnancy written without its apostrophe is still theirs", () => {
    // The learned reader's facts read the message as the rules fold its words, apostrophes gone (combine.ts).
    expect(
      onlyOfSomeoneElse(
        'my wifes pregnant so shes sitting it out but i want the peel myself',
        /\bpregnan\w*/,
      ),
    ).toBe(true);
    expect(onlyOfSomeoneElse('my wifes pregnant and so am i', /\bpregnan\w*/)).toBe(false);
  });
});

describe('a price that hurts the wallet', () => {
  it.each([
    'Me duele el bolsillo nada más de pensar en las carillas, ¿tienen financiamiento?',
    'Dói no bolso só de pensar na lipo. Vocês parcelam?',
    'ngl that quote hurts my wallet, is there a payment plan for the tummy tuck?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'Me duele la muela desde anoche y no puedo masticar',
    'Lipo was 9 days ago and there is a fluid pocket on my side that hurts',
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});
