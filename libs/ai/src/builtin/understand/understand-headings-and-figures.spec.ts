import { understandInquiry } from './understand';
import { subjectIsTheTopic } from './safety-rules';
import { OFFERED, read } from './test-helpers';

/**
 * An e-mail's subject that only names its body's topic; a treatment's own name, a place in the calendar and a
 * question about what a treatment does, none of them a sign; a heart attack and an angry look as figures; a positive
 * test and everyday words for a pregnancy; a person asked for by being put through or as the one seen before; 'this is not …' that names no one; bought
 * leads. Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('an e-mail subject that names the topic of its body', () => {
  const email = (subject: string, text: string) =>
    understandInquiry({ channel: 'email', subject, text, practiceProcedures: OFFERED });

  it('is a heading when the body asks about the same worry in general', () => {
    for (const [subject, text] of [
      [
        'Bruising after filler?',
        'Hello, does lip filler cause bruising for long? My sister’s wedding is in a month and I am deciding when to book.',
      ],
      [
        'Swelling after a tummy tuck',
        'Hi, I am comparing surgeons. How long does the swelling usually last after a tummy tuck at your practice?',
      ],
    ])
      expect(email(subject, text).escalation).toBeNull();
  });

  it('is no mere heading when it speaks of the writer, a time or haste, or the body does not name its sign', () => {
    const general = 'Does filler cause bruising for long? Trying to plan around a trip.';
    expect(subjectIsTheTopic('Bruising after filler?', general)).toBe(true);
    expect(subjectIsTheTopic('My lip is bruised', general)).toBe(false);
    expect(subjectIsTheTopic('Bruising 3 days after filler', general)).toBe(false);
    expect(subjectIsTheTopic('URGENT bruising after filler?', general)).toBe(false);
    expect(subjectIsTheTopic('Purple lip after filler', 'is that normal? got it done monday')).toBe(false);
  });

  it('keeps a symptom the body reports, whatever the subject', () => {
    expect(
      email('Bruising after filler?', 'I had filler on Monday and my whole lip is purple and hurts')
        .escalation?.reason,
    ).toBe('post_treatment_symptoms');
    expect(
      email('My lip is still bruised', 'Does filler cause bruising for this long? I had it done on Monday.')
        .escalation?.reason,
    ).toBe('post_treatment_symptoms');
  });
});

describe('words that name no sign', () => {
  it.each([
    'fiz o peeling ontem e ficou ótimo, quando posso fazer o próximo?',
    'me hice el peeling químico hace un mes, ¿cada cuánto se repite?',
    'do you have any spots open thursday for a facial?',
    'any filler spots left this week? after 4 ideally',
    'does microneedling cause redness for long? I have a work trip after',
    'is it normal that lip filler gives you a lot of swelling the first days? planning for june',
  ])('does not escalate "%s"', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    ['my face is peeling badly and burning 2 days after the chemical peel', 'post_treatment_symptoms'],
    ['got laser last week and now I have dark spots on my cheeks', 'post_treatment_symptoms'],
    ['my implant causes pain when I lie on my side, had surgery in may', 'post_treatment_symptoms'],
  ])('still reads the sign in "%s"', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('figures of speech about the heart and the face', () => {
  it.each([
    'the price for veneers almost gave me a heart attack lol, do you do financing?',
    'I nearly had a heart attack when I saw the quote for implants 😂 any payment plans?',
    'my 11s make me look angry all the time, how much for botox?',
    'people say I look angry when I’m not, would filler or botox help my resting face?',
  ])('does not escalate "%s"', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    ['I had a heart attack last year, can I still get a facelift?', 'medical_concern'],
    ['the botox made me look angry and I paid $600 for this, not happy', 'complaint'],
  ])('still escalates "%s"', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('a pregnancy told by its test or in everyday words', () => {
  it.each([
    'just got a positive test!! can I still get my lip filler next week?',
    'positive home test this morning, do I have to push my laser?',
    'two pink lines!! is teeth whitening ok now?',
  ])('is a pregnancy: "%s"', (text) => {
    expect(reasonOf(text)).toBe('pregnancy');
  });

  it.each([
    'I’m eating for two these days, is a HydraFacial ok?',
    'quedé de encargo en marzo, ¿me puedo blanquear los dientes?',
    'vou ser mãe em agosto! posso fazer limpeza de pele?',
    'estou a amamentar, posso fazer depilação a laser nas pernas?',
  ])('is read in the words people use for it: "%s"', (text) => {
    expect(reasonOf(text)).toBe('pregnancy');
  });

  it('is not a pregnancy when it is an illness', () => {
    expect(reasonOf('tested positive for covid, need to move my facial on friday')).not.toBe('pregnancy');
  });
});

describe('a person asked for', () => {
  it.each([
    '¿me podrían comunicar con la encargada?',
    'pásenme con alguien de la oficina por favor',
    'poderia me passar para a gerente?',
    'I’d like to get the same injector I had in March, is she still there?',
  ])('escalates "%s" for a person', (text) => {
    expect(reasonOf(text)).toBe('human_requested');
  });

  it('does not take moving an appointment for being put through', () => {
    expect(reasonOf('pode me passar para sexta? não consigo ir na quinta')).toBeNull();
  });
});

describe('"this is not …"', () => {
  it.each([
    "If this isn't sorted out by Friday I will dispute the charge with my bank, I was billed twice",
    'no soy muy buena con el correo, llámenme al 786 555 0199 por favor',
    "That is not what I asked for, I wanted the lip flip and you did filler. I'm really unhappy",
  ])('is no wrong number in "%s"', (text) => {
    expect(read(text).intent).not.toBe('wrong_number');
    expect(read(text).escalation).not.toBeNull();
  });

  it('is a wrong number when it names someone', () => {
    expect(read("this isn't Maria, you have the wrong number").intent).toBe('wrong_number');
  });
});

describe('leads for sale', () => {
  it('is spam', () => {
    expect(
      read('We sell verified leads of patients looking for veneers, 500 for $199 this week').intent,
    ).toBe('spam');
    expect(read('Buy 2,000 exclusive Florida leads ready to book Botox today').intent).toBe('spam');
  });
});

describe('a minor told by a parent’s presence or a birthday', () => {
  it.each([
    '16 and want my lips a little fuller for prom, do my parents have to sign something?',
    'is a chemical peel ok for my sister’s 15th bday? she has acne scars and hates them',
  ])('escalates "%s" as a minor', (text) => {
    expect(reasonOf(text)).toBe('minor');
  });

  it('does not take an adult’s birthday for a minor', () => {
    expect(reasonOf('its my 19th birthday next week, how much is lip filler?')).toBeNull();
  });
});

describe('the law as a job or a word of demand, and being fed up with a chore', () => {
  it.each([
    "I'm a criminal defense attorney, in court most mornings. Any evening slots for a HydraFacial?",
    'my attorney friend Dana recommended you, can I book a consult for Botox?',
    '¿Tienen mucha demanda los sábados? Quisiera una limpieza dental.',
    'So fed up with waxing my legs every week, how much is laser hair removal?',
  ])('does not escalate "%s"', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    ['I am a lawyer and I will see you in court over this botched filler', 'legal_threat'],
    ['voy a poner una demanda por el cobro doble', 'legal_threat'],
    ["I'm calling my lawyer", 'legal_threat'],
    ["I'm getting a lawyer", 'legal_threat'],
    ['sick of waiting for someone to call me back about my refund', 'complaint'],
  ])('still escalates "%s"', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});
