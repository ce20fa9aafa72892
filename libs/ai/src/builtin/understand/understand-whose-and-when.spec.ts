import { read } from './test-helpers';

/**
 * Whose a symptom, a pregnancy or an age is, and whether it is the writer's body now: a risk read or heard about, a
 * thing's age, a child's age told beside the writer's own request, a relative's pregnancy beside the writer's own
 * plans, the Portuguese for how long something lasts; and messages asked to go to another address, which are not
 * opt-outs. Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a risk read or heard about', () => {
  it.each([
    'saw so many horror stories on tiktok about droopy eyelids after botox, how often does that happen with you guys?',
    "I've read about the risks like infection and necrosis with filler. What do you do to prevent them?",
    'he leído sobre los riesgos de la lipo, como coágulos, ¿qué hacen ustedes para evitarlos?',
  ])('is a question, not a report: "%s"', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'i read online that some swelling is normal but my lip is purple and cold since the filler yesterday',
    'I saw on tiktok that lumps are common, but mine after my filler last week is hard and it hurts',
  ])('still escalates the writer’s own body told beside it: "%s"', (text) => {
    expect(reasonOf(text)).toBe('post_treatment_symptoms');
  });
});

describe('an age', () => {
  it.each([
    "my night guard cracked, it's 12 years old, can you make me a new one?",
    'Minha filha tem 4 anos e finalmente quero cuidar de mim, quero marcar avaliação de abdominoplastia',
    'mi hijo ya tiene 6 años y por fin quiero hacerme la lipo, ¿cuándo hay consulta?',
    'my son turned 5 last week, so I want to book a mommy makeover consult for me',
  ])('of a thing, or a child’s beside the writer’s own request, is no minor: "%s"', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });

  it.each([
    'mi hija tiene 16 y quiere rinoplastia, quisiera una consulta para ella',
    "my son is 15 and wants botox for sweating, I'd like to book him in",
    'minha filha tem 15 anos e quer fazer preenchimento labial, gostaria de marcar',
    "she's 15 and wants lip filler, how much?",
  ])('of a child asking for aesthetic care is a minor: "%s"', (text) => {
    expect(reasonOf(text)).toBe('minor');
  });
});

describe('a pregnancy', () => {
  it.each([
    "my best friend is pregnant and I'm her maid of honor, I want botox a few weeks before the shower",
    'mi prima está embarazada y yo quiero verme bien para el baby shower, ¿puedo ponerme relleno?',
  ])('of someone close, beside the writer’s own plans, is not the patient’s: "%s"', (text) => {
    expect(reasonOf(text)).not.toBe('pregnancy');
  });

  it.each([
    'my sister is pregnant, is it safe for her to get a facial?',
    'mi hermana está embarazada, ¿puede hacerse una limpieza dental?',
    "I'm pregnant with my second, can I still get my teeth cleaned?",
  ])('asked about for that person, or the writer’s own, is escalated: "%s"', (text) => {
    expect(reasonOf(text)).toBe('pregnancy');
  });
});

describe('how long something lasts, in Portuguese', () => {
  it('is a question about what to expect', () => {
    expect(
      reasonOf('quanto tempo demora o inchaço depois do preenchimento labial? ainda não fiz, só pesquisando'),
    ).toBeNull();
  });

  it('leaves a swelling the writer has now escalated', () => {
    expect(reasonOf('fiz preenchimento há 2 dias e o inchaço tá enorme e doendo muito')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('messages asked to go to another address', () => {
  it.each([
    'can you stop sending my invoices to my old work email and use my personal one instead?',
    'please quit texting my old number, use this one instead',
  ])('are not an opt-out: "%s"', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it.each(['stop sending me emails', 'please quit texting me, use email if you must'])(
    'while a stop with nowhere else to go is one: "%s"',
    (text) => {
      expect(read(text).intent).toBe('opt_out');
    },
  );
});

describe('words of stopping about something else', () => {
  it.each([
    'the itching just wont stop since the peel, is that normal?',
    'I cant stop smiling!! thank you all',
    'unsubscribed by accident lol, can you add me back to the specials list?',
    'STOP sending me the wrong appointment time, it is Thursday at 3 not Tuesday',
    'can you stop calling my work number and text my cell instead',
    'how do I opt out of the before and after photos? I signed the consent but changed my mind',
  ])('are not an opt-out: "%s"', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it.each([
    'I want to opt out of these texts',
    'i would like to unsubscribe please',
    'I already unsubscribed, why am I still getting these?',
  ])('while the writer’s own wish to stop is one: "%s"', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it('and a bulk mail’s own instruction is not the writer’s', () => {
    expect(
      read('Grow your clinic with our SEO packages!\nTo opt out, reply STOP. To unsubscribe click here')
        .intent,
    ).not.toBe('opt_out');
  });
});

describe('an opt-out written in a hurry or beside its look-alikes', () => {
  it.each([
    'stpo pls',
    'unsubcribe me',
    'remvoe me from this list',
    'vaja porfa',
    'Kindly cease all text communication to this number.',
    'no me interesa, bájenme de la lista',
    'Please stop contacting me',
    'I unsubscribed weeks ago and you keep texting me',
    'Stop, I signed up by mistake',
    'STOP. get me back my deposit or I call my bank',
    'não me mande mensagem',
    "if you don't stop texting me I'm reporting this number",
    "don't stop the appointment reminders, but please stop the promo emails",
  ])('is an opt-out: "%s"', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it.each([
    'shop hours on saturday?',
    'had a mole removed last year, can you check the scar',
    'No me den de baja porfa, le puse STOP sin querer',
    'Not trying to unsubscribe, I just want a real person to call me',
    "I'm not opting out, I'm opting in! Facelift consult please",
    'me di de baja del gimnasio jaja, mejor pruebo el Emsculpt, cuánto cuesta?',
    'estoy de baja en el trabajo hasta fin de mes, tienen cita el martes?',
    'ya no quiero que me manden los recordatorios al correo, mejor por whatsapp a este número',
    'Não quero sair da lista, só prefiro receber por e-mail',
    'stop, is this the dentist?',
    'I unsubscribed last year when I was busy, but now I would like to book a consult',
    'keep the reminders coming please, I only unsubscribed from the newsletter. is that separate?',
    'I texted STOP by accident, please keep sending the reminders',
  ])('is not an opt-out: "%s"', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });
});

describe('an illness of the past the writer says is over', () => {
  it.each([
    'Had covid last month, fully recovered now. I would like to book my microneedling session.',
    "My husband had a heart attack five years ago, he's doing great now. He wants implants, do you see older patients?",
    'Hace años tuve una alergia con un relleno pero ya se me quitó por completo. ¿Puedo ponerme ácido hialurónico?',
  ])('is not a condition to escalate: "%s"', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'I have diabetes, can I still get filler?',
    "I had covid last week and still can't taste anything, is it ok to come in for my facial?",
  ])('while one that lasts or is not over still is: "%s"', (text) => {
    expect(reasonOf(text)).toBe('medical_concern');
  });
});

describe('the words of an opt-out naming a topic or asked about', () => {
  it.each([
    'unsubscribe question\n\nI unsubscribed from the promo emails a while ago. Will I still get my appointment reminders?',
    'the unsubscribe link in your newsletter is broken, just fyi',
  ])('are not an opt-out: "%s"', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it('while the promos still coming after one is', () => {
    expect(read('I unsubscribed from the promos but I still get them every day').intent).toBe('opt_out');
  });
});
