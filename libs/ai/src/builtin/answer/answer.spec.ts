import type { AnswerRequest, RetrievedPassage } from '../../model';
import { findInventedPrices } from '../../safety/prices';
import { answerQuestion, leadQuestionKind } from './answer';

const context: RetrievedPassage[] = [
  {
    id: 'chunk-hours',
    text: 'Our Downtown office is open Monday to Friday from 9am to 6pm. On Saturdays we open from 10am to 2pm.',
    url: 'https://glow.example/contact',
    title: 'Contact',
  },
  {
    id: 'chunk-botox',
    text: "Botox softens frown lines and crow's feet. Results from Botox usually last three to four months. The treatment takes about 15 minutes.",
    url: 'https://glow.example/botox',
    title: 'Botox',
  },
  {
    id: 'chunk-financing',
    text: 'We offer financing through CareCredit with approved credit. Packages start at $499 a month.',
    url: 'https://glow.example/financing',
    title: 'Financing',
  },
  {
    id: 'chunk-es',
    text: 'El estacionamiento es gratuito en el garaje detrás del edificio.',
    title: 'Estacionamiento',
  },
];

const ask = (question: string, change: Partial<AnswerRequest> = {}) =>
  answerQuestion({
    question,
    context,
    practice: {
      name: 'Glow Med Spa',
      locationName: 'Downtown',
      phone: '(555) 123-4567',
      timezone: 'America/New_York',
    },
    pricing: [
      {
        procedureName: 'Botox',
        priceMin: 12,
        priceMax: 15,
        currency: 'USD',
        unit: 'unit',
        locationName: null,
      },
    ],
    promotions: [],
    ...change,
  });

describe('answerQuestion: from the knowledge passages', () => {
  it('answers with the best matching sentence and cites its passage', () => {
    const a = ask('How long does Botox last?');
    expect(a.answer).toBe('Results from Botox usually last three to four months.');
    expect(a.citations).toEqual(['chunk-botox']);
    expect(a.grounded).toBe(true);
    expect(a).toMatchObject({ provider: 'built-in', model: 'built-in' });
  });

  it('answers an opening-hours question from the hours passage', () => {
    const a = ask('What are your hours on Saturday?');
    expect(a.answer).toContain('On Saturdays we open from 10am to 2pm.');
    expect(a.citations).toContain('chunk-hours');
    expect(a.citations).not.toContain('chunk-botox');
  });

  it('understands a Spanish question (Spanish stop words left out, accents folded)', () => {
    const a = ask('¿El estacionamiento es gratis o dónde está el garaje?');
    expect(a.answer).toContain('El estacionamiento es gratuito');
    expect(a.citations).toEqual(['chunk-es']);
  });

  it('says honestly that it does not know when nothing relevant is in the passages', () => {
    const a = ask('Do you sell gift cards?');
    expect(a.grounded).toBe(false);
    expect(a.citations).toEqual([]);
    expect(a.answer).toBe(
      "I don't have that information in Glow Med Spa's knowledge base. The team can confirm it at (555) 123-4567.",
    );
    expect(ask('¿Venden tarjetas de regalo?').answer).toMatch(/^No tengo esa información/);
    expect(ask('How long does Botox last?', { context: [] }).grounded).toBe(false);
  });

  it('never quotes a price the facts do not hold, even when a passage states it', () => {
    const a = ask('Do you offer financing packages?');
    expect(a.answer).toContain('CareCredit');
    expect(a.answer).not.toContain('$499');
    expect(findInventedPrices(a.answer, { pricing: [], promotions: [] })).toEqual([]);
  });

  it('answers a price question from the pricing data only', () => {
    const a = ask('How much does Botox cost?');
    expect(a.answer).toBe('Botox is from $12 to $15 per unit.');
    expect(a.grounded).toBe(true);
    expect(ask('¿Cuánto cuesta el Botox?').answer).toBe('Botox cuesta de $12 a $15 por unidad.');
  });
});

describe('answerQuestion: about the lead', () => {
  const lead: NonNullable<AnswerRequest['lead']> = {
    name: 'Maria Lopez',
    summary: 'Asked about Botox for forehead lines before her wedding in June.',
    procedures: ['Botox'],
    stage: 'Engaged',
    timeline: [
      {
        from: 'contact',
        text: 'Hi, how much is Botox for forehead lines?',
        channel: 'form',
        at: '2025-03-01T15:00:00Z',
      },
      {
        from: 'practice',
        text: 'Hi Maria, Botox is from $12 to $15 per unit.',
        channel: 'sms',
        at: '2025-03-01T15:01:00Z',
      },
      {
        from: 'contact',
        text: 'Great, can I come in next Tuesday afternoon?',
        channel: 'sms',
        at: '2025-03-02T18:30:00Z',
      },
      {
        from: 'practice',
        text: 'Tuesday at 3pm works. See you then!',
        channel: 'sms',
        at: '2025-03-02T18:35:00Z',
      },
    ],
  };

  it.each([
    ['What does she want?', 'wants'],
    ['When did they last reply?', 'last_reply'],
    ['What was the last message?', 'last_message'],
    ['Summarize this lead', 'summary'],
    ['What stage is she at?', 'stage'],
    ['¿Qué quiere?', 'wants'],
    ['How long does Botox last?', null],
  ])('reads %p as a %p question', (question, kind) => expect(leadQuestionKind(question)).toBe(kind));

  it('what does she want: the procedures and the summary', () => {
    const a = ask('What does she want?', { lead });
    expect(a.answer).toBe(
      'Maria Lopez is interested in Botox. Asked about Botox for forehead lines before her wedding in June.',
    );
    expect(a.grounded).toBe(true);
  });

  it("when did they last reply: the lead's latest message with its time in the practice's zone", () => {
    const a = ask('When did they last reply?', { lead });
    expect(a.answer).toBe(
      'Maria Lopez last wrote on Mar 2, 2025, 1:30 PM by sms: "Great, can I come in next Tuesday afternoon?"',
    );
  });

  it('what was the last message: whoever sent it', () => {
    expect(ask('What was the last message?', { lead }).answer).toBe(
      'The last message was from the practice on Mar 2, 2025, 1:35 PM: "Tuesday at 3pm works. See you then!"',
    );
  });

  it('summarize: interest, stage, messages and the last reply', () => {
    const a = ask('Summarize', { lead });
    expect(a.answer).toContain('Maria Lopez is interested in Botox.');
    expect(a.answer).toContain('Maria Lopez is at the Engaged stage.');
    expect(a.answer).toContain('4 messages so far.');
    expect(a.answer).toContain('Maria Lopez last wrote on Mar 2, 2025');
  });

  it('a lead with no reply yet says so', () => {
    const quiet = { ...lead, timeline: [lead.timeline[1]] };
    expect(ask('When did they last reply?', { lead: quiet }).answer).toBe('Maria Lopez has not replied yet.');
  });

  it('a knowledge question asked beside a lead is still answered from the passages', () => {
    expect(ask('How long does Botox last?', { lead }).citations).toEqual(['chunk-botox']);
  });
});

describe('answerQuestion: never a price that is not in the facts (generated questions)', () => {
  it('500 questions over passages full of amounts quote only the pricing', () => {
    const passages: RetrievedPassage[] = [
      {
        id: 'a',
        text: 'Botox costs $10 per unit during our events. Botox results last three to four months.',
      },
      { id: 'b', text: 'Lip filler is $599 a syringe. Lip filler swelling settles within a week.' },
      { id: 'c', text: 'Save 30% on laser hair removal packages. Laser hair removal needs six sessions.' },
      { id: 'd', text: 'Financing starts at $99 a month. We accept CareCredit and Cherry.' },
    ];
    const words = [
      'botox',
      'lip',
      'filler',
      'laser',
      'hair',
      'price',
      'cost',
      'how much',
      'financing',
      'last',
      'swelling',
      'sessions',
      'cuánto',
      'precio',
      'month',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const facts = {
      pricing: [
        {
          procedureName: 'Botox',
          priceMin: 12,
          priceMax: 15,
          currency: 'USD',
          unit: 'unit',
          locationName: null,
        },
      ],
      promotions: [],
    };
    const failures: string[] = [];
    for (let i = 0; i < 500; i++) {
      const question =
        Array.from(
          { length: 1 + Math.floor(random() * 4) },
          () => words[Math.floor(random() * words.length)],
        ).join(' ') + '?';
      const a = ask(question, { context: passages, ...facts });
      const invented = findInventedPrices(a.answer, facts);
      if (invented.length) failures.push(`${question} → ${a.answer}`);
      if (a.grounded && a.citations.length === 0 && !/^Botox (is|cuesta) /.test(a.answer))
        failures.push(`uncited: ${question}`);
    }
    expect(failures).toEqual([]);
  });
});
