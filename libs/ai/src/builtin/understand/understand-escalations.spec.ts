import { read } from './test-helpers';

const reason = (text: string) => read(text).escalation?.reason ?? null;

describe('understandInquiry: escalations', () => {
  it.each([
    ['I got botox 4 days ago and now my left eyelid is droopy', 'post_treatment_symptoms'],
    ['my lips r super swollen and hard after filler yesterday, is that normal??', 'post_treatment_symptoms'],
    [
      'had lipo last week and theres pus coming out of one incision and I have a fever',
      'post_treatment_symptoms',
    ],
    ['Me hice bótox hace 3 días y tengo el párpado caído', 'post_treatment_symptoms'],
    ['después de mi relleno de labios tengo un bulto y mucho dolor', 'post_treatment_symptoms'],
    [
      'My breast implant feels hard and one side is higher, it has been 3 months since surgery',
      'post_treatment_symptoms',
    ],
    [
      'I had a bbl 2 weeks ago and my butt feels hot and is really red on one side',
      'post_treatment_symptoms',
    ],
  ])('a symptom after a treatment: %s', (text, expected) => {
    const understanding = read(text);
    expect(understanding.escalation).toMatchObject({ reason: expected, priority: 'high' });
    expect(understanding).toMatchObject({ intent: 'medical_concern', urgency_level: 'high' });
  });

  it.each([
    'TOOTH PAIN SO BAD CANT SLEEP. do u take emergencies today???',
    'I fell and hit my mouth, my front tooth is loose and bleeding',
    'me duele mucho una muela desde ayer, pueden verme hoy?',
    'I think I am having an allergic reaction, my face is swelling up',
  ])('a current symptom or injury: %s', (text) => {
    expect(read(text).escalation).toMatchObject({ reason: 'medical_concern', priority: 'high' });
    expect(read(text).intent).toBe('medical_concern');
  });

  it.each([
    "I'm diabetic, can I still get a tummy tuck?",
    'I take blood thinners, is that a problem for filler?',
    'just got put on spironolactone for my skin, ok to do a chemical peel?',
    'I have gabapentin for nerve pain, can I still have lipo?',
    'I had an umbilical hernia fixed last year, can I get a tummy tuck?',
    'I recently stopped lisinopril, is microneedling ok?',
  ])('a question about the writer’s own health: %s', (text) => {
    expect(read(text)).toMatchObject({
      intent: 'medical_concern',
      escalation: { reason: 'medical_concern' },
    });
  });

  it('does not escalate questions about what to expect, negated symptoms or reasons for surgery', () => {
    expect(reason('How long does swelling usually last after a facelift?')).toBeNull();
    expect(reason('Is there a lot of bruising with lip filler?')).toBeNull();
    expect(reason('no pain no swelling after my hydrafacial, when can I book the next one?')).toBeNull();
    expect(reason('I have back pain from large breasts and want a reduction')).toBeNull();
    // 'after' a time of day is not after a treatment.
    expect(
      reason(
        'Can I come in Thursday after 5 for a consult about my eyelids? The upper lids are getting heavy.',
      ),
    ).toBeNull();
    expect(reason('my lids got heavy and swollen 2 days after the eyelid surgery')).toBe(
      'post_treatment_symptoms',
    );
    expect(reason('I broke my nose years ago and want a rhinoplasty')).toBeNull();
    expect(reason('Does laser hair removal hurt?')).toBeNull();
    expect(reason('is it normal to bruise after filler? asking before I book')).toBeNull();
    expect(
      reason('is it common for the gums to get sore after a deep cleaning? haven’t scheduled yet'),
    ).toBeNull();
    expect(reason('is it normal for my cheek to be this hard a week after filler?')).toBe(
      'post_treatment_symptoms',
    );
  });

  it('hears being fed up, not a thing laid over another', () => {
    expect(reason("honestly I'm so over this, 4 calls and no one has called me back")).toBe('complaint');
    expect(reason('can I wear a hat over it after my hair transplant?')).toBeNull();
  });

  it('reads a shape asked to be treated as a reason for the treatment, not a complaint', () => {
    expect(
      reason('my boy is 14 and his bottom teeth are crooked, do you offer clear aligners for teens?'),
    ).toBeNull();
    expect(
      reason('my nose has a bump and is a bit crooked, how much is a consult for rhinoplasty?'),
    ).toBeNull();
    // Our own work come out crooked still reaches a person.
    expect(reason('the veneers you put on last month came out crooked and I want this fixed')).not.toBeNull();
  });

  it.each([
    ['is botox safe while nursing?', 'pregnancy'],
    ['I just found out I’m pregnant, should I cancel my Morpheus8?', 'pregnancy'],
    ['Estoy lactando, puedo ponerme bótox?', 'pregnancy'],
    ['estoy embarazada, puedo hacerme limpieza dental?', 'pregnancy'],
  ])('pregnancy or breastfeeding: %s', (text, expected) => {
    expect(read(text)).toMatchObject({ intent: 'medical_concern', escalation: { reason: expected } });
  });

  it('does not escalate a pregnancy that is over or denied', () => {
    expect(reason("I'm not pregnant or nursing, can I get botox next week?")).toBeNull();
    expect(reason('Not pregnant anymore (baby is 14 months!) and ready for my mommy makeover')).toBeNull();
    expect(reason('After 3 pregnancies I want a tummy tuck')).toBeNull();
  });

  it.each([
    'my 16 year old daughter wants lip filler for prom',
    "I'm 15 and want botox, do I need my mom's permission?",
    "I'm 17, can I get laser hair removal?",
    'Tengo 16 años y quiero relleno de labios',
    'Mi hija tiene 15 años y quiere botox, se puede?',
  ])('a minor: %s', (text) => {
    expect(reason(text)).toBe('minor');
  });

  it('does not take adults, ages of other things or a child’s dental care for a minor', () => {
    expect(reason("I'm 19 and want lip filler")).toBeNull();
    expect(reason("I'm 45 and want a facelift")).toBeNull();
    expect(reason("I'm 2 years postpartum and want a mommy makeover")).toBeNull();
    expect(reason('my son is 8 and needs a cleaning')).toBeNull();
    expect(reason('Botox is 12 a unit?')).toBeNull();
    expect(reason('I broke my nose playing soccer in high school')).toBeNull();
  });

  it.each([
    ['I was charged twice for my last visit, please fix this', 'billing_dispute'],
    ['Why was I charged a $75 no show fee?? I want that reversed', 'billing_dispute'],
    ['I was told the consultation was free but I got a bill for $150', 'billing_dispute'],
    ['Me cobraron dos veces la consulta', 'billing_dispute'],
    ["I'm going to contact my lawyer about my botched nose job", 'legal_threat'],
    ["I'll be reporting you to the BBB", 'legal_threat'],
    ['Voy a demandarlos', 'legal_threat'],
    ['Terrible experience, the staff were rude and I waited 2 hours', 'complaint'],
    ["I've been waiting 3 weeks for a call back. This is ridiculous.", 'complaint'],
    ['Pésimo servicio, me hicieron esperar una hora', 'complaint'],
    ['can I talk to a real person please', 'human_requested'],
    ['Are you a bot?', 'human_requested'],
    ['I need to speak with Dr. Alvarez directly about my options', 'human_requested'],
    ['Quiero hablar con una persona, no con un robot', 'human_requested'],
  ])('%s → %s', (text, expected) => {
    const understanding = read(text);
    expect(understanding.escalation?.reason).toBe(expected);
    expect(understanding.escalation?.evidence.length).toBeGreaterThan(0);
  });

  it.each([
    ['Mi labio está muy hinchado y morado después del relleno de ayer', 'post_treatment_symptoms'],
    ['se me infectó la herida de la lipo', 'post_treatment_symptoms'],
    ['I have a cold sore, can I still get lip filler tomorrow?', 'medical_concern'],
    ['estoy muy decepcionada con los resultados de mi rinoplastia', 'complaint'],
    ['la recepcionista fue muy grosera conmigo', 'complaint'],
    ['Mi seguro no cubrió la limpieza y me mandaron una factura, eso no es correcto', 'billing_dispute'],
    ['mi abogado se comunicará con ustedes', 'legal_threat'],
    ['mi hijo de 14 años quiere quitarse el acné con láser', 'minor'],
    ['necesito hablar con un humano', 'human_requested'],
  ])('in Spanish and other words: %s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it.each([
    ["can't lift my eyelid since botox on monday", 'post_treatment_symptoms'],
    ['I feel dizzy and nauseous after my IV drip', 'post_treatment_symptoms'],
    ["there's green stuff coming out of my incision and it smells", 'post_treatment_symptoms'],
    ['got a burn from the laser, its blistering', 'post_treatment_symptoms'],
    ["I'm in my second trimester, is a hydrafacial ok?", 'pregnancy'],
    ['estoy esperando un bebé, puedo hacerme un facial?', 'pregnancy'],
    ["I'm a junior in high school and want lip filler", 'minor'],
    ['my daughter who is 15 wants botox', 'minor'],
    ["I'm on antidepressants, can I get IV therapy?", 'medical_concern'],
    ['I disputed the charge with my bank', 'billing_dispute'],
    ['you quoted me $600 but charged $800', 'billing_dispute'],
    ['my lips look uneven and overfilled, I want this fixed for free', 'complaint'],
    ['I will post about this on social media', 'complaint'],
    ["I'd like to talk to the office manager", 'human_requested'],
    ['can I get a call from someone today?', 'human_requested'],
  ])('in other words: %s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it('does not take the age of a thing for a minor, or a finished breastfeeding for a pregnancy', () => {
    expect(reason('My implants are 15 years old, should I replace them?')).not.toBe('minor');
    expect(reason('I stopped breastfeeding last year, is botox ok now?')).toBeNull();
    expect(reason("I'm a little sore after my microneedling yesterday but no big deal")).toBeNull();
    expect(reason('breast feeding is done, I want my boobs back. breast lift pricing?')).toBeNull();
    expect(
      reason(
        'My breasts are so heavy they give me neck and back pain, do you take insurance for a reduction?',
      ),
    ).toBeNull();
  });

  it('does not take a plain call-me form or a revision of another practice’s work for an escalation', () => {
    expect(read('Please call me about Botox', { channel: 'form' }).escalation).toBeNull();
    expect(
      reason("I had a rhinoplasty elsewhere and I'm unhappy with the tip. Do you do revisions?"),
    ).toBeNull();
  });

  it('escalates for low confidence only when there is something it could not read', () => {
    expect(reason('same as last time?')).toBe('low_confidence');
    expect(reason('ok so what about the other thing')).toBe('low_confidence');
    expect(reason('call me')).toBeNull();
    expect(reason('what are your hours')).toBeNull();
  });

  it('quotes the evidence as written and lists every trigger', () => {
    const understanding = read(
      'My lawyer will hear about this. I am 16 and my lips are swollen since my filler yesterday.',
    );
    expect(understanding.escalations.map((finding) => finding.reason)).toEqual(
      expect.arrayContaining(['post_treatment_symptoms', 'legal_threat', 'minor']),
    );
    expect(understanding.escalation?.reason).toBe('post_treatment_symptoms');
    expect(understanding.escalation?.evidence).toContain('swollen');
  });
});

/** Whom a symptom or a pregnancy belongs to (safety-rules.ts, aboutSomeoneElse). */
describe('understandInquiry: someone else’s illness or pregnancy', () => {
  it.each([
    'need to cancel tomorrow, my little boy woke up burning with fever',
    'can we move my facial? my husband tested positive for covid',
    'tengo que cambiar mi cita del jueves, mi mamá está con fiebre',
    'my best friend is pregnant so I am booking myself a facial while she naps, any saturday?',
    'minha irmã está grávida, eu quero marcar limpeza pra mim',
  ])('"%s" needs no person', (text) => {
    expect(read(text).escalation).toBeNull();
  });

  it.each([
    // The other person is the patient, or the writer is ill too, or a treatment is behind it.
    ['my girlfriend is pregnant, can she still get her lip filler touched up?', 'pregnancy'],
    ['mi hija está embarazada y quiere un facial', 'pregnancy'],
    [
      'my son got his tooth pulled monday and now he has a fever, do we cancel his cleaning?',
      'post_treatment_symptoms',
    ],
    ['my wife has a fever and I do too, cancel both please', 'medical_concern'],
    ['my sister thinks I might be pregnant, I am 8 weeks, is botox ok?', 'pregnancy'],
  ])('"%s" reaches a person (%s)', (text, reason) => {
    expect(read(text).escalation?.reason).toBe(reason);
  });
});

/** The writer's own smoking or vaping, asked about beside a treatment: a question for a clinician. */
describe('understandInquiry: smoking and vaping before a treatment', () => {
  it.each([
    'I still smoke a few cigarettes a day, will that mess up healing after my breast reduction?',
    'do i have to quit vaping before my rhinoplasty?',
    'soy fumadora, ¿puedo hacerme la abdominoplastia igual?',
  ])('"%s" reaches a person', (text) => {
    expect(read(text).escalation?.reason).toBe('medical_concern');
  });

  it.each([
    'I quit smoking two years ago, am I a candidate for a facelift?',
    'non smoker, 34, how much is lipo on the flanks?',
    'my boyfriend smokes, can he wait in the lobby during my consult?',
  ])('"%s" needs no person', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('understandInquiry: a message that keeps telling of someone else', () => {
  it('is read by a person past a few mentions (and its cost stays linear)', () => {
    expect(read('my sister is pregnant. I want a facial saturday').escalation).toBeNull();
    const many = 'my sister is pregnant. '.repeat(12) + 'I want a facial saturday';
    expect(read(many).escalation?.reason).toBe('pregnancy');
  });
});
