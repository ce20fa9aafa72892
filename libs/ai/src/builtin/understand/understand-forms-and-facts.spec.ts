import { understandInquiry } from './understand';
import { OFFERED, read } from './test-helpers';

/**
 * ADR 0054: a pregnancy told by the belly and its months; trying for a baby now or later; a school year that is a
 * teacher's class; a sign told through and then gone in one sentence; a minor's braces against a minor's surgery; a
 * lawyer's own trial; an hour that is rough, not a person; an audience sold by the quantity; a number that is no longer someone's; a fever that
 * is a craze; the colour of teeth; being 100% again; how likely a sign is, asked in general; a heading in the
 * plural; a friend's story and how often it happens; a fear of what is ahead; a pain that stopped; a time since;
 * being broke. Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a pregnancy told by the belly and its months', () => {
  it.each([
    'ya ando panzoncita de 6 meses, ¿es seguro blanquearme los dientes?',
    'mi barriga de 4 meses ya se nota jaja, puedo hacerme un facial?',
    'tô de barriga, dá pra fazer limpeza de pele?',
    'fiquei de barriga de novo! posso continuar o botox?',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).toBe('pregnancy');
  });

  it.each([
    'me hice lipo en la barriga hace 3 meses y quedé feliz, quiero otra zona',
    'posso dormir de barriga pra baixo depois do preenchimento labial?',
    'quanto custa a criolipólise na barriga? faz uns 6 meses que penso nisso',
  ])('%s is not a pregnancy', (text) => {
    expect(reasonOf(text)).not.toBe('pregnancy');
  });
});

describe('trying for a baby', () => {
  it('is a pregnancy to a person when it is now', () => {
    expect(reasonOf('we’ve been trying to conceive since spring, is lip filler ok meanwhile?')).toBe(
      'pregnancy',
    );
  });

  it('is a plan, not a pregnancy, when it is for later', () => {
    expect(reasonOf('we want to start trying for a baby soon, should I do my tummy tuck first?')).toBeNull();
    expect(reasonOf('trying for a baby next year or so, so I’d like my breast lift this winter')).toBeNull();
  });
});

describe('a school year that is the class a teacher has', () => {
  it('is not the writer’s age', () => {
    expect(reasonOf('I teach 2nd grade so summers are best, can I book a hydrafacial in July?')).toBeNull();
    expect(reasonOf('soy maestra de quinto grado, ¿tienen citas de botox los sábados?')).toBeNull();
  });

  it('is still a minor’s when it is the patient’s own', () => {
    expect(reasonOf('im in 10th grade and want lip filler for prom')).toBe('minor');
  });
});

describe('a sign told through and then gone in one sentence', () => {
  it.each([
    'got some swelling from my filler last spring, took about 5 days, completely gone now. want a top up',
    'a bruise after my last botox, stayed a week or so, totally resolved. when is your next opening?',
  ])('%s is not a report of the body now', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('is still a report when another sign is there now or it came back', () => {
    expect(reasonOf('bruise from my filler, lasted a week, all gone now but my lip is numb')).not.toBeNull();
    expect(reasonOf('swelling after my lips, went away for a day, then came back worse')).not.toBeNull();
  });
});

describe('a minor writing of their own teeth', () => {
  it('asks the practice’s everyday work when it is braces, aligners or a cleaning', () => {
    expect(
      reasonOf("I'm 14 and my teeth are a bit crooked, could invisalign fix them? how long does it take?"),
    ).toBeNull();
  });

  it('reaches a person when it is surgery, or anything aesthetic', () => {
    expect(reasonOf("I'm 16 and my dentist says my wisdom teeth have to come out, can you do that?")).toBe(
      'minor',
    );
    expect(reasonOf("I'm 16, how much is lip filler?")).toBe('minor');
  });
});

describe('the writer’s own work in the law', () => {
  it('is not a threat without a grievance', () => {
    expect(
      reasonOf('Soy abogado y tengo un juicio largo el mes que viene, ¿me da tiempo de hacerme bótox antes?'),
    ).toBeNull();
  });

  it('is a threat with one', () => {
    expect(
      reasonOf('Soy abogado y si no me devuelven el dinero del tratamiento esto termina en juicio'),
    ).toBe('legal_threat');
  });
});

describe('an hour that is rough', () => {
  it('is not a complaint about anyone', () => {
    expect(reasonOf('do you have anything after lunch? mornings are rough with my commute')).toBeNull();
    expect(reasonOf('9am is rough for me, anything later on friday?')).toBeNull();
  });

  it('is one when a person was', () => {
    expect(reasonOf('the hygienist was so rough with my gums, I want to talk to the manager')).not.toBeNull();
  });
});

describe('an audience, a list or patients sold by the quantity, or a business that says it is one', () => {
  it.each([
    'Boost your TikTok fast: 5,000 active followers for $49, message us',
    'Vendemos listas de correos de pacientes de estética en Miami, 20.000 registros por $150',
    'Buen día, somos una agencia de publicidad para odontólogos y le conseguimos 40 pacientes nuevos al mes',
    'Olá! Somos uma empresa especializada em clínicas e trazemos 30 novos pacientes por mês',
  ])('%s is spam', (text) => {
    expect(read(text).intent).toBe('spam');
  });

  it('is not a patient telling of their own followers', () => {
    expect(
      read('I have like 2k followers lol, do you do a discount if I post about my lips?').intent,
    ).not.toBe('spam');
  });
});

describe('a number that is no longer someone’s', () => {
  it.each(['Este teléfono ya no es de Marisol, cambió de número', 'Esse número não é mais da Fernanda'])(
    '%s is a wrong number',
    (text) => {
      expect(read(text).intent).toBe('wrong_number');
    },
  );
});

describe('words of the body that are not a report of it', () => {
  it.each([
    'ando con fiebre de compras jaja, ¿tienen paquetes de depilación láser?',
    'total baby fever lately but not pregnant, just want a hydrafacial before my cousin’s wedding',
    'my teeth look so yellow in every photo, is zoom whitening better than strips?',
    'dientes amarillos por el café, ¿cuánto cuesta el blanqueamiento?',
    'had the flu two weeks ago but I’m 100% now, can I still come Friday for my filler?',
    'what are the chances of an infection after a tummy tuck, roughly? just researching',
    'how common is nerve damage after a facelift? I want to know before my consult',
    'Will a tooth extraction hurt a lot the next day? trying to plan work',
    'Is it true that semaglutide causes gallbladder problems? Deciding whether to sign up.',
    '¿Es verdad que el Mounjaro provoca pancreatitis? Lo estoy pensando.',
  ])('%s reaches no one', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('still reaches a person when the writer tells of their own sign now', () => {
    expect(reasonOf('I have a fever of 102 since my lipo on Monday')).not.toBeNull();
    expect(reasonOf('desde el bótox me da un dolor de cabeza horrible')).not.toBeNull();
    expect(reasonOf('my tooth is yellow and throbbing and my gum is swollen')).not.toBeNull();
    expect(
      reasonOf('what are the chances this lump is an infection? my cheek has been hot since the filler'),
    ).not.toBeNull();
  });

  it('takes a heading in the plural for the topic of a body asking in general in the singular', () => {
    const email = understandInquiry({
      channel: 'email',
      subject: 'Seromas and tummy tucks',
      text: 'What are the odds of a seroma after a tummy tuck? I want to plan my time off before I book.',
      practiceProcedures: OFFERED,
    });
    expect(email.escalation).toBeNull();
  });
});

describe('a story of someone else’s, a fear of what is ahead, a sign over, a time since, money', () => {
  it.each([
    'a coworker of mine got lumps after her lip filler somewhere else, does that happen often with you?',
    'mi hermana quedó con el párpado caído después del bótox en otro lado, ¿eso pasa mucho?',
    'honestly scared to get it done now after all the videos, how much is a lip flip?',
    'my tooth hurt for a week last month but it stopped after the root canal, just need the crown now',
    'minha cunhada teve um roxo enorme depois do preenchimento, mas já está tudo bem agora. quanto custa?',
    'machuquei o nariz jogando bola há uns 12 anos e ficou torto, a rinoplastia corrige?',
    'broke grad student here lol, any whitening specials this month?',
  ])('%s reaches no one', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('reaches a person when it is the writer’s own, now, or asked for the other person', () => {
    expect(
      reasonOf('my friend got lumps after filler here, can she come in to have them checked?'),
    ).not.toBeNull();
    expect(
      reasonOf('scared because my lip is still swollen and hard 5 days after the filler'),
    ).not.toBeNull();
    expect(
      reasonOf('the bleeding stopped for a day but it started again after the extraction'),
    ).not.toBeNull();
    expect(reasonOf('I broke my front tooth this morning biting a fork, it hurts')).not.toBeNull();
  });
});
