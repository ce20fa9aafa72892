import { INTENTS } from '@pp/contracts';
import { read } from './test-helpers';
import { understandInquiry } from './understand';

describe('understandInquiry: intents', () => {
  it.each([
    ['hw much r ur botox units?? thx', 'pricing'],
    ['what do you charge for a tummy tuck', 'pricing'],
    ['¿Cuánto cuestan las carillas de porcelana?', 'pricing'],
    ['$$ for lip filler?', 'pricing'],
    ['can i come in tmrw for dysport?', 'booking'],
    ['How much is Botox and can I book for this Saturday?', 'booking'],
    ['Quisiera agendar una valoración para rinoplastia', 'booking'],
    ['Can I move my Thursday appt to next week?', 'reschedule'],
    ['running 10 min late sorry', 'reschedule'],
    ['Tengo una cita mañana y necesito cambiarla para el viernes', 'reschedule'],
    ['Please cancel my consultation, I will reach out when I am ready to reschedule', 'cancel_appointment'],
    ['necesito cancelar mi cita del jueves', 'cancel_appointment'],
    ['Do you offer payment plans for a tummy tuck?', 'information'],
    ['what are your hours on saturday', 'information'],
    ['¿Cuánto tiempo dura el CoolSculpting?', 'information'],
    ['Does Dysport last longer than Botox?', 'information'],
    ['HELP', 'help'],
    ['Your online booking page keeps giving me an error', 'help'],
  ])('%s → %s', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });

  it('reads a bare yes to one offer as a booking, to two options as a booking it cannot place', () => {
    const reply = (offer: string) =>
      understandInquiry({
        channel: 'sms',
        text: 'yes',
        conversation: [{ from: 'practice', text: offer }],
        practiceProcedures: [],
      });
    expect(reply('Would you like a free consultation this Thursday at 3pm?')).toMatchObject({
      intent: 'booking',
      escalation: null,
      urgency_level: 'medium',
    });
    expect(
      reply('We have Tuesday at 2pm at Coral Gables or Wednesday at 10am at Brickell. Which works?'),
    ).toMatchObject({ intent: 'booking', escalation: { reason: 'low_confidence' } });
    expect(read('Yes').escalation?.reason).toBe('low_confidence');
  });

  it('reads a cancel answering an offer as an opt-out, and a cancel with a reason answering a reminder as a cancellation', () => {
    const reply = (text: string, earlier: string) =>
      understandInquiry({
        channel: 'sms',
        text,
        conversation: [{ from: 'practice', text: earlier }],
        practiceProcedures: [],
      }).intent;
    expect(reply('cancelar', '¡Solo en diciembre: 15% en HydraFacial! Agenda en solara.co/book')).toBe(
      'opt_out',
    );
    expect(reply('Cancel', 'This week only: 25% off lip filler at Solara')).toBe('opt_out');
    expect(
      reply('Cancel, something came up', 'Reminder: your cleaning is tomorrow at 9am. Reply C to confirm.'),
    ).toBe('cancel_appointment');
  });

  it('always answers with one of the intents and a confidence between 0 and 1', () => {
    for (const text of ['', '?', 'ok', 'asdf', 'Botox', 'STOP', 'hola']) {
      const understanding = read(text);
      expect(INTENTS).toContain(understanding.intent);
      expect(understanding.confidence).toBeGreaterThanOrEqual(0);
      expect(understanding.confidence).toBeLessThanOrEqual(1);
      expect(understanding).toMatchObject({ provider: 'built-in', model: 'built-in' });
    }
  });
});

describe('understandInquiry: opt-out, wrong number and spam', () => {
  it.each([
    'STOP',
    'Stop.',
    'unsubscribe',
    'stop texting me',
    'please stop sending me these texts',
    'take me off your list',
    "I'm not interested anymore, don't contact me again",
    'no more msgs pls',
    'quit texting me',
    'how do i stop getting these?',
    'BAJA',
    'No me escriban más',
    'dejen de mandarme mensajes por favor',
    'no longer need your services please remove my number',
    'No me vuelvan a llamar',
    'no thanks',
    "I'm good thanks, already booked somewhere else",
    // Portuguese: the carrier keywords and the ways of asking to be left alone.
    'PARE',
    'Sair.',
    'chega, obrigada',
    'por favor parem de me mandar promoções',
    'podem me tirar da lista de vocês? obrigado',
    'quero que apaguem meu número',
    'não quero mais receber essas mensagens',
    'não me mandem mais nada',
    'como faço pra me descadastrar?',
    // A keyword first, whatever follows; a stop to one kind of message.
    'Baja por favor, ya no vivo en Miami',
    'please stop all the promo texts, I only want appointment reminders',
    'quit sending your marketing emails',
    'opt me out',
    // Stopping by the verbs' forms: each imperative, the pronoun on either side, a subscription cancelled.
    'Dejad de enviarme ofertas, gracias',
    'deja de mandarme cosas porfa',
    'Por favor, no me mande más promociones',
    'paren de escribirme',
    'deixe de me ligar, obrigado',
    'quiero dejar de recibir estos correos',
    'cancelar mi suscripción',
    'quero cancelar a assinatura',
  ])('%s is an opt-out', (text) => {
    expect(read(text)).toMatchObject({ intent: 'opt_out', escalation: null, procedures_of_interest: [] });
  });

  it.each([
    'STOP texting me. my lip went white after the filler and it hurts',
    "unsubscribe me, I'm in the ER with chest pain since the lipo",
    'parem de mandar mensagem, meu olho está caindo desde o botox',
  ])('%s is an opt-out that still reaches a person at once', (text) => {
    expect(read(text)).toMatchObject({
      intent: 'opt_out',
      urgency_level: 'high',
      escalation: { priority: 'high' },
    });
  });

  it('keeps an opt-out with a threat or a pregnancy an opt-out alone (nothing urgent to a person)', () => {
    expect(read("stop texting me or I'll call my lawyer").escalation).toBeNull();
    expect(read("unsubscribe. also I'm pregnant so cancel my botox").escalation).toBeNull();
  });

  it('does not read a stopping told of, rather than asked for, as an opt-out', () => {
    expect(read('dejé de llamar porque nunca contestan, ¿me pueden dar cita?').intent).not.toBe('opt_out');
    expect(read('dejé de recibir los correos de confirmación, ¿sigue mi cita del jueves?').intent).not.toBe(
      'opt_out',
    );
    expect(read('¿por qué no me mandaron el enlace para pagar?').intent).not.toBe('opt_out');
  });

  it('does not read stop inside an inquiry as an opt-out', () => {
    expect(read("don't stop the reminders, I still want to book the botox").intent).toBe('booking');
    expect(read('Can Botox stop my migraines and how much is it?').intent).not.toBe('opt_out');
    expect(read('I want to stop by the Brickell office tomorrow for a consult').intent).toBe('booking');
    expect(read('quero parar de fumar antes da cirurgia, quanto tempo antes?').intent).not.toBe('opt_out');
    // 'de baja' (an opt-out) is not 'de bajar de peso' (losing weight).
    expect(read('¿cuánto cuesta al mes el programa de bajar de peso con semaglutida?').intent).toBe(
      'pricing',
    );
    expect(read('a dor não para de aumentar depois do preenchimento').intent).not.toBe('opt_out');
    expect(read('Sair do trabalho às 17h, tem horário depois disso?').intent).not.toBe('opt_out');
  });

  it('does not read words of stopping negated, however emphatically, as an opt-out', () => {
    expect(read("don't you ever stop texting me the specials, I love them").intent).not.toBe('opt_out');
    expect(read('please do not remove me from the list for the botox event').intent).not.toBe('opt_out');
    expect(read('no me den de baja, sí quiero las promociones').intent).not.toBe('opt_out');
    // The negation belongs to the stopping, not to a verb in between.
    expect(read("don't call me, stop texting me").intent).toBe('opt_out');
  });

  it.each([
    "please don't want you guys to stop the texts, they remind me to book",
    'I really do not want you to stop sending the monthly specials',
    'no, no quiero que dejen de escribirme, solo cambien la hora de la cita',
    'não quero que vocês parem de mandar as promoções, adoro',
    'no dejen de mandarme las ofertas, me sirven',
    'não parem de me enviar os lembretes, por favor',
    'no me quiero dar de baja, solo cambien mi teléfono',
    'no dejéis de mandarme los recordatorios',
  ])('%s wishes the messages to go on: not an opt-out', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it.each([
    "I don't want you to contact me again",
    'no quiero que me sigan mandando promociones',
    'não quero que me mandem nada, obrigada',
    'ya no quiero recibir sus textos',
    'não quero receber mais textos de vocês',
    // A bare 'no' before an English stop answers; it negates a Spanish or Portuguese imperative only.
    'no stop texting me',
    // An hour named past the clause is not the request's: it still stops.
    "stop texting me, it's too late to win me back",
    // The keyword as a sentence of its own comes first, whatever follows.
    'STOP. I found another dentist closer to my office anyway',
  ])('%s asks not to be written to again: an opt-out', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it.each([
    "pls don't text me this early, I work graveyard. Tuesday consult still on?",
    'stop messaging me after 10pm please, I have a newborn asleep... I mean a puppy',
    'no me escriban de madrugada por favor, sí quiero la limpieza',
    'por favor não me mandem mensagem de manhã cedo',
  ])('%s asks about when, not whether: not an opt-out', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it.each([
    "stop texting me, it's easier if you just call me",
    'no me escriban por mensaje, mejor llámenme a la casa',
    'não me mandem mensagem, prefiro que me liguem',
  ])('%s asks for a call in place of messages: a person, not an opt-out', (text) => {
    expect(read(text)).toMatchObject({
      intent: 'human_requested',
      escalation: { reason: 'human_requested' },
    });
  });

  it.each([
    'Stop texting me. And do not call me either.',
    "unsubscribe me. if you call me again I'm reporting you",
    'não me liguem mais, parem de mandar mensagem',
  ])('%s refuses calls too: an opt-out', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it.each([
    'wrong number',
    'who is this? I never signed up for anything',
    'This is not Diana. She does not have this number anymore.',
    'I think you have the wrong person',
    'Número equivocado',
    'creo que se equivocaron de número',
    'i think u got the wrong guy',
  ])('%s is a wrong number', (text) => {
    expect(read(text)).toMatchObject({ intent: 'wrong_number', procedures_of_interest: [] });
  });

  // The lead may well be the one asking: the practice's help text answers, and outreach goes on.
  it.each(['Who is this?', 'who r u', 'whos this??', '¿Quién es?', 'quem é?', 'not sure who this is'])(
    '%s asks who is writing: help, not a wrong number',
    (text) => {
      expect(read(text)).toMatchObject({ intent: 'help', escalation: null });
    },
  );

  it.each([
    'We can rank your website on the first page of Google! Reply for a free audit',
    'Earn $5000/week with bitcoin, click here',
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit',
    'sdfkjh sdkfj weoiru qwpoe',
    'Our agency builds websites for medical spas. Can I send you a proposal?',
    'Gana dinero desde casa con criptomonedas',
    'test',
  ])('%s is spam', (text) => {
    expect(read(text)).toMatchObject({ intent: 'spam', escalation: null, urgency_level: 'low' });
  });

  it.each([
    'Grow your practice with our booking widget! Free 30-day trial.\n\nYou are receiving this email because you registered for our webinar. Unsubscribe | Privacy',
    'Top-rated medical billing, 3% flat fee. Book a demo this week.\n\nOpt out: reply STOP ALL',
    'Capacitación en láser para su equipo, cupos limitados.\nRecibes este correo porque asististe a un evento. Darse de baja',
  ])('%s is bulk mail: its own opt-out footer is not the writer asking to stop', (text) => {
    expect(read(text, { channel: 'email', formFields: undefined }).intent).not.toBe('opt_out');
  });

  it.each([
    'Dear Sir/Madam, we are a leading supplier of hyaluronic acid fillers, best prices, MOQ 100 boxes.',
    'Hi, we offer SEO services to help your clinic rank higher on Google.',
    'https://bit.ly/3xyz',
  ])('%s is spam even when it names a product', (text) => {
    expect(read(text)).toMatchObject({ intent: 'spam', procedures_of_interest: [] });
  });

  it.each([
    ['Do you sell gift cards for hydrafacials?', 'information'],
    ['I saw your limited time offer on botox, is it still on?', 'pricing'],
    ['Dear Sir or Madam, I would like to book a consultation for rhinoplasty.', 'booking'],
    ['Here is the look I want https://instagram.com/p/abc123 can you do this with filler?', 'information'],
    ['¿Cuál es la inversión para el botox?', 'pricing'],
  ])('%s is a patient (%s), not spam', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });

  it('does not take a patient for spam', () => {
    expect(read('Hi, my website order for a consult did not go through, can you call me?').intent).not.toBe(
      'spam',
    );
    expect(read('plz txt me abt lip filler pricing').intent).toBe('pricing');
  });
});

describe('understandInquiry: an opt-out anywhere in the message', () => {
  it('reads the opt-out of an e-mail body under a bare STOP subject, and not a later stop by', () => {
    expect(
      read('stop emailing me every single day i swear to god. i came in ONE time', {
        channel: 'email',
        formFields: undefined,
      }).intent,
    ).toBe('opt_out');
    expect(read('STOP\n\nstop emailing me every single day i swear to god. i came in ONE time').intent).toBe(
      'opt_out',
    );
    expect(read('stop by friday? also stop texting me promos').intent).toBe('opt_out');
    expect(read('please do not remove me from the waitlist, can I stop by friday?').intent).not.toBe(
      'opt_out',
    );
  });
});
