import { INTENTS, LANGUAGES } from '@pp/contracts';
import type {
  CorrectionExample,
  DraftRequest,
  MessageChannel,
  MessagePurpose,
  PriceQuote,
} from '../../model';
import { findInventedPrices } from '../../safety/prices';
import { smsEncoding, smsSegments } from '../../safety/sms';
import { situationKey } from '../../situation';
import { applicableFee, draftMessage } from './draft';

const pricing: PriceQuote[] = [
  { procedureName: 'Botox', priceMin: 12, priceMax: 15, currency: 'USD', unit: 'unit', locationName: null },
  {
    procedureName: 'Lip Filler',
    priceMin: 650,
    priceMax: null,
    currency: 'USD',
    unit: 'syringe',
    locationName: 'Downtown',
  },
  {
    procedureName: 'Lip Filler',
    priceMin: 700,
    priceMax: null,
    currency: 'USD',
    unit: 'syringe',
    locationName: 'Uptown',
  },
  {
    procedureName: 'Tummy Tuck',
    priceMin: 8500,
    priceMax: 12000,
    currency: 'USD',
    unit: null,
    locationName: null,
  },
];

const request = (change: Partial<DraftRequest> = {}): DraftRequest => ({
  channel: 'sms',
  purpose: 'first_contact',
  language: 'en',
  intent: 'pricing',
  procedures: ['Botox'],
  recipient: { firstName: 'Maria', lastName: 'Lopez' },
  practice: { name: 'Glow Med Spa', locationName: 'Downtown', phone: '(555) 123-4567', bookingUrl: null },
  pricing,
  promotions: [],
  consultationFees: [],
  ...change,
});

const draft = (change: Partial<DraftRequest> = {}) => draftMessage(request(change));

describe('draftMessage: pricing', () => {
  it('quotes the price from the pricing data, personal to the lead, within 2 GSM-7 segments', () => {
    const d = draft();
    expect(d.body).toContain('Hi Maria, this is Glow Med Spa (Downtown).');
    expect(d.body).toContain('Botox is from $12 to $15 per unit.');
    expect(d.body).toContain('Reply STOP to opt out.');
    expect(findInventedPrices(d.body, request())).toEqual([]);
    expect(smsSegments(d.body)).toBeLessThanOrEqual(2);
    expect(smsEncoding(d.body)).toBe('GSM-7');
    expect(d).toMatchObject({
      subject: null,
      used_correction: false,
      provider: 'built-in',
      model: 'built-in',
    });
    expect(d.reasoning).toContain('quoted Botox');
  });

  it("quotes the location's own price when prices differ by location, and only that one", () => {
    const downtown = draft({ procedures: ['Lip Filler'] });
    expect(downtown.body).toContain('Lip Filler at our Downtown office starts at $650 per syringe.');
    expect(downtown.body).not.toContain('$700');
    const uptown = draft({
      procedures: ['Lip Filler'],
      practice: { name: 'Glow Med Spa', locationName: 'Uptown' },
    });
    expect(uptown.body).toContain('$700');
    expect(uptown.body).not.toContain('$650');
  });

  it('gives the range across locations, saying it depends on the location, when the location is unknown', () => {
    const d = draft({ procedures: ['Lip Filler'], practice: { name: 'Glow Med Spa' } });
    expect(d.body).toContain('Lip Filler is from $650 to $700 per syringe, depending on the location.');
  });

  it('offers a quote at the consultation, with no amount, when the pricing has no price for the procedure', () => {
    const d = draft({ procedures: ['CoolSculpting'] });
    expect(d.body).toContain('Pricing for CoolSculpting depends on your treatment plan');
    expect(d.body).not.toMatch(/\$\d/);
  });

  it('mentions only the promotions given for the procedure and location, and the consultation fee', () => {
    const d = draft({
      channel: 'email',
      promotions: [
        {
          name: 'Spring',
          description: '20% off Botox',
          procedureNames: ['Botox'],
          locationName: null,
          endsAt: null,
        },
        {
          name: 'Lips',
          description: '$100 off a second syringe',
          procedureNames: ['Lip Filler'],
          locationName: null,
          endsAt: null,
        },
        {
          name: 'Uptown',
          description: '10% off everything',
          procedureNames: [],
          locationName: 'Uptown',
          endsAt: null,
        },
      ],
      consultationFees: ['$150 consultation, credited toward treatment'],
    });
    expect(d.body).toContain('Right now: 20% off Botox.');
    expect(d.body).not.toContain('$100');
    expect(d.body).not.toContain('10%');
    expect(d.body).toContain('$150 consultation, credited toward treatment.');
    expect(d.subject).toBe('Botox pricing at Glow Med Spa');
  });

  it('quotes the consultation fee that applies to the procedure, none when unclear', () => {
    const fees = [
      'Free consultation for injectables, skin and laser treatments',
      '$150 surgical consultation, credited toward your procedure',
      '$95 new-patient dental exam with X-rays',
    ];
    expect(applicableFee(fees, ['Botox'])).toBe(fees[0]);
    expect(applicableFee(fees, ['Tummy Tuck'])).toBe(fees[1]);
    expect(applicableFee(fees, ['Dental Crowns'])).toBe(fees[2]);
    expect(applicableFee(fees, [])).toBeNull();
    expect(applicableFee(['Free consultation'], [])).toBe('Free consultation');
    const d = draft({ channel: 'email', procedures: ['Tummy Tuck'], consultationFees: fees });
    expect(d.body).toContain('$150 surgical consultation, credited toward your procedure.');
    expect(d.body).not.toMatch(/Free consultation|\$95/);
  });

  it('writes Spanish with the same facts', () => {
    const d = draft({ language: 'es', procedures: ['Lip Filler'], consultationFees: ['Free consultation'] });
    expect(d.body).toContain('Hola Maria, le saluda Glow Med Spa (Downtown).');
    expect(d.body).toContain('Lip Filler en nuestra sede de Downtown cuesta desde $650 por jeringa.');
    expect(d.body).toContain('Su consulta es gratuita.');
    expect(smsEncoding(d.body)).toBe('GSM-7');
  });
});

describe('draftMessage: other intents', () => {
  it('booking: offers the booking link when there is one, else asks for a good time at the location', () => {
    expect(
      draft({
        intent: 'booking',
        practice: { name: 'Glow Med Spa', bookingUrl: 'https://glow.example/book' },
      }).body,
    ).toContain('You can book a time here: https://glow.example/book');
    expect(draft({ intent: 'booking' }).body).toContain(
      'What day and time work best for you at our Downtown office?',
    );
  });

  const passages = [
    { id: 'k1', text: 'We are open Monday to Saturday. Parking is free in the garage behind the building.' },
    {
      id: 'k2',
      text: 'Botox is a neurotoxin injection. Results from Botox typically last three to four months.',
    },
  ];

  it('information: answers with the best passage sentence', () => {
    const d = draft({
      purpose: 'reply',
      intent: 'information',
      inbound: 'How long does Botox last?',
      passages,
    });
    expect(d.body).toContain('Results from Botox typically last three to four months.');
    expect(d.body).not.toContain('Parking');
  });

  it('information: offers a call when no passage answers', () => {
    const d = draft({
      purpose: 'reply',
      intent: 'information',
      inbound: 'Do you offer gift cards?',
      passages,
    });
    expect(d.body).toContain('Would a quick call work?');
    expect(d.body).toContain('(555) 123-4567');
    expect(d.body).not.toContain('Botox typically');
  });

  it('information: never quotes a passage sentence that reads like medical advice or names a price not in the facts', () => {
    const risky = [
      { id: 'k3', text: 'For swelling after Botox, take 400 mg ibuprofen every six hours.' },
      { id: 'k4', text: 'Swelling after Botox costs $99 to treat and usually settles in a day.' },
    ];
    const d = draft({
      purpose: 'reply',
      intent: 'information',
      inbound: 'What about swelling after Botox?',
      passages: risky,
    });
    expect(d.body).not.toMatch(/ibuprofen|\$99/);
  });

  it.each([
    ['reschedule', 'We got your request to reschedule. Our team will confirm a new time with you shortly.'],
    [
      'cancel_appointment',
      'We got your request to cancel your appointment. Our team will confirm the cancellation',
    ],
    ['help', "We're here to help! Reply with your question or call us at (555) 123-4567."],
  ] as const)('%s: acknowledges and says what happens next', (intent, words) => {
    expect(draft({ purpose: 'reply', intent }).body).toContain(words);
  });

  it('an SMS HELP keyword gets the short help notice', () => {
    expect(draft({ purpose: 'reply', intent: 'help', inbound: 'HELP' }).body).toBe(
      'Glow Med Spa: for help call (555) 123-4567 or reply with your question. Reply STOP to opt out.',
    );
  });

  it('medical concern: an acknowledgement that a person will call, no advice, no sales', () => {
    const d = draft({ purpose: 'escalation_ack', intent: 'medical_concern' });
    expect(d.body).toContain('A member of our team will contact you personally');
    expect(d.body).toContain('If this is an emergency, please call 911.');
    expect(d.body).not.toMatch(/\$|book|ice|ibuprofen|should take/i);
  });

  it('opt-out and wrong-number confirmations', () => {
    expect(draft({ purpose: 'opt_out_confirmation', intent: 'opt_out' }).body).toBe(
      "Glow Med Spa: you're unsubscribed and won't receive more messages from us. Reply START to resubscribe.",
    );
    expect(draft({ purpose: 'reply', intent: 'wrong_number' }).body).toContain("We've removed this number");
    const call = draft({ channel: 'phone', purpose: 'opt_out_confirmation', intent: 'opt_out' }).body;
    expect(call).toContain("You're unsubscribed and won't receive more messages from Glow Med Spa.");
    expect(call).not.toContain('Reply START');
  });

  it('follow-ups 1 to 3 get lighter: a question, an offer and a link, then a nudge and a link, then a last note', () => {
    const change = {
      practice: { name: 'Glow Med Spa', locationName: 'Downtown', bookingUrl: 'https://glow.example/b' },
      promotions: [
        { name: 'S', description: '20% off Botox', procedureNames: [], locationName: null, endsAt: null },
      ],
    };
    const [one, two, three] = [1, 2, 3].map(
      (n) => draft({ purpose: 'follow_up', followUpNumber: n, ...change }).body,
    );
    expect(one).toContain('Just checking in about Botox: do you have any questions we can answer?');
    expect(one).toContain('20% off Botox');
    expect(one).toContain('https://glow.example/b');
    expect(two).toContain('Still thinking about Botox?');
    expect(two).not.toContain('20% off');
    expect(two).toContain('https://glow.example/b');
    expect(three).toContain('This is our last check-in about Botox.');
    expect(three).not.toMatch(/https:|20% off/);
    expect(one.length).toBeGreaterThan(two.length);
    expect(two.length).toBeGreaterThan(three.length);
  });

  it('email has a subject and a sign-off; a call script has neither', () => {
    const email = draft({ channel: 'email', intent: 'booking' });
    expect(email.subject).toBe('Booking your Botox consultation');
    expect(email.body.startsWith('Hi Maria,\n\n')).toBe(true);
    expect(email.body).toContain('Best regards,\nThe Glow Med Spa team');
    const call = draft({ channel: 'phone' });
    expect(call.subject).toBeNull();
    expect(call.body.split('\n')[0]).toBe(
      'Hi, may I speak with Maria? This is the team at Glow Med Spa, Downtown.',
    );
  });

  it('works without a first name', () => {
    expect(draft({ recipient: { firstName: null, lastName: null } }).body).toMatch(
      /^Hi there, this is Glow Med Spa/,
    );
    expect(draft({ channel: 'email', recipient: { firstName: null, lastName: null } }).body).toMatch(
      /^Hello,/,
    );
  });
});

describe('draftMessage: SMS length', () => {
  const long = request({
    procedures: ['Tummy Tuck', 'Lip Filler'],
    practice: {
      name: 'The Aesthetic & Plastic Surgery Institute of Southern California',
      locationName: 'Newport Beach Fashion Island',
      phone: '(949) 555-0100',
      bookingUrl:
        'https://booking.example.com/aesthetic-plastic-surgery-institute/newport-beach/consultations',
    },
    promotions: [
      {
        name: 'Summer',
        description: '$100 off a second syringe of lip filler booked before the end of the summer season',
        procedureNames: [],
        locationName: null,
        endsAt: '2025-08-31',
      },
    ],
    consultationFees: ['$150 consultation, credited toward treatment'],
  });

  it('drops optional sentences to stay within 2 segments, keeping the price and the call to action', () => {
    const d = draftMessage(long);
    expect(smsSegments(d.body)).toBeLessThanOrEqual(2);
    expect(d.body).toContain('Tummy Tuck is from $8,500 to $12,000.');
    expect(d.body).toContain(
      'https://booking.example.com/aesthetic-plastic-surgery-institute/newport-beach/consultations',
    );
    expect(d.reasoning).toMatch(/left out \d optional sentence/);
  });

  it('does not claim a promotion or a second price the SMS left out to fit; the e-mail says and claims both', () => {
    const sms = draftMessage(long);
    expect(sms.body).not.toContain('$100 off');
    expect(sms.body).not.toContain('Lip Filler');
    expect(sms.reasoning).not.toContain('promotion');
    expect(sms.reasoning).toContain('quoted Tummy Tuck (all locations)');
    expect(sms.reasoning).not.toContain('Lip Filler');

    const email = draftMessage({ ...long, channel: 'email' });
    expect(email.body).toContain('$100 off a second syringe');
    expect(email.reasoning).toContain('mentioned the promotion "Summer"');
    expect(email.reasoning).toContain('quoted Tummy Tuck (all locations), Lip Filler');
  });

  it('says the SMS offered a call when the answer from the knowledge did not fit', () => {
    const passage =
      'Parking is free in the garage behind the building on Elm Street, entrance on the north side next to the pharmacy, open from seven in the morning until ten at night every day of the week.';
    const d = draft({
      intent: 'information',
      inbound: 'Is there parking in the garage behind the building?',
      passages: [{ id: 'c1', text: passage, url: 'https://x.example/visit', title: 'Visit', score: 1 }],
      maxSmsSegments: 1,
    });
    expect(d.body).not.toContain('Elm Street');
    expect(d.reasoning).not.toContain('answered from the best passage');
    expect(d.reasoning).toContain('offered a call');
  });

  it('honours a tighter budget and never cuts inside a word', () => {
    const bare = (word: string) => word.replace(/(\.\.\.|[.,!?:])+$/, '');
    const full = new Set(
      draftMessage({ ...long, maxSmsSegments: 99 })
        .body.split(/\s+/)
        .map(bare),
    );
    for (const max of [1, 2, 3]) {
      const d = draftMessage({ ...long, maxSmsSegments: max });
      expect(smsSegments(d.body)).toBeLessThanOrEqual(max);
      for (const word of d.body.split(/\s+/)) expect(full.has(bare(word))).toBe(true);
    }
  });

  it('keeps SMS in GSM-7 characters: curly quotes, dashes and emoji in the data are made plain', () => {
    const d = draft({
      recipient: { firstName: 'Zoë', lastName: null },
      practice: { name: 'Bella’s “Glow” Spa — Downtown ✨', locationName: 'Downtown' },
      promotions: [
        { name: 'x', description: '20% off Botox 💉', procedureNames: [], locationName: null, endsAt: null },
      ],
    });
    expect(smsEncoding(d.body)).toBe('GSM-7');
    expect(d.body).toContain('Bella\'s "Glow" Spa - Downtown');
    expect(d.body).toContain('Zoe');
  });
});

describe('draftMessage: never a price that is not in the facts (generated requests)', () => {
  // A small seeded generator: the same 1,500 requests every run.
  let seed = 20251124;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const purposes: MessagePurpose[] = [
    'first_contact',
    'reply',
    'follow_up',
    'escalation_ack',
    'opt_out_confirmation',
    'wrong_number_ack',
  ];
  const channels: MessageChannel[] = ['sms', 'email', 'phone'];
  const procedureNames = [
    'Botox',
    'Lip Filler',
    'Tummy Tuck',
    'HydraFacial',
    'Laser Hair Removal',
    'CoolSculpting',
  ];
  const locations = ['Downtown', 'Uptown', 'Westside', null];

  const generate = (): DraftRequest => {
    const rows: PriceQuote[] = [];
    for (const name of procedureNames) {
      if (random() < 0.3) continue;
      const perLocation = random() < 0.4;
      for (const location of perLocation ? ['Downtown', 'Uptown'] : [null]) {
        const min = random() < 0.9 ? Math.round(random() * 5000 + 10) : null;
        const max =
          min !== null && random() < 0.5 ? min + Math.round(random() * 3000) : random() < 0.1 ? 999 : null;
        rows.push({
          procedureName: name,
          priceMin: min,
          priceMax: max,
          currency: pick(['USD', 'USD', 'EUR']),
          unit: pick([null, 'unit', 'session', 'syringe']),
          locationName: location,
        });
      }
    }
    const promotions =
      random() < 0.5
        ? [
            {
              name: 'Promo',
              description: `${Math.round(random() * 40 + 5)}% off ${pick(procedureNames)}`,
              procedureNames: random() < 0.5 ? [] : [pick(procedureNames)],
              locationName: pick(locations),
              endsAt: null,
            },
          ]
        : [];
    const procedures = procedureNames.filter(() => random() < 0.3);
    return {
      channel: pick(channels),
      purpose: pick(purposes),
      language: pick(LANGUAGES),
      intent: pick(INTENTS),
      procedures,
      recipient: { firstName: pick(['Ana', 'José', 'Li', null, 'Mary-Jane']), lastName: null },
      practice: {
        name: pick(['Glow', 'Bella Aesthetics & Laser Center', 'Dr. Smith Plastic Surgery']),
        locationName: pick(locations),
        phone: pick(['(555) 123-4567', null]),
        bookingUrl: pick([null, 'https://book.example/x']),
      },
      pricing: rows,
      promotions,
      consultationFees: pick([
        [],
        ['Free consultation'],
        [`$${Math.round(random() * 200 + 50)} consultation fee`],
      ]),
      inbound: pick(['How much is it?', 'How long does it last?', null]),
      passages: [
        {
          id: 'p',
          text: 'Results last three to four months. A session takes 30 minutes. Packages start at $499 a month.',
        },
      ],
      followUpNumber: pick([1, 2, 3]),
      corrections: [],
    };
  };

  it('1,500 generated drafts quote no invented price and keep SMS within 2 GSM-7 segments', () => {
    const failures: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const r = generate();
      const d = draftMessage(r);
      const invented = findInventedPrices(d.body, r);
      if (invented.length) failures.push(`${invented.join(', ')} in: ${d.body}`);
      if (r.channel === 'sms' && smsSegments(d.body) > 2) failures.push(`too long: ${d.body}`);
      if (r.channel === 'sms' && smsEncoding(d.body) !== 'GSM-7') failures.push(`not GSM-7: ${d.body}`);
      if (r.channel === 'email' && !d.subject) failures.push(`no subject: ${d.body}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('draftMessage: learning from a correction', () => {
  const situation = situationKey({
    channel: 'sms',
    purpose: 'first_contact',
    intent: 'pricing',
    language: 'en',
  });
  const correction: CorrectionExample = {
    situation,
    original: 'Hi Maria, this is Glow Med Spa (Downtown). Botox is from $12 to $15 per unit.',
    corrected:
      'Hey Maria! Glow Med Spa here. Botox runs $12-$15 per unit at Downtown. Want me to hold a spot for you this week?',
    firstName: 'Maria',
    procedureName: 'Botox',
    practiceName: 'Glow Med Spa',
    locationName: 'Downtown',
  };
  const nextLead = {
    recipient: { firstName: 'Dana', lastName: 'Kim' },
    practice: { name: 'Glow Med Spa', locationName: 'Uptown' },
  };

  it("draft #2 follows correction #1, with the new lead's names", () => {
    const before = draft(nextLead);
    const after = draft({ ...nextLead, corrections: [correction] });
    expect(after.body).not.toBe(before.body);
    expect(after.body).toBe(
      'Hey Dana! Glow Med Spa here. Botox runs $12-$15 per unit at Uptown. Want me to hold a spot for you this week?',
    );
    expect(after.used_correction).toBe(true);
    expect(before.used_correction).toBe(false);
  });

  it('a correction for another situation changes nothing', () => {
    const other = {
      ...correction,
      situation: situationKey({
        channel: 'email',
        purpose: 'first_contact',
        intent: 'pricing',
        language: 'en',
      }),
    };
    const before = draft(nextLead);
    const after = draft({ ...nextLead, corrections: [other] });
    expect(after.body).toBe(before.body);
    expect(after.used_correction).toBe(false);
  });

  it('the newest correction of the situation wins', () => {
    const newer = {
      ...correction,
      corrected: 'Hi Maria, Glow Med Spa here: Botox is $12-$15 per unit. Questions? Just reply.',
    };
    expect(draft({ ...nextLead, corrections: [newer, correction] }).body).toBe(
      'Hi Dana, Glow Med Spa here: Botox is $12-$15 per unit. Questions? Just reply.',
    );
  });

  it('a correction quoting a price no longer in the pricing falls back to the plain template', () => {
    const repriced = pricing.map((p) =>
      p.procedureName === 'Botox' ? { ...p, priceMin: 13, priceMax: 16 } : p,
    );
    const d = draft({ ...nextLead, pricing: repriced, corrections: [correction] });
    expect(d.used_correction).toBe(false);
    expect(d.body).toContain('Botox is from $13 to $16 per unit.');
    expect(findInventedPrices(d.body, { pricing: repriced, promotions: [] })).toEqual([]);
    expect(d.reasoning).toContain('a remembered correction quotes a price not in the current pricing');
  });

  it("a correction's price for another procedure is not carried over to this lead's procedure", () => {
    const d = draft({ ...nextLead, procedures: ['Tummy Tuck'], corrections: [correction] });
    expect(d.used_correction).toBe(false);
    expect(d.body).not.toMatch(/\$12(?![\d,])/);
  });
});

describe('draftMessage: appointment reminders', () => {
  const appointment = {
    startsAt: '2030-06-04T14:00:00.000Z',
    timeZone: 'America/Chicago',
    title: 'Botox consultation',
    place: 'Glow Med Spa Downtown, 12 Main St',
  };
  const reminder = (change: Partial<DraftRequest> = {}) =>
    draft({ purpose: 'appointment_reminder', intent: 'booking', appointment, ...change });

  it("names the date and time on the location's clock, what and where, and no price", () => {
    const d = reminder();
    expect(d.body).toContain('Tuesday, June 4 at 9:00 AM');
    expect(d.body).toContain('Botox consultation');
    expect(d.body).toContain('Glow Med Spa Downtown, 12 Main St');
    expect(d.body).not.toContain('$');
    expect(findInventedPrices(d.body, { pricing: [], promotions: [], consultationFees: [] })).toEqual([]);
    expect(smsEncoding(d.body)).toBe('GSM-7');
    expect(smsSegments(d.body)).toBeLessThanOrEqual(2);
  });

  it('writes it in Spanish for a Spanish-speaking lead, and by e-mail with a subject', () => {
    const sms = reminder({ language: 'es' });
    expect(sms.body).toContain(
      'Le recordamos su cita (Botox consultation) el martes, 4 de junio, a las 9:00',
    );
    const email = reminder({ channel: 'email', language: 'en' });
    expect(email.subject).toBe('Your appointment at Glow Med Spa');
    expect(email.body).toContain('Hi Maria,');
    expect(email.body).toContain('Tuesday, June 4 at 9:00 AM');
  });

  it('reads the time across a DST change on the wall clock of the location', () => {
    // March 14 2027 is the first day of daylight time in the US: 09:00 CDT is 14:00 UTC.
    const d = reminder({ appointment: { ...appointment, startsAt: '2027-03-15T14:00:00.000Z' } });
    expect(d.body).toContain('Monday, March 15 at 9:00 AM');
  });
});
