import { findOptOut } from './safety-rules';
import { read } from './test-helpers';

/**
 * ADR 0057: words of stopping that ask for nothing to stop (the writer wants the messages to go on and only asks
 * about a word of stopping, quotes it or tells it as a mistake; another channel preferred; a name taken off a
 * waitlist; time off work after a treatment), and a cancer the writer says is over. Sentences here are in no
 * fixture.
 */
const intentOf = (text: string) => read(text).intent;
const reasonOf = (text: string) => read(text, { channel: 'email' }).escalation?.reason ?? null;

describe('the messages wanted to go on', () => {
  it.each([
    // An e-mail's subject asks about the word; the body refuses it.
    'Re: Unsubscribe?\nNo, I definitely do not want to unsubscribe. My daughter was playing with my phone. Keep sending me the reminders please.',
    'Re: ¿Darse de baja?\nNo quiero darme de baja, fue mi nieto jugando con el celular. Sigan mandándome los recordatorios.',
    'Re: Sair da lista?\nNão quero sair da lista de jeito nenhum. Continuem mandando as promoções, por favor.',
    // A button's name quoted, or a removal told as a mistake.
    "I clicked 'unsubscribe' in your newsletter but I want to keep getting the deals, can you fix it?",
    'Mi esposo me dio de baja por error, yo sí quiero seguir recibiendo las ofertas.',
  ])('%s is not an opt-out', (text) => {
    expect(findOptOut(text)).toBeNull();
  });

  it.each([
    // What the writer does ask to stop still stops, whatever they keep.
    'Please take me off the promo texts. I want to keep getting the appointment reminders though.',
    'Unsubscribe me from the newsletter. Keep sending the reminders for my cleanings.',
    'Dejen de mandarme promociones, pero quiero seguir recibiendo los recordatorios de mis citas.',
  ])('%s is still an opt-out', (text) => {
    expect(findOptOut(text)).not.toBeNull();
  });
});

describe('words of stopping about something else', () => {
  it.each([
    // Another channel preferred.
    "Can you guys stop calling my cell? I prefer texts. Also what's the price of a HydraFacial?",
    'Stop emailing me at my old job, email works better at my personal one. Thanks!',
    // A name off a waitlist, a schedule.
    'Please remove my name from the waiting list for Friday, I already got in on Monday.',
    // Time off work after a treatment.
    '¿Cuántas semanas de baja necesito después de la abdominoplastia? Trabajo en una tienda.',
  ])('%s is not an opt-out', (text) => {
    expect(intentOf(text)).not.toBe('opt_out');
  });

  it.each([
    'Stop texting me. Remove my name from your list.',
    'please remove my number from your texts',
    'Denme de baja, ya no quiero mensajes.',
  ])('%s is an opt-out', (text) => {
    expect(intentOf(text)).toBe('opt_out');
  });
});

describe('a cancer the writer says is over', () => {
  it.each([
    'My aunt survived breast cancer eight years ago and wants a facelift consult. Do you have Saturdays?',
    'Tuve cáncer de tiroides en 2015 y estoy en remisión desde entonces. ¿Cuánto cuesta el botox?',
    'Meu pai venceu o câncer há 6 anos e quer fazer implante dentário, quanto custa?',
    'Had a melanoma removed 9 yrs ago, clear every year since. What would you suggest for sun spots, IPL or a peel?',
  ])('%s reaches no one', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'I beat breast cancer in 2018 but it came back last month, can I still get a lift?',
    'Just finished chemo for breast cancer last week, can I get botox for my wedding?',
    // The words of being over, negated.
    'I had breast cancer last year and it is not cured yet, can I get botox?',
    'Tuve cáncer el año pasado y no estoy curada todavía, ¿puedo hacerme botox?',
    'I had cancer in 2023, never in remission, can I get botox?',
  ])('%s still reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});
