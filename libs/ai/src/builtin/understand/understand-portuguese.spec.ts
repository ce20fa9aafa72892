import { read } from './test-helpers';

const reason = (text: string) => read(text).escalation?.reason ?? null;

/** Portuguese read through the Spanish lexicon of the safety rules (text.ts, PORTUGUESE). */
describe('understandInquiry: Portuguese symptoms, pregnancy and threats', () => {
  it.each([
    ['meu olho está caindo desde o botox', 'post_treatment_symptoms'],
    ['minha pálpebra caiu depois do botox', 'post_treatment_symptoms'],
    ['estou com muita dor e inchaço depois do preenchimento', 'post_treatment_symptoms'],
    ['meu lábio ficou roxo e inchado depois do preenchimento', 'post_treatment_symptoms'],
    ['minha panturrilha está inchada e dói desde a cirurgia', 'post_treatment_symptoms'],
    ['não consigo respirar direito', 'medical_concern'],
    ['estou grávida, posso fazer limpeza?', 'pregnancy'],
    ['vou processar vocês, meu advogado vai ligar', 'legal_threat'],
    ['ainda estou amamentando meu filho, posso fazer o clareamento?', 'pregnancy'],
    ['nosso segundo bebê chega em março, dá pra fazer limpeza de pele antes?', 'pregnancy'],
    ['oi, podem me ligar hoje à tarde? é sobre a rinoplastia', 'human_requested'],
    ['prefiro falar por telefone, alguém me liga?', 'human_requested'],
    ['queria falar com a doutora sobre as lentes', 'human_requested'],
    // Told as a patient writes: when it was done, what it does now.
    ['fiz preenchimento no queixo faz 2 dias e hoje tá esbranquiçado e doendo', 'post_treatment_symptoms'],
    ['coloquei botox faz 5 dias e minha pálpebra esquerda tá caída', 'post_treatment_symptoms'],
    [
      'fiz microagulhamento ontem e o rosto tá quente e cheio de bolinhas que coçam',
      'post_treatment_symptoms',
    ],
    ['fiz lipo faz uma semana e saiu sangue com cheiro ruim do ponto', 'post_treatment_symptoms'],
    ['me cobraram duas vezes no cartão pela limpeza, quero o estorno', 'billing_dispute'],
    ['quero falar com uma pessoa de verdade, não com robô', 'human_requested'],
  ])('%s reaches a person (%s)', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it.each([
    'quanto custa o botox?',
    'a dor passou, tudo ótimo depois do botox',
    'quanto tempo dura o inchaço depois da lipo?',
    'não me liguem, prefiro mensagem. quanto custa o botox?',
    'fiz botox faz um mês e ficou ótimo, quero marcar de novo',
    'vocês atendem hoje? quero marcar uma limpeza',
  ])('%s needs no person', (text) => {
    expect(reason(text)).toBeNull();
  });

  it('quotes the Portuguese words as written', () => {
    expect(read('oi, meu lábio ficou roxo depois do preenchimento').escalation?.evidence).toContain('roxo');
  });
});

describe('understandInquiry: a bulk mail’s own opt-out instructions', () => {
  const pitch =
    'Hi there,\n\nI noticed your site is not ranking on page 1 for keywords like "Miami veneers". Our white-hat SEO ' +
    'team guarantees top 3 placement in 90 days or your money back. Can I send over a free audit?\n\nCheers,\nMike\nUnsubscribe';

  it('are not the writer asking to stop', () => {
    expect(read(pitch).intent).toBe('spam');
    expect(read('Get 50% off new patients today! Reply STOP to opt out').intent).not.toBe('opt_out');
    expect(
      read(
        'Somos una agencia de marketing para clínicas. ¿Le interesa una demo?\nPara darse de baja responda BAJA',
      ).intent,
    ).not.toBe('opt_out');
    expect(
      read('Aumente seus pacientes com nosso sistema de agendamento.\nPara se descadastrar responda SAIR')
        .intent,
    ).not.toBe('opt_out');
  });

  it('leave a short unsubscribe, on its own line or not, an opt-out', () => {
    expect(read('Hello\nunsubscribe').intent).toBe('opt_out');
    expect(read('Unsubscribe').intent).toBe('opt_out');
  });
});

/** The product answers in English and Spanish: a message in Portuguese is answered in English (LABELS: language). */
describe('understandInquiry: the language of a Portuguese message', () => {
  it.each([
    'oi, vocês fazem clareamento aos sábados? obrigada',
    'Boa noite! Gostaria de saber o valor da lipoaspiração, moro em Orlando',
    'não consigo ir amanhã, posso remarcar pra semana que vem?',
    'minha filha quer fazer aparelho invisível, quanto custa?',
  ])('"%s" is answered in English', (text) => {
    const understanding = read(text);
    expect(understanding.language).toBe('en');
    expect(understanding.reasoning).toContain('Portuguese');
  });

  it.each([
    'hola, quiero saber cuánto cuesta el blanqueamiento, gracias',
    'necesito mover mi cita de mañana para la próxima semana',
    'mi hija quiere frenos invisibles, cuánto cuestan?',
    'Buenas tardes, me interesa la lipo, vivo en Orlando. ¿Tienen planes de pago?',
  ])('"%s" stays Spanish', (text) => {
    expect(read(text).language).toBe('es');
  });

  it.each([
    ['quero fazer facetas nos dentes da frente', 'Veneers'],
    ['quanto custa o preenchimento labial?', 'Lip Filler'],
    ['vocês fazem implante dentário?', 'Dental Implants'],
    ['queria marcar depilação a laser nas axilas', 'Laser Hair Removal'],
    ['preciso tirar o dente do siso', 'Tooth Extraction'],
  ])('"%s" names %s in the catalogue’s Portuguese words', (text, procedure) => {
    expect(read(text).procedures_of_interest).toContain(procedure);
  });
});

describe('understandInquiry: years that are not a minor’s age', () => {
  const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

  it.each([
    'uso dentadura faz 6 anos, quanto custa o protocolo?',
    'moro em Miami há 3 anos e quero fazer lipo, vocês parcelam?',
    'Tenho 39 anos, dois filhos, e o mais novo já tem 5 anos. Quero uma mastopexia.',
    'my youngest is 6 now and I finally want my tummy tuck, what does it cost?',
  ])('"%s" is no minor', (text) => {
    expect(reasonOf(text)).not.toBe('minor');
  });

  it.each([
    'meu filho tem 15 anos e quer botox',
    'my youngest daughter is 16 and she wants lip filler, can she get it?',
  ])('"%s" is a minor', (text) => {
    expect(reasonOf(text)).toBe('minor');
  });
});

describe('understandInquiry: a call asked for as a friend or in the subjunctive', () => {
  it.each([
    // Spanish addressed as tú, not only as usted.
    ['Mija llámame cuando puedas, es sobre lo del botox de mami', 'human_requested'],
    ['¿me puedes marcar? quiero preguntar por el relleno', 'human_requested'],
    ['oye, que me llames hoy porfa, es sobre la cita', 'human_requested'],
    // Portuguese in the past subjunctive ('I'd like someone to call me') and a call back.
    ['Bom dia, gostaria que a recepção me ligasse para explicar o orçamento', 'human_requested'],
    ['queria que alguém da equipe me ligasse sobre a cirurgia da minha mãe', 'human_requested'],
  ])('%s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it.each([
    'como me llamas si no sabes mi nombre jaja, cuanto cuesta el botox',
    'queria saber se vocês ligam para confirmar a consulta',
  ])('not a call asked for: %s', (text) => {
    expect(reason(text)).toBeNull();
  });
});

describe('understandInquiry: prices, bookings and questions in Portuguese', () => {
  const intent = (text: string) => read(text).intent;

  it.each([
    ['quanto custa o botox?', 'pricing'],
    ['qual o valor do clareamento?', 'pricing'],
    ['vocês fazem promoção de preenchimento?', 'pricing'],
    ['tem horário pra botox na sexta?', 'booking'],
    ['queria marcar uma avaliação', 'booking'],
    ['dá pra encaixar uma limpeza hoje?', 'booking'],
    ['quanto custa o botox? tem horário sábado?', 'booking'],
    ['vocês aceitam convênio?', 'information'],
    ['onde fica a clínica de Brickell?', 'information'],
    // Spanish and English ways of asking for a free time.
    ['¿hay espacio el martes para un facial?', 'booking'],
    ['can I stop in Saturday for a botox touch-up?', 'booking'],
  ])('%s → %s', (text, expected) => {
    expect(intent(text)).toBe(expected);
  });

  it('reads a pregnant writer’s question whether a treatment is safe as a medical question, and her booking as a booking', () => {
    expect(read('Estou grávida de 3 meses, posso fazer limpeza nos dentes?')).toMatchObject({
      intent: 'medical_concern',
      escalation: { reason: 'pregnancy' },
    });
    expect(read('estou amamentando, é seguro fazer botox?').intent).toBe('medical_concern');
    expect(read('estou grávida e queria marcar uma limpeza pra sexta')).toMatchObject({
      intent: 'booking',
      escalation: { reason: 'pregnancy' },
    });
  });

  it('keeps a Spanish “marcar” a call, not a booking', () => {
    expect(read('me puede marcar al celular por favor').intent).toBe('human_requested');
  });
});
