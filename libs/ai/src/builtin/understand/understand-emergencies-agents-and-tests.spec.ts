import { read } from './test-helpers';

/**
 * ADR 0066: a pressure in the chest and a throat that closes, dizziness in Spanish and Portuguese, a day written
 * short; an agent of one's own, a representative asked for in Spanish; nobody of that name living here; a test of
 * the website's form; opt-outs formal and Scots; money that is tight, a symptom settled, teeth and dental work
 * white by their shade; a question before one's own treatment.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('emergencies in more words', () => {
  it.each([
    'sitting in my car outside, pressure in my chest and my jaw feels weird, what should I do',
    'tengo una presión en el pecho que no se me quita desde hace media hora',
    'estou com um aperto no peito desde cedo',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).toBe('medical_concern');
  });

  it.each([
    'me inyectaron relleno en los labios anteayer y ahora me cuesta tragar',
    'fiz o botox no pescoço anteontem e agora está difícil... não consigo engolir direito',
    'lip filler two days ago and my throat feels tight',
  ])('%s is a sign after a treatment', (text) => {
    expect(reasonOf(text)).toBe('post_treatment_symptoms');
  });

  it('dizziness after a surgery in Spanish', () => {
    expect(reasonOf('me operaron del abdomen el martes y me mareo cada vez que me levanto')).toBe(
      'post_treatment_symptoms',
    );
  });

  it('a treatment "last wk" is a treatment in the past', () => {
    expect(reasonOf('tummy tuck last wk, my chest feels tight and I get winded on the stairs')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('agents and representatives', () => {
  it.each(['REPRESENTANTE', 'quiero hablar con un representante por favor'])(
    '%s asks for a person',
    (text) => {
      expect(reasonOf(text)).toBe('human_requested');
    },
  );

  it.each([
    'My travel agent booked me into Miami for a week, can I fit in a HydraFacial on Tuesday?',
    "I'm an insurance agent, lunch hours only. Do you do cleanings at noon?",
    'soy representante de una marca de cosméticos y me interesa el botox para mí',
  ])('%s asks for nobody', (text) => {
    expect(reasonOf(text)).not.toBe('human_requested');
  });
});

describe('not a lead', () => {
  it.each([
    'no hay ningún Rodrigo aquí, creo que tienen el número mal... aquí no vive ningún Rodrigo',
    "hey, there's no Tamara living here, you've got the wrong digits",
  ])('%s is a wrong number', (text) => {
    expect(read(text).intent).toBe('wrong_number');
  });

  it('a test of the website’s form is no patient', () => {
    expect(
      read('test from our developer, making sure the website form works properly', { channel: 'form' })
        .intent,
    ).toBe('spam');
  });
});

describe('opt-outs', () => {
  it.each(['Please remove the undersigned from your mailing lists at once.', 'nae more texts, ta'])(
    '%s stops the messages',
    (text) => {
      expect(read(text).intent).toBe('opt_out');
    },
  );
});

describe('look-alikes of a sign', () => {
  it.each([
    'Money is tight this month, how much would a breast lift with implants be?',
    'My face swelling after the facelift has finally settled and I feel great. Can I book the follow-up?',
    'My old crowns look much too white next to my real teeth. Could you replace them and what does it cost?',
    '¿Es normal que la piel quede roja después del peeling? Me lo quiero hacer antes de la boda',
  ])('%s needs no person', (text) => {
    expect(['post_treatment_symptoms', 'medical_concern']).not.toContain(reasonOf(text));
  });

  it('white gums after whitening are still a sign', () => {
    expect(reasonOf('did the whitening Saturday and my gums went white and sting')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('a birth year and nursing told by when it ends', () => {
  it('a birth year is a date of birth', () => {
    expect(reasonOf('Birth year 2012. How much are lip filler and cheek filler together?')).toBe('minor');
  });

  it.each([
    "I'd like a breast lift consult for once I'm finished breastfeeding, my son is 4 months",
    'quiero la lipo cuando termine de amamantar, mi bebé tiene 5 meses',
  ])('%s is nursing now', (text) => {
    expect(reasonOf(text)).toBe('pregnancy');
  });

  it('nursing that stopped is over', () => {
    expect(reasonOf('I stopped nursing in March, can I book a tummy tuck?')).toBeNull();
  });
});
