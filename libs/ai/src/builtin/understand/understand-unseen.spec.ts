import { read } from './test-helpers';

/**
 * The readings added for inquiries no tuning set held (lexicon.ts: symptoms by what the person cannot do or by
 * comparison, third persons and reflexive Spanish, conditions and medications in passing, indirect pregnancy and
 * school years, polite legal threats, a charge and what is wrong with it, dissatisfaction told as a story, other
 * ways to ask for a person). Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('symptoms after a treatment told by what the person cannot do or by comparison', () => {
  it.each([
    'since the filler on wednesday my chin is bigger than yesterday and shiny',
    'my boyfriend had his jaw botox done 4 days ago and he can barely chew steak now',
    'it has been ten days since the facelift and my husband still cannot turn his neck',
    'the coolsculpting spot feels like a golf ball under the skin, been about three weeks',
    'week two of the injections from your clinic and I cannot keep anything down',
    'a mi papá le colocaron los implantes dentales y ya van cinco días con sabor feo en la boca',
    'mi hermana se puso relleno en las ojeras y ahora no puede dormir del dolor',
    'llevo una semana del láser y tengo costras que no se caen',
    "I can't stop scratching where the laser was done",
    'one of my stitches popped open after the lift',
    'my face feels stiff on one side after the injections',
    'had a peel saturday and there are tiny dots on my chin that will not go away',
  ])('escalates "%s" as symptoms after a treatment', (text) => {
    const understanding = read(text);
    expect([understanding.escalation?.reason, understanding.intent, understanding.urgency_level]).toEqual([
      'post_treatment_symptoms',
      'medical_concern',
      'high',
    ]);
  });
});

describe('current symptoms, conditions and medications in passing', () => {
  it.each([
    ['my son took an elbow to the mouth at basketball and his front tooth is wobbly', 'high'],
    ['this molar has been killing me all weekend, can you fit me in', 'high'],
    ['since lunch I cannot feel the right side of my face, is that something for you?', 'high'],
    ['I am on sertraline and metoprolol, can I still get a HydraFacial?', 'medium'],
    ['I was diagnosed with sickle cell as a kid. Is liposuction possible for me?', 'medium'],
    ['tomo litio hace años, puedo ponerme botox?', 'medium'],
    ['a mi hija se le salió un diente jugando', 'high'],
    ['creo que tengo una infección en la encía', 'high'],
  ])('escalates "%s" as a medical concern (%s)', (text, urgency) => {
    const understanding = read(text);
    expect([understanding.escalation?.reason, understanding.urgency_level]).toEqual([
      'medical_concern',
      urgency,
    ]);
  });
});

describe('pregnancy and minors said indirectly', () => {
  it.each([
    ['is a chemical peel alright for someone who is 30 weeks?', 'pregnancy'],
    ['our second little one is on the way, can I still do whitening?', 'pregnancy'],
    ['my wife is currently expecting, can she still get a HydraFacial?', 'pregnancy'],
    ['estoy de siete meses y quiero saber si puedo hacerme una limpieza', 'pregnancy'],
    ['le doy leche materna a mi niña, puedo usar el láser?', 'pregnancy'],
    ['my daughter is a freshman at Miami High and wants lip filler for homecoming', 'minor'],
    ['my stepson is in seventh grade, how much is laser hair removal for his upper lip?', 'minor'],
    ['mi hijo tiene catorce años y quiere botox, cuánto cuesta?', 'minor'],
  ])('escalates "%s" as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('polite legal threats, charges disputed in other words, dissatisfaction as a story', () => {
  it.each([
    ['My counsel will be in touch about the procedure.', 'legal_threat'],
    ['I will be contacting the health department about your sterilization.', 'legal_threat'],
    ['Esto lo va a decidir un juez, ya verán.', 'legal_threat'],
    ['There is a charge on my card from you that I do not recognize', 'billing_dispute'],
    [
      'I cancelled two weeks ahead but you still took the fee from my card. Please reverse it.',
      'billing_dispute',
    ],
    ['me aparece un cargo de ustedes que no reconozco en la tarjeta', 'billing_dispute'],
    ['You ran my card without my permission for the package.', 'billing_dispute'],
    ['The amount on the receipt does not match what I was quoted.', 'billing_dispute'],
    ['This is the third time my consult was moved by your office.', 'complaint'],
    ['The hygienist rolled his eyes when I asked a question. Not coming back.', 'complaint'],
    ['A month after the peel my skin is exactly the way it was. Expected more.', 'complaint'],
    ['Llegué puntual y me atendieron hasta las 4, no se vale.', 'complaint'],
  ])('escalates "%s" as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('other ways to ask for a person', () => {
  it.each([
    'Could Dr. Patel reach out to me directly about the tummy tuck?',
    'honestly a phone call works best for me, i hate typing',
    'is this an automated service? put me through to somebody who works there',
    'por favor que me marquen en la tarde',
    "I'd rather talk over the phone than keep texting",
    '¿Me pasan con la recepcionista?',
  ])('escalates "%s" as a request for a person', (text) => {
    expect(reasonOf(text)).toBe('human_requested');
  });
});

describe('near-misses stay with the AI', () => {
  it.each([
    'how long does bruising usually last after cheek filler?',
    '¿cuánto tiempo duran los moretones después de la lipo?',
    'had lip filler in may, barely any swelling, want to book again',
    'I have had back pain for years because of the size of my chest, what does a reduction cost?',
    'my husband has the flu, can we move his cleaning to next week?',
    'no tengo ninguna alergia ni enfermedad, cuánto cuesta el botox?',
    'typing all this on my phone is a pain, what are your hours?',
    'I am a first grade teacher and want Botox before school starts',
    'my sophomore year of college starts soon, how much is a HydraFacial?',
    'can I pay for the tummy tuck with two different cards?',
    'my mom will come with me to the consult, is that ok?',
    'loved my results, I left you a 5 star review!',
    'les dejé una reseña de cinco estrellas, ¡gracias!',
    "I'm expecting your call tomorrow about the consult",
    'Can I pay with my card even though the consult is free?',
    'Is the deposit refundable if I cancel within 48 hours?',
  ])('does not escalate "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});
