import { ESCALATION_REASONS, INTENTS, type Intent } from '@pp/contracts';
import {
  blendIntent,
  learnedEscalation,
  learnedNotALead,
  learnedOptOut,
  learnedSpam,
  learnedWrongNumber,
} from './combine';
import { understandInquiry } from '../builtin/understand/understand';
import type { LearnedReading } from './learned-reader';
import { expand } from '../builtin/understand/text';

/** A reading sure of one intent (the rest shared), with a P(must escalate) and its likely reason. */
function reading(
  intent: Intent,
  sure: number,
  mustEscalate = 0.01,
  reason: LearnedReading['likelyReason'] = 'complaint',
) {
  const intents = Object.fromEntries(INTENTS.map((name) => [name, name === intent ? sure : (1 - sure) / 11]));
  const escalations = Object.fromEntries(
    ESCALATION_REASONS.map((name) => [name, name === reason ? mustEscalate : 0]),
  );
  return {
    intents,
    escalations: { ...escalations, none: 1 - mustEscalate },
    mustEscalate,
    likelyReason: reason,
    threshold: 0.4,
  } as LearnedReading;
}

/** A day the messages below came in (a date of birth reads as an age on it). */
const RECEIVED = new Date('2026-11-15T12:00:00Z');

/** The reader's escalation of a message already lower case and unaccented (as the rules fold it). */
const escalationOf = (
  learned: LearnedReading,
  findings: Parameters<typeof learnedEscalation>[1],
  message: string,
  on = RECEIVED,
) => learnedEscalation(learned, findings, message, message, on);

describe('joining the rules’ reading and the learned reader’s', () => {
  it('keeps the rules’ intent when the reader agrees, with a high confidence', () => {
    expect(blendIntent({ intent: 'pricing', confidence: 0.9 }, reading('pricing', 0.95))).toMatchObject({
      intent: 'pricing',
      // Half the rules' 0.9, half the reader's 0.95 over the intents that do not stop outreach.
      confidence: expect.closeTo(0.93, 2) as number,
    });
  });

  it('lets a much surer reader override unsure rules, and a disagreement lowers the confidence', () => {
    expect(blendIntent({ intent: 'information', confidence: 0.35 }, reading('booking', 0.9)).intent).toBe(
      'booking',
    );
    const split = blendIntent({ intent: 'information', confidence: 0.8 }, reading('booking', 0.6));
    expect(split.intent).toBe('information');
    expect(split.confidence).toBeLessThan(0.6);
  });

  it('never blends into an intent that stops outreach', () => {
    expect(
      blendIntent({ intent: 'information', confidence: 0.35 }, reading('opt_out', 0.99)).intent,
    ).not.toBe('opt_out');
  });

  it('makes an opt-out only when the reader is sure and the message has a word of stopping', () => {
    expect(learnedOptOut(reading('opt_out', 0.9), 'please do not text me again')).toBe(true);
    expect(learnedOptOut(reading('opt_out', 0.9), 'who is this')).toBe(false);
    expect(learnedOptOut(reading('opt_out', 0.5), 'please stop')).toBe(false);
  });

  it('does not escalate a pregnancy the writer denies on the reader’s word alone', () => {
    const pregnancy = reading('information', 0.5, 0.6, 'pregnancy');
    expect(escalationOf(pregnancy, [], "i'm not pregnant or nursing, is kybella safe long term?")).toBeNull();
    expect(escalationOf(pregnancy, [], 'no estoy embarazada, puedo hacerme botox?')).toBeNull();
    expect(escalationOf(pregnancy, [], 'baby #2 on the way, how much is a hydrafacial?')).toMatchObject({
      reason: 'pregnancy',
    });
  });

  it('does not escalate a minor or a pregnancy the message does not state on the reader’s word alone', () => {
    const minor = reading('booking', 0.5, 0.6, 'minor');
    // An adult told by an age or by college.
    expect(escalationOf(minor, [], 'my daughter just turned 18 and wants lip filler, saturday?')).toBeNull();
    expect(escalationOf(minor, [], 'my son is 19 and home from college in may, can he book')).toBeNull();
    expect(escalationOf(minor, [], 'acabo de cumplir 18 y quiero relleno de labios')).toBeNull();
    // No word of an age, a school or a child at all.
    expect(escalationOf(minor, [], 'mi novio says i am crazy lol but i want lip filler')).toBeNull();
    // Told obliquely, or an adult beside a minor: it still counts.
    expect(escalationOf(minor, [], 'class of 2029 here, want my lips done')).toMatchObject({
      reason: 'minor',
    });
    expect(escalationOf(minor, [], 'born in 2010, want laser on my underarms')).toMatchObject({
      reason: 'minor',
    });
    // A date of birth is an age on the day the message came in, not a list of years.
    expect(
      escalationOf(minor, [], 'born in 2010, want laser on my underarms', new Date('2029-06-01')),
    ).toBeNull();
    expect(escalationOf(minor, [], 'dob 02/03/2007 and i want lip filler for my birthday')).toBeNull();
    expect(
      escalationOf(minor, [], 'im 45 and my daughter is 16, we both want botox, can we come together'),
    ).toMatchObject({ reason: 'minor' });

    const pregnancy = reading('information', 0.5, 0.6, 'pregnancy');
    expect(escalationOf(pregnancy, [], 'llego en 5, estoy buscando parqueo')).toBeNull();
    // Over, by the writer's words.
    expect(
      escalationOf(pregnancy, [], 'my baby turned 1 and i stopped nursing in feb, botox again!'),
    ).toBeNull();
    expect(escalationOf(pregnancy, [], 'had the baby in june, formula fed, want a tummy tuck')).toBeNull();
    expect(
      escalationOf(pregnancy, [], 'stopped pumping but still nursing at night, is filler ok'),
    ).toMatchObject({
      reason: 'pregnancy',
    });
    expect(escalationOf(pregnancy, [], 'pumping every 3 hrs still lol, can i do the drip')).toMatchObject({
      reason: 'pregnancy',
    });
    expect(
      escalationOf(pregnancy, [], 'estou no segundo trimestre da gestacao, posso clarear?'),
    ).toMatchObject({ reason: 'pregnancy' });
  });

  it('does not take a relative’s pregnancy, a child’s cleaning or a school years back for the patient’s', () => {
    const pregnancy = reading('booking', 0.5, 0.6, 'pregnancy');
    expect(
      escalationOf(
        pregnancy,
        [],
        "my cousin's baby shower is next month and i want to look fresh, filler 3 weeks before?",
      ),
    ).toBeNull();
    expect(escalationOf(pregnancy, [], 'my cousin is pregnant, is a facial ok for her?')).toMatchObject({
      reason: 'pregnancy',
    });
    const minor = reading('booking', 0.5, 0.6, 'minor');
    expect(escalationOf(minor, [], 'necesito cita de limpieza para mis dos hijos de 7 y 9 anos')).toBeNull();
    expect(
      escalationOf(
        minor,
        [],
        'got my braces off in middle school like 15 years ago and my teeth shifted, invisalign price?',
      ),
    ).toBeNull();
    expect(escalationOf(minor, [], 'my daughter is 15 and wants her lips done')).toMatchObject({
      reason: 'minor',
    });
    expect(
      escalationOf(minor, [], 'im 16 and need my wisdom teeth out, do i need my mom there?'),
    ).toMatchObject({
      reason: 'minor',
    });
  });

  it('does not take a symptom the rules read as negated, gone or heard of for the writer’s on the reader’s word', () => {
    const symptom = reading('information', 0.5, 0.6, 'post_treatment_symptoms');
    expect(
      escalationOf(
        symptom,
        [],
        'zero swelling and no bruising at all after my lips, love them! when can i book my top up?',
      ),
    ).toBeNull();
    expect(
      escalationOf(
        symptom,
        [],
        'saw horror stories online about droopy eyelids after botox, how common is that?',
      ),
    ).toBeNull();
    // Words of the body the rules do not read as a symptom: the reader's reading stands.
    expect(
      escalationOf(symptom, [], 'that spot on my cheek looks like a purple net since friday'),
    ).toMatchObject({
      reason: 'post_treatment_symptoms',
    });
  });

  it('does not take a relative’s illness, set aside by one rule and passed over by another, for the writer’s', () => {
    const symptom = reading('reschedule', 0.5, 0.6, 'medical_concern');
    expect(
      escalationOf(
        symptom,
        [],
        'my dad woke up with a fever and i have to drive him to the doctor, can i move my 2pm',
      ),
    ).toBeNull();
    // The writer's own sign, told with a negation, is still left to the reader.
    expect(
      escalationOf(symptom, [], "i haven't kept anything down since tuesday, not even water"),
    ).toMatchObject({ reason: 'medical_concern' });
  });

  it('does not take a treatment named for a baby for a pregnancy', () => {
    const pregnancy = reading('information', 0.5, 0.6, 'pregnancy');
    expect(
      escalationOf(pregnancy, [], 'is 25 too early for baby tox? just want to prevent lines'),
    ).toBeNull();
    expect(escalationOf(pregnancy, [], 'baby botox now, the real thing after my baby is born')).toMatchObject(
      {
        reason: 'pregnancy',
      },
    );
  });

  it('does not take a child’s first teeth for a pregnancy', () => {
    const pregnancy = reading('booking', 0.5, 0.6, 'pregnancy');
    expect(
      escalationOf(
        pregnancy,
        [],
        'checkup for my 6 year old, two baby teeth are loose and the new ones are coming in',
      ),
    ).toBeNull();
    expect(
      escalationOf(pregnancy, [], 'mi hijo tiene 7 y se le mueven los dientes de leche, ¿lo ven?'),
    ).toBeNull();
    expect(
      escalationOf(pregnancy, [], 'my baby teeth never fell out, and I am pregnant now, can I get implants?'),
    ).toMatchObject({ reason: 'pregnancy' });
  });

  it('takes the reader’s legal threat only from a message with a word of the law, a lawyer or an authority', () => {
    const threat = reading('complaint', 0.5, 0.6, 'legal_threat');
    expect(
      escalationOf(threat, [], 'my boss moved my shift AGAIN, i could scream. anyway how much is a cleaning'),
    ).toBeNull();
    for (const message of [
      'our firm represents mr. diaz regarding the burns from his laser session, keep every record',
      'this is your final notice before i file suit over the veneers',
      'mi primo es licenciado y dice que tengo caso por lo de mi nariz',
      'vou entrar no juizado de pequenas causas se nao devolverem o dinheiro',
    ])
      expect(escalationOf(threat, [], message)).toMatchObject({ reason: 'legal_threat' });
  });

  it('does not take the legal words the rules read and passed over for a threat', () => {
    const threat = reading('complaint', 0.5, 0.6, 'legal_threat');
    expect(escalationOf(threat, [], 'my attorney friend dana recommended you, i want a facial')).toBeNull();
    expect(
      escalationOf(threat, [], 'sue from my spin class told me about you, is the promo still on'),
    ).toBeNull();
  });

  it('keeps what else the reader read when the reason it gave is not stated', () => {
    // Half of its P(must escalate) on a minor, half on a symptom: the symptom alone passes the threshold.
    const mixed = {
      ...reading('information', 0.5, 0.9, 'minor'),
      escalations: { ...reading('information', 0.5, 0.9, 'minor').escalations, minor: 0.45 },
    } as LearnedReading;
    mixed.escalations.post_treatment_symptoms = 0.45;
    expect(escalationOf(mixed, [], 'my lip is still swollen since the filler')).toMatchObject({
      reason: 'post_treatment_symptoms',
    });
  });

  it('does not let the reader alone turn a cancel answering a reminder into an opt-out', () => {
    const request = {
      channel: 'sms' as const,
      text: 'cancelar',
      practiceProcedures: ['Botox'],
      conversation: [
        { from: 'practice' as const, text: 'Hola Ana, le recordamos su cita de Botox el jueves a las 3pm.' },
      ],
    };
    expect(understandInquiry(request, reading('opt_out', 0.95)).intent).toBe('cancel_appointment');
    // Answering a promotion, the same word is the carriers' keyword.
    const promotion = {
      ...request,
      conversation: [{ from: 'practice' as const, text: 'Este mes solamente: 20% de descuento en Botox' }],
    };
    expect(understandInquiry(promotion, reading('opt_out', 0.95)).intent).toBe('opt_out');
  });

  it('keeps an angry opt-out an opt-out when the reader’s medical reading names no part of the body', () => {
    const medical = reading('medical_concern', 0.6, 0.6, 'medical_concern');
    const ask = (text: string) =>
      understandInquiry({ channel: 'email', text, practiceProcedures: ['Lip Filler'] }, medical);
    expect(ask('stop emailing me every single day i swear to god. i came in ONE time')).toMatchObject({
      intent: 'opt_out',
      escalation: null,
    });
    // A symptom told with the opt-out still reaches a person.
    expect(ask('stop emailing me, my lip has been weird since the filler').escalation).not.toBeNull();
  });

  it('hears a word of removing in each language the product reads', () => {
    for (const folded of [
      'eliminen mi numero de su base de datos',
      'saquenme de sus envios',
      'excluam meu email da lista de voces',
      'removam meu contato',
      'please remove my email from the newsletter',
    ])
      expect(learnedOptOut(reading('opt_out', 0.9), folded)).toBe(true);
  });

  it('makes no opt-out of a message asking to keep the messages or have them sent elsewhere', () => {
    for (const folded of [
      'unsubscribe? i actually like the newsletter, i just want it going to my work email instead',
      'please switch the reminders to my new number, i got a new phone',
      'i still want the promos but can you send them to my other email',
      'envienlos a mi otro correo por favor',
      'podem mandar para o meu novo numero?',
    ])
      expect(learnedOptOut(reading('opt_out', 0.9), folded)).toBe(false);
    // Wanting the messages to end is not wanting them kept.
    expect(learnedOptOut(reading('opt_out', 0.9), 'i really want these texts to end now')).toBe(true);
    expect(learnedOptOut(reading('opt_out', 0.9), 'i do want them gone, remove me')).toBe(true);
  });

  it('makes no opt-out of a word of stopping the writer negates, nor of messages asked to go elsewhere', () => {
    for (const folded of [
      'not stop lol, just push it to 4 instead',
      'no no dont stop, i hit the wrong button',
      'quit sending the receipts to my old work email and use this one instead',
    ])
      expect(learnedOptOut(reading('opt_out', 0.9), folded)).toBe(false);
    expect(learnedOptOut(reading('opt_out', 0.9), 'not interested, stop')).toBe(true);
  });

  it('makes no opt-out where the rules read the words of stopping and set them aside', () => {
    for (const message of [
      "I saw your ad with 'reply STOP to opt out' at the bottom. I'm not opting out, I'm opting in!",
      'No me den de baja porfa, le puse STOP sin querer',
      'Não quero sair da lista, só prefiro receber por e-mail',
    ])
      expect(learnedOptOut(reading('opt_out', 0.9), expand(message), message)).toBe(false);
    // Words of stopping the rules do not read as an opt-out: the reader's reading stands.
    const enough = 'enough with all these messages already';
    expect(learnedOptOut(reading('opt_out', 0.9), expand(enough), enough)).toBe(true);
  });

  it('makes no opt-out of a message the reader says a person must handle', () => {
    const goodbye = 'i do not really want to be here anymore';
    expect(learnedOptOut(reading('opt_out', 0.97, 0.39, 'medical_concern'), goodbye)).toBe(true);
    expect(learnedOptOut(reading('opt_out', 0.97, 0.4, 'medical_concern'), goodbye)).toBe(false);
  });

  it('adds the reader’s escalation at the threshold, when the rules found nothing a person must handle', () => {
    const unsure = reading('information', 0.5, 0.39);
    expect(escalationOf(unsure, [], 'text')).toBeNull();
    const sure = reading('information', 0.5, 0.45, 'post_treatment_symptoms');
    expect(escalationOf(sure, [], 'my eye droops since the tox')).toEqual({
      reason: 'post_treatment_symptoms',
      priority: 'high',
      evidence: 'my eye droops since the tox',
    });
    expect(
      escalationOf(sure, [{ reason: 'low_confidence', priority: 'low', evidence: '' }], 'x'),
    ).not.toBeNull();
    expect(escalationOf(sure, [{ reason: 'complaint', priority: 'medium', evidence: '' }], 'x')).toBeNull();
    expect(
      escalationOf(reading('information', 0.5, 0.9, 'human_requested'), [], 'have someone call me')?.priority,
    ).toBe('medium');
  });

  it('hands what only the reader takes for spam or a wrong number to a person', () => {
    expect(learnedNotALead(reading('spam', 0.8))).toBe(true);
    expect(learnedNotALead(reading('wrong_number', 0.75))).toBe(true);
    expect(learnedNotALead(reading('spam', 0.5))).toBe(false);
  });

  it('takes the reader’s request for a person only from a message with a word of a person or a call', () => {
    const wantsAPerson = reading('booking', 0.8, 0.7, 'human_requested');
    expect(escalationOf(wantsAPerson, [], 'I would like to talk about a breast lift')).toBeNull();
    expect(escalationOf(wantsAPerson, [], 'can u have someone ring me later')?.reason).toBe(
      'human_requested',
    );
    expect(escalationOf(wantsAPerson, [], 'quiero hablar con alguien')?.reason).toBe('human_requested');
    // Calls refused ask for no one.
    expect(escalationOf(wantsAPerson, [], 'texting works best for me, please no phone calls')).toBeNull();
    // The practice's office or number named alone asks for no one.
    expect(escalationOf(wantsAPerson, [], 'what is the number for the brickell office?')).toBeNull();
    expect(escalationOf(wantsAPerson, [], 'can someone from the office text me back')?.reason).toBe(
      'human_requested',
    );
  });

  it('takes the reader’s spam only from a business writing to the practice as a business', () => {
    // Already folded, with no link: the message as written is the same text.
    const spamOf = (learned: LearnedReading, text: string) => learnedSpam(learned, text, text);
    const pitch = 'hello doctor, our team builds patient funnels for clinics like yours. want a demo?';
    expect(spamOf(reading('spam', 0.8), pitch)).toBe(true);
    expect(spamOf(reading('spam', 0.8), 'estimado doctor, ofrecemos jeringas a precio de fabrica')).toBe(
      true,
    );
    expect(spamOf(reading('spam', 0.8), 'prezados, temos equipamentos para sua clinica')).toBe(true);
    // A patient's words, however sure the reader: a person sees it.
    expect(spamOf(reading('spam', 0.9), 'how much for lips, do you have anything saturday')).toBe(false);
    expect(spamOf(reading('spam', 0.9), 'we loved the facial, my sister wants one too')).toBe(false);
    expect(spamOf(reading('spam', 0.5), pitch)).toBe(false);
  });

  it('takes the reader’s spam from a baited link, a test, a seller’s offer or an influencer’s, and never a patient’s link', () => {
    const sure = reading('spam', 0.8);
    const spam = (message: string) => learnedSpam(sure, expand(message), message);
    expect(spam('Congrats! Your number won a $500 gift card. Claim: rewards-claim.example')).toBe(true);
    expect(spam('Your mailbox password expires today, verify here: http://verify-secure.example/login')).toBe(
      true,
    );
    expect(spam('TEST SUBMISSION please ignore - checking form routing')).toBe(true);
    expect(spam('teste teste')).toBe(true);
    expect(spam('We sell refurbished CO2 lasers at 60% off, ask for our price list')).toBe(true);
    expect(spam('Vendemos equipos láser de segunda mano con garantía')).toBe(true);
    expect(spam('Influencer here (48k followers), a free HydraFacial in exchange for 2 reels?')).toBe(true);
    // A patient's words with a link or a test, however sure the reader: a person sees it.
    expect(spam('here is a photo of my lip after the filler: photos.example/abc, is this normal?')).toBe(
      false,
    );
    expect(spam('can I get a gift card for my mom? www.solara.example shows none')).toBe(false);
    expect(spam('I tested positive for covid, please ignore my reminder and move me')).toBe(false);
    expect(learnedSpam(reading('spam', 0.5), 'teste teste', 'teste teste')).toBe(false);
  });

  it('takes the reader’s wrong number only when the writer says they are not the person meant', () => {
    expect(
      learnedWrongNumber(reading('wrong_number', 0.8), 'my name is not carla, you have the wrong guy'),
    ).toBe(true);
    expect(learnedWrongNumber(reading('wrong_number', 0.8), 'nao sou a paula, nunca fui paciente')).toBe(
      true,
    );
    expect(learnedWrongNumber(reading('wrong_number', 0.8), 'no conozco a ningun marcos')).toBe(true);
    // Asking who writes is not denying being the person meant.
    expect(learnedWrongNumber(reading('wrong_number', 0.9), 'who is this')).toBe(false);
    expect(learnedWrongNumber(reading('wrong_number', 0.9), 'quien es?')).toBe(false);
    expect(learnedWrongNumber(reading('wrong_number', 0.5), 'my name is not carla')).toBe(false);
  });
});
