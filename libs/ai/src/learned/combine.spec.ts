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

/** The reader's escalation of a message already lower case and unaccented (as the rules fold it). */
const escalationOf = (
  learned: LearnedReading,
  findings: Parameters<typeof learnedEscalation>[1],
  message: string,
) => learnedEscalation(learned, findings, message, message);

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
  });

  it('takes the reader’s spam only from a business writing to the practice as a business', () => {
    const pitch = 'hello doctor, our team builds patient funnels for clinics like yours. want a demo?';
    expect(learnedSpam(reading('spam', 0.8), pitch)).toBe(true);
    expect(learnedSpam(reading('spam', 0.8), 'estimado doctor, ofrecemos jeringas a precio de fabrica')).toBe(
      true,
    );
    expect(learnedSpam(reading('spam', 0.8), 'prezados, temos equipamentos para sua clinica')).toBe(true);
    // A patient's words, however sure the reader: a person sees it.
    expect(learnedSpam(reading('spam', 0.9), 'how much for lips, do you have anything saturday')).toBe(false);
    expect(learnedSpam(reading('spam', 0.9), 'we loved the facial, my sister wants one too')).toBe(false);
    expect(learnedSpam(reading('spam', 0.5), pitch)).toBe(false);
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
