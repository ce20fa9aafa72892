import { read } from './test-helpers';

/**
 * ADR 0061: a condition or a medicine the writer's clinician has cleared, a sign foretold for after a treatment to
 * come, a late relative's illness, marks of the sun, skin a weight loss left, what was so in childhood, old burn
 * scars, children who give a headache, how a practice keeps patients safe, a writer who will come alone, 'nothing
 * hurts', and someone else's work in the law.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a condition or a medicine the writer’s clinician has cleared', () => {
  it.each([
    'I take warfarin but my cardiologist already cleared me for a deep cleaning. When can I come in?',
    'I have type 1 diabetes. My endocrinologist said microneedling is fine for me, how much is it?',
    'Tengo diabetes, pero mi médico dice que puedo hacerme el botox sin problema. ¿Tienen cita el viernes?',
    'Tomo anticoagulantes. Mi cardiólogo dice que la limpieza está bien. ¿Tienen cita el viernes?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'I take warfarin. My cardiologist said a cleaning was fine but now my gums will not stop bleeding.',
    'My doctor said the lupus flare was ok to treat, however the rash has spread to my neck since yesterday.',
    'I take warfarin and have a cleaning next week, is that a problem?',
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('a sign foretold for after a treatment to come', () => {
  it.each([
    "I'm sure I'll be swollen for days afterward, so I'd like to book the Friday before a week off work.",
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    "I'm going to be sick, my lip has been swelling since the filler this morning.",
    "I'll be honest, I'm already swollen and it's been a week since the lift, is that normal afterward?",
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('whose illness it is', () => {
  it('a late relative’s illness is the writer’s family history', () => {
    expect(
      reasonOf('My late mom had diabetes and bad circulation, so I am careful. How much is a HydraFacial?'),
    ).toBeNull();
  });

  it('a living relative’s illness now is asked about', () => {
    expect(
      reasonOf("My dad's face has been swelling since his filler on Monday and he can't open one eye."),
    ).not.toBeNull();
  });

  it('a friend’s complication, then how the practice keeps patients safe, is a question in general', () => {
    expect(
      reasonOf(
        "My coworker had an infection after her lipo somewhere cheap. How do you keep patients safe? I'd like to do mine with you.",
      ),
    ).toBeNull();
  });
});

describe('marks, skin and scars that are what a treatment is for', () => {
  it.each([
    "Coached tennis outdoors for twenty years, so decades of sun. I've got brown spots on my cheeks and hands. IPL or a peel?",
    'I lost 70 pounds after my gastric sleeve and my chest is deflated. How much is a breast lift?',
    'I broke my nose in childhood and it has been crooked since. Do you do rhinoplasty consults on weekends?',
    "I've got burn scars on my hands from years in a bakery, all healed. Would laser hair removal there be a problem?",
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'Dark spots showed up on my cheeks two days after the chemical peel and they sting.',
    'Since the laser yesterday I have a burn on my upper lip that is blistering.',
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('figures of speech and coming alone', () => {
  it('children who give the writer a headache are not a symptom', () => {
    expect(reasonOf('My kids give me a headache every day lol. Botox on Saturday?')).toBeNull();
    expect(
      reasonOf('Mis hijos me tienen con un dolor de cabeza, necesito un facial. ¿Hay algo el sábado?'),
    ).toBeNull();
  });

  it('a headache after a treatment still is', () => {
    expect(
      reasonOf('I have had a pounding headache and blurry vision since my Botox this morning.'),
    ).not.toBeNull();
  });

  it('a writer who will come alone asks for themselves, not for the relative they mention', () => {
    expect(
      reasonOf(
        'Minha irmã está grávida e não pode, então vou sozinha. Tem horário para preenchimento labial sexta?',
      ),
    ).toBeNull();
  });

  it('a relative’s pregnancy asked about still reaches a person', () => {
    expect(
      reasonOf('Mi hermana está embarazada de cinco meses, ¿puede hacerse un facial con ustedes?'),
    ).not.toBeNull();
  });
});

describe('nothing that hurts, and someone else’s work in the law', () => {
  it.each([
    'Nothing hurts, but my dentist said two of my fillings are old. Can I book a cleaning and a check?',
    'Nothing is swollen or sore, I just want my old crown looked at. Monday?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('a booking after “nada” is still a booking', () => {
    expect(read('se me cayó un empaste pero no me duele nada, cuando me pueden ver?').intent).toBe('booking');
  });

  it('a pain after “nothing” that is not what it denies still counts', () => {
    expect(
      reasonOf('Tried everything and nothing helps, the pain in my jaw is keeping me up at night.'),
    ).not.toBeNull();
  });

  it('a friend who is a lawyer is her work, not a threat', () => {
    expect(
      reasonOf("She's a patent attorney and swears by your HydraFacial, can I book one next week?"),
    ).toBeNull();
  });

  it.each([
    "Did my filler a while back and it did nothing or I'm calling my lawyer.",
    'My husband is a lawyer and he says what you did to my lips is malpractice.',
  ])('%s is still a threat', (text) => {
    expect(reasonOf(text)).toBe('legal_threat');
  });
});

describe('opt-outs in other words, and what only looks like one', () => {
  const intentOf = (text: string) => read(text).intent;

  it.each([
    'Retirem o meu contacto da vossa lista, obrigada.',
    'Bórrame de tu lista, ya no vivo en Houston y me llegan mensajes a diario',
    'Your office emailed me three promos today. STOP. Seriously.',
  ])('%s is an opt-out', (text) => {
    expect(intentOf(text)).toBe('opt_out');
  });

  it.each([
    "Stop texting this phone, it's my daughter's. New number is (214) 555-0199 for my appointment reminders.",
    'No me llamen que ando manejando, mejor por aquí. ¿Cuánto cuesta la limpieza?',
    'Unsubscribe confirmation came through but that was my kid playing on my phone. Keep me on the list please!',
    'Wait. Stop. Is the $99 Botox deal still on? I want to book.',
  ])('%s keeps the messages going', (text) => {
    expect(intentOf(text)).not.toBe('opt_out');
  });
});

describe('an eye that blurs, however it is put', () => {
  it.each([
    'My right eye has gone sort of foggy since the tear trough filler this afternoon.',
    'Veo medio nublado del ojo izquierdo desde el botox de ayer.',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });

  it('a cloudy day is not a sign', () => {
    expect(
      reasonOf("The weather is cloudy so I can't see the eye doctor today, but can I book a facial?"),
    ).toBeNull();
  });
});
