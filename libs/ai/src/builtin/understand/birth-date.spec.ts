import { statedAges } from './birth-date';
import { findEscalations } from './safety-rules';
import { OFFERED } from './test-helpers';
import { understandInquiry } from './understand';

/** The day the messages below came in, unless a test says otherwise. */
const RECEIVED = new Date('2026-11-15T12:00:00Z');

const reasons = (text: string, on = RECEIVED) => findEscalations(text, on).map((finding) => finding.reason);

describe('a date of birth read as an age on the day the message came in', () => {
  it.each([
    ['born in 2010', { youngest: 15, oldest: 16 }],
    ['dob 03/14/2009', { youngest: 17, oldest: 17 }],
    // Day and month both possible: read both ways round.
    ['d.o.b. 04/12/2008', { youngest: 17, oldest: 18 }],
    ['date of birth: 2008-12-20', { youngest: 17, oldest: 17 }],
    ['naci el 5 de mayo de 2011', { youngest: 15, oldest: 15 }],
    ['nasci em 2008', { youngest: 17, oldest: 18 }],
    ['born on the 4th of july 2010', { youngest: 16, oldest: 16 }],
    ['born march 2009', { youngest: 17, oldest: 17 }],
    ['fecha de nacimiento: 17/02/1994', { youngest: 32, oldest: 32 }],
  ])('%s', (text, age) => {
    expect(statedAges(text, RECEIVED)).toEqual([age]);
  });

  it('reads the same words as a different age on a later day', () => {
    expect(statedAges('date of birth: 2008-12-20', new Date('2026-12-20T09:00:00Z'))).toEqual([
      { youngest: 18, oldest: 18 },
    ]);
    expect(statedAges('born in 2010', new Date('2029-03-01T09:00:00Z'))).toEqual([
      { youngest: 18, oldest: 19 },
    ]);
  });

  it.each([
    'my birthday is 11/15/2010',
    'born and raised in miami since 2010',
    'born with a gap in my teeth, had braces in 2010',
    'born in 2030',
    'dob 2010123',
  ])('gives no age for %s', (text) => {
    expect(statedAges(text, RECEIVED)).toEqual([]);
  });
});

describe('a patient under 18 by the date of birth they give', () => {
  it('reaches a person when they ask for aesthetic care', () => {
    expect(reasons('born in 2011 and i want lip filler before summer')).toContain('minor');
    expect(reasons('DOB 03/14/2010 — how much is laser hair removal?')).toContain('minor');
    expect(reasons('Nací el 5 de mayo de 2011, quiero botox')).toContain('minor');
    // Unsure whether 17 or 18 (no month): a person reads it.
    expect(reasons('born in 2008, can I get botox?')).toContain('minor');
  });

  it('not once they are 18 on the day the message came in, nor for an adult or a child told of', () => {
    expect(
      reasons('born in 2011 and i want lip filler before summer', new Date('2030-01-02T12:00:00Z')),
    ).not.toContain('minor');
    expect(reasons('born in 1990, thinking about botox for my forehead lines')).not.toContain('minor');
    expect(
      reasons('my son was born in 2015 and keeps me up, so I want botox for my eleven lines'),
    ).not.toContain('minor');
  });
});

describe('a form’s date-of-birth field', () => {
  const form = (text: string, dateOfBirth: string, receivedAt = RECEIVED) =>
    understandInquiry({
      channel: 'form',
      text,
      formFields: { date_of_birth: dateOfBirth },
      practiceProcedures: OFFERED,
      receivedAt,
    }).escalation;

  it('makes a minor of a patient under 18 on the day the form came in', () => {
    expect(form('How much is lip filler? Looking for something subtle.', '2010-06-02')).toMatchObject({
      reason: 'minor',
      evidence: 'Date of birth: 2010-06-02',
    });
  });

  it('not an adult, a patient 18 by the day the form came in, nor a child’s routine dental care', () => {
    expect(form('How much is lip filler? Looking for something subtle.', '1994-06-02')).toBeNull();
    expect(form('How much is lip filler?', '2010-06-02', new Date('2028-07-01T12:00:00Z'))).toBeNull();
    expect(form('Cleaning and check-up for my son please, any Saturday', '2015-01-20')).toBeNull();
  });
});
