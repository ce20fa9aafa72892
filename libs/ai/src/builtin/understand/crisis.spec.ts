import { findCrisis } from './crisis';
import { understandInquiry } from './understand';

const read = (text: string) => understandInquiry({ channel: 'sms', text, practiceProcedures: ['Botox'] });

describe('self-harm and suicidal language', () => {
  it.each([
    'honestly since they told me im not a candidate i dont see the point of going on',
    'I just want to die, nothing worked',
    'after that consult i honestly do not see why i should keep going',
    'sometimes i think everyone would be better off without me',
    'I have been hurting myself again',
    'ya no quiero vivir así',
    'me siento sin ganas de vivir desde la cirugía',
    // No one would miss the writer, the writer disappearing for good, all the pills at once.
    'não vejo mais sentido em viver',
    'honestly no one would even miss me',
    'para qué me arreglo si nadie me va a extrañar',
    'ninguém vai sentir minha falta',
    'ando pensando em sumir de vez',
    'pensé en tomarme todas mis pastillas de una vez',
    // Hopelessness as it is often written.
    'got turned down for the surgery, whats the point anymore',
    'please cancel friday. there is no point anymore, to anything really',
    "not coming in. it's no use anymore",
    'cancela mi cita, ya no le veo sentido a nada',
    'pode desmarcar, não vejo mais sentido em nada',
    "I honestly don't see a reason to keep going",
    "maybe it's easier if I'm just gone",
    'i dont wanna be here anymore',
    "lately I've been thinking about ending it",
    "I've started cutting again",
    'this is my goodbye, thank you for everything',
    'ya nada tiene sentido, perdón por todo',
    'mis hijos van a estar mejor sin mí',
    'a veces pienso que sería mejor no despertar',
    'siento que soy una carga pa mi familia',
    'nada mais faz sentido pra mim',
    'eles vão ficar melhor sem mim',
    'pensé en quitarme la vida',
    'não vejo sentido em continuar depois disso',
    'às vezes eu quero morrer',
    // The warning signs, told without a word of death.
    'honestly I am just a burden to everyone since the surgery went wrong',
    'my family would be better off if I was gone, please just refund me',
    'sometimes i wish i could disappear. anyway is the consult free',
    'I just want to go to sleep and not wake up after seeing these results',
    "don't bother rescheduling, I won't be around much longer",
    'I have been giving away my things this week, so cancel the package',
    'already wrote letters to my children. can someone delete my file',
    'siento que soy una carga para mi familia',
    'todos estarían mejor sin mí',
    'solo quiero desaparecer, cancelen mi cita',
    'me sinto um peso para todo mundo',
    'eles estariam melhor sem mim',
    'não vejo saída, só queria sumir',
    // Passive wishes not to be here, wanting it all to stop, an overdose.
    "I don't really want to be here anymore",
    'i took something to make it all stop',
    'I swallowed a handful of my sleeping pills an hour ago',
    'ya no quiero despertar',
    'quiero que todo se acabe',
    'não quero mais estar aqui',
    'tomei todos os meus remédios',
    // Not being here much longer however it is negated, affairs in order, a plan to end it, pills saved up.
    "no need to book the follow up, I doubt I'll be around much longer",
    'i dont expect to stay alive much longer honestly',
    "I've been putting my affairs in order, please close my account",
    "I'm going to end it this weekend so the deposit doesn't matter",
    "I've been saving up my sleeping pills for a while now",
    'I have enough pills to make sure I never wake up',
    'no creo que vaya a estar aquí mucho más tiempo',
    'llevo semanas guardando pastillas',
    'tengo pastillas guardadas, ya da igual',
    'não acho que vou estar aqui muito mais tempo',
    'ando juntando comprimidos faz um tempo',
    'quero dar um fim em tudo',
  ])('%s reaches a person first, as a high-priority medical concern', (text) => {
    expect(findCrisis(text)).toMatchObject({ reason: 'medical_concern', priority: 'high' });
    expect(read(text)).toMatchObject({
      intent: 'medical_concern',
      urgency_level: 'high',
      escalation: { reason: 'medical_concern', priority: 'high' },
    });
  });

  it('comes before an opt-out, spam or a price question in the same message', () => {
    expect(read('stop texting me, i want to end my life')).toMatchObject({
      intent: 'medical_concern',
      escalation: { reason: 'medical_concern' },
    });
    expect(
      read('how much is botox? i feel like there is no point in living anymore').escalation,
    ).toMatchObject({
      reason: 'medical_concern',
      evidence: 'i feel like there is no point in living anymore',
    });
  });

  it('quotes the words as written, across line breaks', () => {
    expect(findCrisis('Hi.\nI want to\nkill   myself.')?.evidence).toBe('kill   myself.');
  });

  it.each([
    'What is the point of a consultation fee?',
    'Can I stop the filler from migrating?',
    'I would die for fuller lips lol how much',
    'no quiero esperar más, ¿tienen cita el sábado?',
    'quero marcar uma consulta',
    // Look-alikes of the warning signs.
    'I want these dark spots to disappear before the wedding',
    'I want my acne scars to disappear for good',
    'quero que a gordura da papada suma de vez',
    'ninguém vai notar que fiz botox',
    'can I take all my pills the morning of surgery?',
    "I don't see the point of paying a consult fee",
    'what is the point of the numbing cream if it still stings?',
    'thinking about ending it with my current dentist, do you take new patients?',
    'no tiene sentido pagar la consulta si no me operan',
    'not worth it for me, I will book elsewhere',
    "I won't be around next week, can we move my appointment?",
    'will the swelling disappear by Friday?',
    'is the paperwork a burden? happy to fill it out at home',
    'quiero que desaparezcan mis ojeras',
    'vou estar aqui às 15h para a consulta',
    "I don't want to be here at 8am, anything later?",
    'can you make the reminders stop after I book?',
    'how many pills of ibuprofen can I take after the extraction?',
    "I'm going to end it with my old dentist and switch to you",
    'will the numbness be around much longer?',
    'my mom is getting her affairs in order before moving, can she book a cleaning?',
    'I have been saving up for a tummy tuck for two years',
    '¿cuántas pastillas de ibuprofeno puedo tomar?',
    "there's no point in booking before the promo starts, right?",
    'no use trying to reach the front desk by phone, so texting',
  ])('%s is not crisis language', (text) => {
    expect(findCrisis(text)).toBeNull();
  });

  it('reads a stranger’s long message (linear-time patterns: a backtracking one would outlast the test)', () => {
    expect(findCrisis('i want to '.repeat(20_000))).toBeNull();
  });
});
