import { read } from './test-helpers';

/**
 * ADR 0065: a tooth moving only as its own verb, an illness of someone who only comes along or for whom an
 * appointment is moved, one relative's pregnancy beside a request for another, someone else's coming-of-age party,
 * how long a sign lasts asked in Spanish and Portuguese, opt-outs by receiving and by a borrowed verb, a form's
 * service under its field's name.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a tooth moves only as its own verb', () => {
  it('a household moving is no loose tooth', () => {
    const understanding = read('please cancel my teeth cleaning next week, we are moving to Orlando');
    expect(understanding.escalation).toBeNull();
    expect(understanding.intent).toBe('cancel_appointment');
  });

  it.each([
    'my bottom tooth keeps moving when I chew and the gum bleeds',
    'one of my teeth, the lower left one, feels loose since Sunday',
  ])('%s still needs a person', (text) => {
    expect(reasonOf(text)).toBe('medical_concern');
  });
});

describe('an illness of someone who is not the patient', () => {
  it('moves the writer’s appointment without a person', () => {
    const understanding = read(
      "my little girl woke up with a fever, so I can't make my facial this afternoon. Next week?",
    );
    expect(understanding.escalation).toBeNull();
    expect(understanding.intent).toBe('reschedule');
  });

  it('of someone who only comes along is the writer’s errand', () => {
    expect(
      reasonOf(
        'My husband had a heart attack in March so he goes everywhere with me. Can I bring him along to my veneers consult? He would wait in the waiting room.',
      ),
    ).toBeNull();
  });

  it('of a child to be seen still reaches a person', () => {
    expect(reasonOf('my son has a fever and a swollen jaw, can you see him today?')).toBe('medical_concern');
  });
});

describe('one relative’s pregnancy beside a request for another', () => {
  it('is not the patient’s', () => {
    expect(
      reasonOf(
        'Mi prima está embarazada así que no viene, pero queremos cita para mi mamá y para mí para una limpieza facial.',
      ),
    ).toBeNull();
  });

  it('is the patient’s when the request is for her', () => {
    expect(reasonOf('my sister is pregnant, could we book a facial for my sister next week?')).toBe(
      'pregnancy',
    );
  });
});

describe('a coming-of-age party', () => {
  it.each([
    "Can I get lip filler two weeks before my niece's quinceañera? I'm 34",
    'para la quinceañera de mi sobrina quiero botox en la frente, tengo 41',
  ])('%s of someone else is the occasion, not the patient’s age', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });

  it('of the writer is a minor asking', () => {
    expect(reasonOf('I want lip filler for my quinceañera in June')).toBe('minor');
  });
});

describe('how long a sign lasts, asked before a treatment', () => {
  it.each([
    'quantos dias fica vermelho depois do microagulhamento? tenho uma entrevista de emprego',
    '¿cuánto tiempo se queda morado después del relleno de labios?',
  ])('%s is a question in general', (text) => {
    expect(['post_treatment_symptoms', 'medical_concern']).not.toContain(reasonOf(text));
  });

  it('a report of the same sign still reaches a person', () => {
    expect(reasonOf('fiz microagulhamento anteontem e o rosto ainda está muito vermelho e ardendo')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('opt-outs', () => {
  it.each([
    'ya no me textees más por favor',
    'já não quero receber isto, obrigada',
    "I don't want to receive these anymore",
  ])('%s stops the messages', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it('another channel asked for is no opt-out', () => {
    expect(read('no quiero recibir esto por correo, mejor por WhatsApp').intent).not.toBe('opt_out');
  });
});

describe('a form whose only text is its service under its field’s name', () => {
  it('reads as booking', () => {
    const understanding = read('tratamiento: Carillas', { channel: 'form' });
    expect(understanding.intent).toBe('booking');
    expect(understanding.procedures_of_interest).toEqual(['Veneers']);
  });
});

describe('the day before yesterday is a treatment in the past', () => {
  it.each([
    'me hice el peeling antier y tengo la cara roja y me arde mucho',
    'fiz o laser anteontem e a pele está com bolhas',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).toBe('post_treatment_symptoms');
  });
});
