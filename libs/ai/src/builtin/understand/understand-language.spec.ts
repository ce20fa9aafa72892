import { read } from './test-helpers';

/**
 * The general readings (lexicon.ts): a sign or a worry after any treatment, dissatisfaction without complaint
 * words, indirect pregnancy, minors, changes, prices and bookings, in English and Spanish; and what must stay
 * unescalated. Sentences here are not in any fixture.
 */
describe('a concern about a past treatment', () => {
  it.each([
    'got my brows microbladed on friday and one side is crusty and smells',
    'the spot on my forehead where you injected is kind of greyish since yesterday',
    'three days since my peel and my chin looks weird, is that normal?',
    'my gums by the new filling are throbbing',
    'had a drip on monday and my arm is still tender and warm where the needle went',
    'me hice un peeling ayer y tengo la cara roja y me arde',
    'desde la cirugía tengo la herida caliente y sale líquido',
    'me pusieron botox hace una semana y el párpado se ve raro',
  ])('escalates "%s" as symptoms after a treatment', (text) => {
    const understanding = read(text);
    expect([understanding.escalation?.reason, understanding.intent, understanding.urgency_level]).toEqual([
      'post_treatment_symptoms',
      'medical_concern',
      'high',
    ]);
  });

  it.each([
    'had botox in march, no bruising or swelling at all, can I book the next one?',
    'how long does the redness last after a chemical peel?',
    'my teeth are yellow again, had whitening years ago. how much is zoom?',
    'I got filler last year and loved it, what would a touch up run me?',
    'me puse relleno el año pasado y quedé feliz, cuánto cuesta retocar?',
    'curious about downtime for a tummy tuck, is there a lot of swelling?',
  ])('does not escalate "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('dissatisfaction, billing and legal words', () => {
  it.each([
    ['paid for the full package and saw zero difference', 'complaint'],
    ['sat in your lobby for over an hour and nobody apologized', 'complaint'],
    ['pagué el tratamiento y me quedó igual, nadie me contestó', 'complaint'],
    ['you charged my card twice for one visit', 'billing_dispute'],
    ['the promo said $9 a unit but I was billed $13', 'billing_dispute'],
    ['I am contacting a law firm about this', 'legal_threat'],
  ])('"%s" → %s', (text, reason) => {
    expect(read(text).escalation?.reason).toBe(reason);
  });
});

describe('indirect pregnancy, minors and requests for a person', () => {
  it.each([
    ['we are trying for a baby, is microneedling ok?', 'pregnancy'],
    ['I am 30 weeks along and want a facial after the baby is born', 'pregnancy'],
    ['estamos buscando bebé, puedo ponerme relleno?', 'pregnancy'],
    ['tengo 16 y quiero relleno de labios', 'minor'],
    ['can somebody from the office ring me today?', 'human_requested'],
    ['que me llame alguien de la clínica por favor', 'human_requested'],
  ])('"%s" → %s', (text, reason) => {
    expect(read(text).escalation?.reason).toBe(reason);
  });

  it('a parent booking a Spanish-speaking child a cleaning is not escalated', () => {
    expect(read('quiero una limpieza para mi hijo de 9 años').escalation).toBeNull();
  });
});

describe('indirect intents', () => {
  it.each([
    ['what would a hydrafacial set me back', 'pricing'],
    ['how much swelling is normal after lip filler?', 'information'],
    ['when are you free for a botox appointment', 'booking'],
    ['can I do thursday instead of tuesday', 'reschedule'],
    ['running 10 mins behind, sorry', 'reschedule'],
    ['please take me off the schedule for friday', 'cancel_appointment'],
    ['hoy no puedo ir, cancelen por favor', 'cancel_appointment'],
    ['what are these texts about?', 'help'],
    ['take my number off your list', 'opt_out'],
    ['baja por favor', 'opt_out'],
  ])('"%s" → %s', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });
});
