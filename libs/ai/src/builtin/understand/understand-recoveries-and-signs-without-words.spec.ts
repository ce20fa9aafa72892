import { read } from './test-helpers';
import { symptomsExplainedAway } from './safety-rules';

/**
 * ADR 0055: an illness the writer says is over in other words (a full recovery, all clear since, discharged, in
 * the best shape of one's life); 'minor' that tells a size, not an age; a video or a post seen about a treatment;
 * a relative who only comes along; a bump long there; a name in an e-mail's signature; sleep told as a knock-out;
 * a telephone or a stop sign for all the words; unsubscribing by the Spanish and Portuguese verbs; being sent to
 * voicemail; appointments changed in Spanish and Portuguese, a new time left for later, and open times asked for.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string, channel: 'sms' | 'email' | 'form' = 'sms') =>
  read(text, { channel }).escalation?.reason ?? null;

describe('an illness the writer says is over', () => {
  it.each([
    'I had a minor heart attack in 2019 and made a complete recovery, my doctor signed off on everything. price for a tummy tuck?',
    'Breast cancer six years ago, all clear since. I would like to know about a lift.',
    'Tuve un infarto hace cuatro años y ya me dieron de alta. ¿Cuánto cuestan las carillas?',
    'Tive um AVC há três anos, já recebi alta e estou ótimo. Quanto custa o implante?',
    "My dad had a stroke a few years ago and he's in the best shape of his life now. Can he book a consult for his eyelids?",
  ])('%s reaches no one', (text) => {
    expect(reasonOf(text, 'email')).toBeNull();
  });

  it.each([
    "I had a stroke two years ago and made a full recovery, but since yesterday I'm slurring my words",
    'had a heart attack two years ago, all clear since, but I get chest pain when I climb stairs now',
  ])('%s still reaches a person when something is wrong now', (text) => {
    expect(reasonOf(text, 'email')).not.toBeNull();
  });
});

describe('a video or a post seen about a treatment', () => {
  it.each([
    'Watched a video where a guy’s eyelid drooped after botox. Does that happen a lot?',
    'saw a reel of someone whose filler turned blue, how do you prevent that?',
    'Vi un video de una chica con el labio morado después del relleno, ¿eso es común?',
  ])('%s is a question, not a report', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('is a report when the writer tells of their own body too', () => {
    expect(reasonOf('saw a video about this and now my lip is turning white after filler')).toBe(
      'post_treatment_symptoms',
    );
  });
});

describe('a relative who only comes along', () => {
  it('is not the patient: her pregnancy reaches no one', () => {
    expect(
      reasonOf('My cousin is pregnant, can she tag along and keep me company during my facial?', 'form'),
    ).toBeNull();
  });

  it('is the patient when she is to be treated too', () => {
    expect(reasonOf('My cousin is pregnant and will come with me, can she get a facial too?', 'form')).toBe(
      'pregnancy',
    );
  });
});

describe('a bump long there', () => {
  it('is a reason for a rhinoplasty, not a symptom', () => {
    expect(
      reasonOf(
        'Had a mole removed from my nose ten years ago, healed fine. I want to fix the bump now, price?',
      ),
    ).toBeNull();
  });
});

describe('a name in an e-mail signature', () => {
  it('is never read as a sign', () => {
    expect(
      reasonOf('Hello,\n\nWhat does a HydraFacial cost?\n\nKind regards,\nDolores Bledsoe', 'email'),
    ).toBeNull();
  });

  it('does not hide a short line after the sign-off that is not a name', () => {
    expect(reasonOf('Hi,\nCan I come in tomorrow?\nThanks\nlip is blue since the filler', 'email')).toBe(
      'post_treatment_symptoms',
    );
  });

  it('does not hide a sign told after the sign-off in a longer line', () => {
    expect(
      reasonOf(
        'Hi,\n\nQuick question about my appointment.\n\nThanks,\nalso my lip has been swollen and hot since the filler yesterday',
        'email',
      ),
    ).toBe('post_treatment_symptoms');
  });
});

describe('sleep told as a knock-out', () => {
  it('is a nap, not a faint', () => {
    expect(
      reasonOf('I was knocked out cold on the table last time, slept like a baby. same facial again?'),
    ).toBeNull();
  });

  it('is a faint when nothing says sleep', () => {
    expect(reasonOf('i got knocked out cold after the injection, came to on the floor')).not.toBeNull();
  });
});

describe('a telephone or a stop sign for all the words', () => {
  it.each(['📞', '📞🙏', '☎️ pls', '🤙?'])('%s asks for a call', (text) => {
    expect(read(text).escalation?.reason).toBe('human_requested');
  });

  it('is only a call asked for when the telephone stands alone', () => {
    expect(read('📞 is the number on your site right? I want to book botox').escalation).toBeNull();
  });

  it.each(['🛑', '🛑🛑', '⛔', '🚫'])('%s is an opt-out', (text) => {
    expect(read(text).intent).toBe('opt_out');
  });

  it('a stop sign beside words is read with them', () => {
    expect(read('🛑 wait, is botox still $11 a unit?').intent).not.toBe('opt_out');
  });
});

describe('unsubscribing by the Spanish and Portuguese verbs', () => {
  it.each(['desuscríbanme por favor', 'quiero desuscribirme de sus correos', 'por favor desinscrevam-me'])(
    '%s is an opt-out',
    (text) => {
      expect(read(text).intent).toBe('opt_out');
    },
  );

  it('is not one when the writer wants back in', () => {
    expect(read('me desuscribí por error, agréguenme de nuevo').intent).not.toBe('opt_out');
  });
});

describe('being sent to voicemail', () => {
  it.each([
    'STOP sending me to voicemail, I just want to book a peel',
    'quit sending me in circles, who do I talk to about my invoice?',
  ])('%s is no opt-out', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });

  it('sending messages is still stopped', () => {
    expect(read('stop sending me texts').intent).toBe('opt_out');
  });
});

describe('minor as a word of size', () => {
  it.each([
    'had minor surgery on my knee in march, all healed. can I get lipo on my flanks?',
    'any minor touch-ups included with the lip filler price?',
  ])('%s tells of no minor', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });

  it.each(["i'm a minor, can i still get botox", 'do minors need a parent there for filler?'])(
    '%s is a minor',
    (text) => {
      expect(reasonOf(text)).toBe('minor');
    },
  );
});

describe('appointments changed in Spanish and Portuguese, and times asked for', () => {
  it.each([
    ['vou precisar remarcar a limpeza de sexta, pode ser na terça?', 'reschedule'],
    ['dá pra reagendar meu botox pra semana que vem?', 'reschedule'],
    ['muévanme la consulta del jueves para la tarde porfa', 'reschedule'],
    ['cancel the monday one and move me to wednesday, same hour', 'reschedule'],
    ['cancélenme la limpieza del viernes, gracias', 'cancel_appointment'],
    ['preciso desmarcar a avaliação de quinta', 'cancel_appointment'],
    ['não vou poder ir amanhã, depois eu aviso quando der', 'cancel_appointment'],
    ['mañana no voy a poder llegar, luego les escribo para ver otra fecha', 'cancel_appointment'],
    ['é possível agendar uma avaliação no sábado?', 'booking'],
    ['any filler openings this saturday?', 'booking'],
  ])('%s reads as %s', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });
});

describe('sign words the rules read as something else', () => {
  it.each([
    'do people who take blood thinners bruise more after lip filler?',
    'my wallet is still bleeding from the holidays, do you do payment plans?',
    'stopped accutane three years ago, my derm cleared me. price for laser on my face?',
    'busted my nose skiing in college and it is hard to breathe through the left side, do you do rhinoplasty?',
  ])('%s: the reader may not make a symptom of them', (text) => {
    expect(symptomsExplainedAway(text)).toBe(true);
  });

  it('a Portuguese toothache is not read as an English question', () => {
    const text = 'gente, o dente do siso ta doendo demais e o remédio não faz nada. atendem hoje?';
    expect(symptomsExplainedAway(text)).toBe(false);
    expect(reasonOf(text)).toBe('medical_concern');
  });
});

describe('a person asked for in Portuguese', () => {
  it.each([
    'Queria que a doutora me ligasse hoje, por favor.',
    'vocês podem me ligar depois das 18h?',
    'prefiro resolver isso pessoalmente com a gerente',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).toBe('human_requested');
  });
});

describe('a word of stopping refused at once', () => {
  it.each([
    'stop? no way, I love these deals. is the peel still $99?',
    '¿darme de baja? jamás, ¿sigue la promo?',
  ])('%s is no opt-out', (text) => {
    expect(read(text).intent).not.toBe('opt_out');
  });
});

describe('a wrong number in Spanish and Portuguese', () => {
  it.each([
    'Me llegó este mensaje por error, no soy paciente de ustedes.',
    'Boa tarde, acho que foi engano. Não sou o Ricardo.',
  ])('%s is a wrong number', (text) => {
    expect(read(text).intent).toBe('wrong_number');
  });

  it.each([
    'não sou a única que achou o preço alto, vocês têm promoção?',
    'acho que é engano o valor que cobraram no meu cartão pela limpeza do mês passado, podem verificar?',
  ])('%s is not', (text) => {
    expect(read(text).intent).not.toBe('wrong_number');
  });
});

describe('signs that are not the body', () => {
  it('a thing that cannot be moved is not a body part', () => {
    expect(
      reasonOf(
        'me pusieron botox hace un mes. tengo una junta que no puedo mover el jueves, ¿me cambian la cita?',
      ),
    ).toBeNull();
  });

  it('asks what whitening feels like with a bare "¿duele?" or "dói?"', () => {
    expect(reasonOf('¿el blanqueamiento duele?')).toBeNull();
    expect(reasonOf('a lipo de papada dói?')).toBeNull();
  });

  it('still reads a Portuguese toothache told with a question after it', () => {
    expect(reasonOf('lasquei um dente e tá doendo muito, vocês atendem hoje?')).toBe('medical_concern');
  });

  it('reads a relative’s complication and how it is prevented as a question', () => {
    expect(
      reasonOf(
        'my cousin got an infection after her lipo last year. how do you prevent that? I want lipo in March',
      ),
    ).toBeNull();
  });
});
