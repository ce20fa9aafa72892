import { read } from './test-helpers';

/**
 * A writer's own school year or school event as the mark of a minor; 'how do I stop …' as an opt-out only when
 * what is stopped is the messages; a bulk mail's footer naming 'Unsubscribe' among its other items. Sentences
 * here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a minor told by the writer’s own school year or school event', () => {
  it.each([
    'junior here lol, how much to get my lips done before summer?',
    'im a sophomore and my acne scars are so bad, do you do microneedling?',
    'how much is botox for forehead lines? want it done before prom',
    'need my teeth whitened for my senior pictures in august, how much?',
    'estou no segundo ano e queria saber o preço do preenchimento labial',
    'tô no primeiro ano do ensino médio, quanto custa a limpeza de pele?',
  ])('escalates "%s" as a minor', (text) => {
    expect(reasonOf(text)).toBe('minor');
  });

  it.each([
    "I'm a junior in college, how much is lip filler?",
    'estou no segundo ano da faculdade, quanto custa o botox?',
    "my daughter's prom is saturday, can I get a HydraFacial friday?",
    "I'm a senior on a fixed income, do you offer payment plans for implants?",
  ])('does not take "%s" for a minor', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });
});

describe('"how do I stop …"', () => {
  it.each([
    'how do i stop these texts',
    'How do I stop the reminders?',
    'how can i stop getting all the promo emails',
    'how do I stop?',
    'how do i stop this',
  ])('is an opt-out when the messages are what is stopped: "%s"', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it.each([
    'how do i stop the monthly auto-ship on my skincare order? want to skip june',
    'how can I stop my lips from looking so dry after the filler?',
    'how do I stop the membership renewing next month',
  ])('is a question when something else is stopped: "%s"', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });
});

describe('a bulk mail’s footer', () => {
  const pitch =
    'Hello team,\n\nWe help aesthetic clinics fill their calendars with qualified patients through paid social. ' +
    'Our clients see forty new consults a month on average. Would you be open to a fifteen minute call next week ' +
    'to see the numbers?\n\nCheers,\nDana, Bright Funnel Media\n';

  it.each([
    'Unsubscribe | 410 Pine St, Austin TX 78701',
    'Privacy policy · Manage preferences',
    '410 Pine St, Austin TX • Unsubscribe',
  ])('is not the writer opting out: "%s"', (footer) => {
    expect(read(pitch + footer, { channel: 'email' }).intent).not.toBe('opt_out');
  });

  it('still hears a short message that only says to unsubscribe', () => {
    expect(read('Unsubscribe | thanks', { channel: 'email' }).intent).toBe('opt_out');
  });
});
