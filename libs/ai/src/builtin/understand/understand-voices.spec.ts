import { read } from './test-helpers';

/**
 * Readings added for patients' own voices (a hurried message's spellings, symptoms told obliquely, Spanish and
 * Spanglish, indirect complaints and requests): each rule with sentences that must be read and near-misses that
 * must not. Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;
const intentOf = (text: string) => read(text).intent;

describe('symptoms after a treatment told obliquely', () => {
  it.each([
    // where a treatment went is a place on the body
    'bump where the botox went is warm and pink',
    'the spot where they injected is blanching when i press it',
    'it feels like theres a marble under my skin where the kybella went',
    'theres a hole where my tooth was and it smells bad',
    // a time since a treatment, told without 'after'
    'facial was friday and now theres crusty patches on my cheeks',
    'post filler my lips have little white bumps and they hurt',
    'the botox site is itchy and red',
    'the laser burnt my skin, its blistered',
    'my cheek still numb from the dentist 2 days later',
    // what the body no longer does, what a wound does
    'after the lip flip I can’t whistle or hold water in my mouth',
    'there’s a gap in my stitches from the tummy tuck',
    'my mouth still tastes like metal days after my filling',
    'I feel really sick since the IV this morning',
    // Spanish
    'ya pasaron tres días de la extracción y sigue saliendo sangre',
    'me pusieron botox en la frente y desde ayer veo borroso',
    'se me está cayendo el párpado después del bótox',
    'siento el labio dormido desde que me pusieron el relleno',
    'ando bien hinchada desde la lipo',
    'la zona del relleno está roja y caliente',
    'me siento muy mal después del suero',
    // 'except', 'other than' end what a 'no' before them denies; a change told with 'now'; 'quedó'
    'No issues with the botox except my left eye looks smaller now',
    'no problems other than a hard lump in my lip from the filler',
    'mi labio quedó morado desde ayer',
  ])('escalates "%s" as symptoms after a treatment', (text) => {
    const understanding = read(text);
    expect([understanding.escalation?.reason, understanding.intent, understanding.urgency_level]).toEqual([
      'post_treatment_symptoms',
      'medical_concern',
      'high',
    ]);
  });

  it.each([
    // a hurried message: letters held down, a dropped g, misspellings
    'my lips r sooo swolen after the filler yesterday',
    'face is puffin up after the facial this morning',
    'got my implants 2 wks ago n the left 1 is bleedin',
    'my eye lid is droopin since botox',
    'bruse on my cheek wont go away from the injection last week',
  ])('reads the hurried "%s" as symptoms after a treatment', (text) => {
    expect(reasonOf(text)).toBe('post_treatment_symptoms');
  });

  it('quotes the evidence as written, not as respelt', () => {
    expect(read('my lips r sooo swolen after the filler yesterday').escalation?.evidence).toBe(
      'my lips r sooo swolen after the filler yesterday',
    );
  });

  it.each([
    'does it hurt getting an implant put in? like scale of 1-10',
    "what's the normal amount of swelling after a facelift?",
    "is swelling normal after a tummy tuck? I'm planning mine for June",
    'es normal tener moretones después del relleno? pregunto antes de agendar',
    'will it sting after the peel?',
    'no swelling, bruising or pain after my filler, book me again',
    'I do not want to look overdone, how much filler do you use?',
    'I was pregnant last year and now want a mommy makeover',
    'my baby turned 1 and I stopped nursing, ready for botox again',
    'no problems at all, except I want to book again',
    'mi cara quedó perfecta, gracias',
  ])('does not escalate the question or the history "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('what a treatment or a restoration does afterwards', () => {
  it.each([
    'my veneer popped off while eating and the tooth underneath is sensitive',
    'my temporary crown fell out and it hurts to breathe in cold air',
    'se me cayó una carilla y me duele el diente',
    'the weight loss shots make me so dizzy I almost passed out at work',
    'been constipated for a week since starting semaglutide',
    'my hair is falling out since the ozempic',
    'I passed out during my IV session last time, is it safe to do it again?',
    'mi esposo se desmayó después del suero',
  ])('escalates "%s" as symptoms after a treatment', (text) => {
    expect(reasonOf(text)).toBe('post_treatment_symptoms');
  });

  it.each([
    'do you do PRP for hair loss?',
    'I feel a little shaky about needles, is numbing available?',
    "is there financing? I don't want to pass out from the price lol",
    'can I drink alcohol after botox?',
    'is it ok to fly after lipo?',
  ])('does not escalate "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('privacy, hygiene, collections and follow-up', () => {
  it.each([
    ['you posted my before and after photos without my permission', 'complaint'],
    ['someone from your office shared my information with my ex', 'complaint'],
    ['publicaron mis fotos sin mi permiso', 'complaint'],
    ["the bathroom was filthy and the tools didn't look sterile", 'complaint'],
    ['I fainted in your waiting room on Tuesday and nobody followed up', 'complaint'],
    ['my insurance denied the claim and now you are sending me to collections', 'billing_dispute'],
    ["CareCredit charged me interest that your office said wouldn't apply", 'billing_dispute'],
    ['me mandaron a cobranza y yo ya había pagado', 'billing_dispute'],
    ['this is a HIPAA violation', 'legal_threat'],
    ['I started a new blood pressure med, do I need to tell you before my surgery?', 'medical_concern'],
    ['tengo alergia a la anestesia, me pueden atender?', 'medical_concern'],
  ])('escalates "%s" as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it.each([
    'my teeth look dirty and yellow, how much is whitening?',
    'I sent my photos for a virtual consult, did you get them?',
    'I shared my info on your form yesterday, when will someone reach out?',
    'how much do you charge for the RHA collection?',
    "I was told it's 0% interest with CareCredit, is that right?",
    'my skin is so dull and gross lately, would a hydrafacial help?',
  ])('does not escalate "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('current conditions, injuries and medications', () => {
  it.each([
    ['mi hijo se pegó en la boca y se le está moviendo un diente', 'high'],
    ["I'm on Ozempic from my primary doctor, can I still get filler?", 'medium'],
    ['estoy tomando mounjaro, puedo hacerme la lipo?', 'medium'],
  ])('escalates "%s" as a medical concern (%s)', (text, urgency) => {
    const understanding = read(text);
    expect([understanding.escalation?.reason, understanding.urgency_level]).toEqual([
      'medical_concern',
      urgency,
    ]);
  });

  it.each([
    "I'm on ozempic from another clinic, how much is yours?",
    'My boy is 16 and broke his nose playing football last year; can we book a consult for a nose job?',
  ])('does not read "%s" as a medical concern', (text) => {
    expect(reasonOf(text)).not.toBe('medical_concern');
  });
});

describe('pregnancy and minors in other words', () => {
  it.each([
    ['estoy esperando mi segundo bebé, puedo blanquearme los dientes?', 'pregnancy'],
    ['my wife is nursing our newborn, can she get a hydrafacial?', 'pregnancy'],
    ['my daughter wants botox for her 16th birthday', 'minor'],
    ['My daughter turns 17 next month and wants lip filler', 'minor'],
    ['tengo quince y quiero depilarme', 'minor'],
    ['soy estudiante de secundaria y quiero un hydrafacial', 'minor'],
    ['my little sister (16) wants a chemical peel', 'minor'],
    ['my son is a freshman and wants baby botox', 'minor'],
    ['quiero reservar un hydrafacial para mi hija para sus quince', 'minor'],
  ])('escalates "%s" as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it.each([
    'my daughter just turned 19 and wants botox',
    'my son is a freshman in college and wants a hydrafacial',
    'tengo quince días con este dolor de cabeza, no es por un tratamiento, solo quiero precio del botox',
    'my baby turned 1 last week, when can I book my tummy tuck?',
  ])('does not read "%s" as a minor', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });

  it('reads a pregnancy with a request to come in as a booking, and a safety question as a medical question', () => {
    expect(intentOf('We are expecting in October. Can I come in for a mommy makeover consult now?')).toBe(
      'booking',
    );
    expect(intentOf("I'm 30 weeks along, can I still come in for my cleaning?")).toBe('medical_concern');
    expect(intentOf('found out im pregnant, do i need to cancel my laser next week')).toBe('medical_concern');
    expect(intentOf('is there any issue getting dysport while breastfeeding?')).toBe('medical_concern');
  });
});

describe('legal threats and billing disputes in other words', () => {
  it.each([
    ['expect to be served', 'legal_threat'],
    ['I will be reporting this to the Florida board of medicine', 'legal_threat'],
    ['this is negligence and I am pursuing it', 'legal_threat'],
    ['I am filing a claim with my insurance company against your office', 'legal_threat'],
    ['los voy a reportar al departamento de salud', 'legal_threat'],
    ['you guys double billed me', 'billing_dispute'],
    ['I was charged for a service I never received', 'billing_dispute'],
    ['why did I get a bill for $300? I was told it was covered', 'billing_dispute'],
    ['i never got my refund that you promised', 'billing_dispute'],
    ['CAN I GET MY MONEY BACK FOR THE PEEL, ZERO RESULTS', 'billing_dispute'],
    ['You charged my card again?? I already paid for this', 'billing_dispute'],
    ['I would like a refund for the two unused sessions', 'billing_dispute'],
    ['the price on my invoice is wrong', 'billing_dispute'],
    ['I was billed for a no-show but I had called to cancel', 'billing_dispute'],
    ['you billed my insurance for a filling but I only had a cleaning', 'billing_dispute'],
    ['me cargaron la consulta y yo sí cancelé a tiempo, revisen eso', 'billing_dispute'],
    ['vi dos cargos repetidos en mi tarjeta', 'billing_dispute'],
  ])('escalates "%s" as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it.each([
    'how do I get a refund if I cancel my deposit within 48 hours?',
    "I'd like a refund if I cancel, how does that work?",
    'I have a complaint against my old dentist, can you fix my crown?',
    'is the $11 a unit price at both locations?',
  ])('does not escalate "%s"', (text) => {
    expect(read(text).escalation).toBeNull();
  });
});

describe('complaints without complaint words', () => {
  it.each([
    'honestly my results are underwhelming for what I paid',
    'the injector didn’t listen to what I wanted',
    "I've been on hold for 40 minutes",
    'you cancelled my appointment twice without telling me',
    'Your staff was extremely condescending',
    'I specifically said one syringe and she used two',
    'nobody ever told me it would cost extra',
    "Why hasn't anyone gotten back to me? It's been a week",
    'I keep calling and nobody picks up',
    'the front desk acts like they are doing you a favor',
    'paid a lot for veneers that look fake',
    'me siento estafada con el paquete de láser',
    'nunca me regresaron la llamada',
    'me tuvieron esperando una hora',
    'el doctor no me explicó nada',
    'el blanqueamiento no me hizo nada, tiré mi dinero',
    'I sat in your waiting room for 45 minutes past my time',
    'want to rebook, but last visit someone messed up my booking and I drove in for nothing',
    'why do your reminder texts show up at 5am??',
    'who approved this? the promo calls start before 6 am',
    'esperé casi una hora y nadie me explicó nada',
    'esperei mais de 40 minutos na recepção',
    'ninguém me retornou desde segunda',
    'atendimento péssimo na unidade de Brickell',
  ])('escalates "%s" as a complaint', (text) => {
    expect(reasonOf(text)).toBe('complaint');
  });

  it.each([
    "I'm not happy with my wrinkles, what do you suggest?",
    'my lips are naturally uneven, can filler fix that?',
    'my smile is crooked, would veneers help?',
    "I'm so frustrated with my acne scars, would microneedling help?",
    'I was disappointed with my last injector (not you guys), hoping for better here',
    "I'd rather talk over the phone than keep texting",
    'will my veneers look fake?',
    'tengo los dientes torcidos, me ayudaría invisalign?',
    'tengo la nariz torcida de nacimiento, cuánto cuesta la rinoplastia?',
    'can I book at 9am? I can sit in the lobby if you run late',
    'texts at 8am are fine, I am up early',
    'how long will I sit in the chair for veneers?',
  ])('does not read "%s" as a complaint', (text) => {
    expect(reasonOf(text)).not.toBe('complaint');
  });

  it('still reads being unhappy with a result as a complaint', () => {
    expect(reasonOf('mi nariz está torcida desde la rinoplastia')).toBe('complaint');
    expect(reasonOf("I'm not happy with how my lips turned out")).toBe('complaint');
    expect(reasonOf('Paid for 40 units and my forehead still moves. Not happy.')).toBe('complaint');
  });
});

describe('requests for a person in other words', () => {
  it.each([
    'I’d like a quick phone call with the injector before I decide',
    'connect me with Dr. Reyes',
    'I want to speak to the surgeon directly',
    'could I get someone on the phone',
    '¿hay alguien de carne y hueso que me conteste?',
    'quisiera que la doctora me llame para platicar',
    '¿me puede marcar alguien?',
    'you a robot?',
  ])('escalates "%s" as a request for a person', (text) => {
    expect(reasonOf(text)).toBe('human_requested');
  });

  it.each(['can I speak Spanish with someone at the office?', 'Please call me to schedule my botox'])(
    'does not read "%s" as a request for a person',
    (text) => {
      expect(reasonOf(text)).not.toBe('human_requested');
    },
  );
});

describe('intents in other words', () => {
  it.each([
    ['Saw the tox event. Is the $11 a unit at both locations?', 'pricing'],
    ['cuánto me cobrarían por unas carillas', 'pricing'],
    ['is it normal to bruise after filler? asking before i book', 'information'],
    ['do I need a referral for a breast reduction?', 'information'],
    ['sin dolor ni hinchazón, todo perfecto. quiero otra cita para el hydrafacial', 'booking'],
    ['mi hijo de 13 quiere operarse la nariz, hacen consultas?', 'booking'],
    ['¿tienen citas los sábados para limpieza?', 'booking'],
    ['do you have a cancellation list? want to get in sooner for my consult', 'booking'],
    ['my son has a cold so we need to move his cleaning to next week', 'reschedule'],
    ['¿podemos cambiar su cita para el lunes?', 'reschedule'],
    ['mi cita es mañana a las 10, la puedo pasar para la tarde?', 'reschedule'],
    ['lo que hablamos el otro día, ¿sí se puede?', 'information'],
    ['what r these msgs', 'help'],
    ['the booking link isnt loading for me', 'help'],
    ['quítenme de sus mensajes', 'opt_out'],
    ['no mas mensajes x favor', 'opt_out'],
    ['unsub', 'opt_out'],
    ['Ofrecemos servicios de marketing digital para su clínica', 'spam'],
    ["Who? I've never been to a med spa in my life", 'wrong_number'],
    ['I think you have me confused with someone else', 'wrong_number'],
    ["I've never been to a med spa before, does botox hurt?", 'information'],
  ])('reads "%s" as %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it('reads a pointer at something not in the message as needing a person', () => {
    expect(reasonOf('can u do me what u did in march')).toBe('low_confidence');
    expect(intentOf('can u do me what u did in march')).toBe('booking');
    expect(reasonOf('lo que hablamos el otro día, ¿sí se puede?')).toBe('low_confidence');
  });
});

describe("today's and tomorrow's appointments", () => {
  it('reads a possessive day as the appointment it names', () => {
    const cancel = read("I have to cancel today's appointment, sorry");
    expect([cancel.intent, cancel.urgency_level]).toEqual(['cancel_appointment', 'high']);
    const move = read("can I move tomorrow's consult to friday?");
    expect([move.intent, move.urgency_level]).toEqual(['reschedule', 'medium']);
  });
});

describe('urgency of a booking on a named day', () => {
  it('is medium for coming in on a weekday, low for any week’s weekday', () => {
    expect(read('my daughter is 19, can she come in with me saturday for botox?').urgency_level).toBe(
      'medium',
    );
    expect(read('Do you have any Saturday availability for a HydraFacial?').urgency_level).toBe('low');
    expect(read('Tengo disponibilidad los jueves para una limpieza').urgency_level).toBe('low');
  });
});
