import { ESCALATION_REASONS, INTENTS, type Intent } from '@pp/contracts';
import type { LearnedReading } from '../../learned/learned-reader';
import { read } from './test-helpers';
import { understandInquiry } from './understand';

/**
 * ADR 0063: a form of fields alone, a sign that grows after a treatment, a tooth out whole, a medical concern the
 * blend reads and nothing else sends to a person, someone else's pregnancy said as an adjective, the writer's own
 * day in court, a school year named as in Argentina, Spain or India, an amount that is not an age, 'weird hours',
 * 'don't send me message', Spanish and Portuguese promotions answered with CANCELAR.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

/** A learned reading sure of one intent, with no P(must escalate) of its own. */
function sureOf(intent: Intent): LearnedReading {
  const intents = Object.fromEntries(INTENTS.map((name) => [name, name === intent ? 0.95 : 0.05 / 11]));
  const escalations = Object.fromEntries(ESCALATION_REASONS.map((name) => [name, 0.01]));
  return {
    intents,
    escalations: { ...escalations, post_treatment_symptoms: 0.05, none: 0.9 },
    mustEscalate: 0.06,
    likelyReason: 'post_treatment_symptoms',
    threshold: 0.14,
  } as LearnedReading;
}

describe('a form sent with its fields alone', () => {
  it.each([
    ['name: Dana Reyes\nemail: dana@example.com\nphone: (305) 555-0190\nservice: Invisalign', 'Invisalign'],
    ['nombre: Rocío Paz\ncorreo: rocio@example.com\nservicio: Carillas', 'Veneers'],
    [
      'first_name: Tom\nlast_name: Odum\nphone: 305 555 0142\nservice: Lip Filler\nlocation: Brickell',
      'Lip Filler',
    ],
  ])('%s asks to book %s, with no person needed', (text, procedure) => {
    const understanding = read(text, { channel: 'form', practiceProcedures: [...OFFERED_HERE] });
    expect(understanding.intent).toBe('booking');
    expect(understanding.procedures_of_interest).toContain(procedure);
    expect(understanding.escalation).toBeNull();
  });

  it('is not a chat transcript, nor a form whose message field says more', () => {
    const transcript = read(
      'Visitor: the front desk told me the lip filler deal ended\nVisitor: that was rude honestly\nVisitor: not ok',
      { channel: 'form' },
    );
    expect(transcript.intent).not.toBe('booking');
    const written = read(
      'name: Ana\nservice: Lip Filler\nmessage: my lip went white after the filler today',
      {
        channel: 'form',
      },
    );
    expect(written.escalation?.reason).toBe('post_treatment_symptoms');
  });

  it('is read without the learned reader, whose sentence model would read the field names', () => {
    const text = 'name: Dana Reyes\nphone: (305) 555-0190\nservice: Invisalign';
    const request = { channel: 'form' as const, text, practiceProcedures: [...OFFERED_HERE] };
    const understanding = understandInquiry(request, sureOf('human_requested'));
    expect(understanding.intent).toBe('booking');
    expect(understanding.escalation).toBeNull();
  });
});

const OFFERED_HERE = [
  'Invisalign',
  'Veneers',
  'Lip Filler',
  'Botox',
  'CoolSculpting',
  'Emergency Dental Care',
];

describe('a sign that grows after a treatment, a tooth out whole', () => {
  it.each([
    'Two weeks after my CoolSculpting the spot on my thigh keeps getting bigger and firmer, no pain though.',
    'since the kybella the area under my chin is growing harder every day',
    'Playing soccer I got kicked and my front tooth came right out. Can I come today?',
    'my tooth popped out when I bit into an apple, there is a hole now',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });

  it.each([
    'My little one’s baby tooth came out last night, so exciting!',
    'I want my lips bigger, is one syringe enough?',
    'I had my wisdom tooth pulled here last year and healed great. Now I want whitening.',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });
});

describe('a medical concern the blend reads that nothing else sends to a person', () => {
  it('goes to a person, with the reader’s likelier clinical reason', () => {
    const request = {
      channel: 'sms' as const,
      text: 'the area where I had the treatment feels funny and tight, is that expected?',
      practiceProcedures: [...OFFERED_HERE],
    };
    const understanding = understandInquiry(request, sureOf('medical_concern'));
    expect(understanding.intent).toBe('medical_concern');
    expect(understanding.escalation?.reason).toBe('post_treatment_symptoms');
  });

  it('does not when every sign the message names is gone', () => {
    const request = {
      channel: 'sms' as const,
      text: 'The swelling from my filler is completely gone now, no pain at all. When is my touch-up?',
      practiceProcedures: [...OFFERED_HERE],
    };
    expect(understandInquiry(request, sureOf('medical_concern')).escalation).toBeNull();
  });
});

describe('whose pregnancy, whose court, whose school year', () => {
  it.each([
    'My pregnant coworker recommended you! I want a facial for myself, any openings Saturday?',
    'I have to reschedule my Botox, I was subpoenaed for court on Tuesday morning. Wednesday works.',
    'I got summoned to court for jury selection on the 9th, can we move my cleaning?',
    'Me cobraron 170 por la consulta y me dijeron que era gratis, quiero que me devuelvan los 170.',
  ])('%s is not the patient’s pregnancy, a legal threat or a minor', (text) => {
    expect(['pregnancy', 'legal_threat', 'minor']).not.toContain(reasonOf(text));
  });

  it.each([
    ['Mi hijo está en quinto año del secundario y quiere hacerse la nariz.', 'minor'],
    ['Our son is in class 11 and would like laser hair removal on his back.', 'minor'],
    ['A minha filha ta no oitavo ano e quer fazer preenchimento labial.', 'minor'],
    ['I am pregnant and my pregnant sister wants to come with me, can we both get facials?', 'pregnancy'],
    ['Your injector ruined my lips and I will see you in court.', 'legal_threat'],
  ])('%s is %s', (text, reason) => {
    expect(read(text).escalations.map((finding) => finding.reason)).toContain(reason);
  });

  it.each(['I teach class 10 and would like Botox before the school year.'])('%s is no minor', (text) => {
    expect(reasonOf(text)).toBeNull();
  });
});

describe('a schedule that is weird, not a body', () => {
  it('is no sign after a treatment', () => {
    expect(
      reasonOf(
        'I work nights and sleep at weird hours, I had microneedling once years ago. Can I book a peel?',
      ),
    ).toBeNull();
    expect(reasonOf('my lip feels weird since the filler yesterday')).toBe('post_treatment_symptoms');
  });
});

describe('stopping the messages', () => {
  it.each([
    'Please do not send me message anymore, not interested, bless you',
    'dont send me any more texts thank you',
    'Por favor não mandem mais SMS, obrigada',
  ])('%s is an opt-out', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it.each([
    [
      '¡Este mes la limpieza dental es gratis al empezar Invisalign! Agenda tu cita: solara.example.com',
      'cancelar',
    ],
    ['Aproveite: clareamento com desconto até sexta. Agende já: solara.example.com', 'CANCELAR'],
  ])('CANCELAR answering a promotion (%s) is an opt-out', (promotion, reply) => {
    const understanding = understandInquiry({
      channel: 'sms',
      text: reply,
      conversation: [{ from: 'practice', text: promotion }],
      practiceProcedures: [...OFFERED_HERE],
    });
    expect(understanding.intent).toBe('opt_out');
  });
});
