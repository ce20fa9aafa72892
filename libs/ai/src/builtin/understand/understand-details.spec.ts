import { detectLanguage, expand } from './text';
import { read } from './test-helpers';

describe('understandInquiry: language, urgency and the rest of the reading', () => {
  it.each([
    ['Hola, quisiera saber el precio del botox', 'es'],
    ['AYUDA', 'es'],
    ['BAJA', 'es'],
    ['hola, necesito un appointment for teeth whitening este viernes', 'es'],
    ['Hey how much is botox? mi esposo also wants to try it', 'en'],
    ['hw much 4 lip filler', 'en'],
    ['STOP', 'en'],
  ])('%s is %s', (text, language) => {
    expect(detectLanguage(text).language).toBe(language);
    expect(read(text).language).toBe(language);
  });

  it('expands SMS shorthand', () => {
    expect(expand('hw much r u charging 4 botox pls thx')).toBe(
      'how much are you charging 4 botox please thanks',
    );
    expect(expand('can i get an appt tmrw or this wknd asap?')).toBe(
      'can i get an appointment tomorrow or this weekend asap ?',
    );
    expect(expand('$$ for lips?')).toBe('price for lips ?');
  });

  it('rates urgency: health and today’s changes high, near bookings medium, questions low', () => {
    expect(read('my lips are swollen and hot since my filler yesterday').urgency_level).toBe('high');
    expect(read('running late for my 3pm today').urgency_level).toBe('high');
    expect(read('can I book botox for tomorrow?').urgency_level).toBe('medium');
    expect(read('I need to reschedule my consult').urgency_level).toBe('medium');
    expect(read('Terrible service, I am very unhappy').urgency_level).toBe('medium');
    expect(read('how much is botox').urgency_level).toBe('low');
    expect(read('I would like to book a consultation for veneers').urgency_level).toBe('low');
    expect(read('STOP').urgency_level).toBe('low');
  });

  it('notes concerns, signals, objections, budget, contact preferences and style', () => {
    const understanding = read(
      'Hi! How much is lip filler, does it hurt, and do you have financing? I am on a tight budget. Text me in the evening, I want to book asap',
    );
    expect(understanding.key_concerns).toEqual(expect.arrayContaining(['price', 'pain', 'financing']));
    expect(understanding.buying_signals).toEqual(expect.arrayContaining(['asked to book', 'wants it soon']));
    expect(understanding.objections.map((objection) => objection.objection_type)).toEqual(
      expect.arrayContaining(['price', 'fear of pain']),
    );
    expect(understanding.budget_indicator).toBe('low');
    expect(understanding.preferred_contact_method).toBe('sms');
    expect(understanding.preferred_contact_time).toBe('evening');
    expect(read('hey can u txt me abt botox lol').communication_style).toBe('casual');
    expect(
      read('Dear team, I would like to inquire about rhinoplasty. Kind regards, Ana').communication_style,
    ).toBe('formal');
  });

  it('summarises in one or two English sentences, whatever the language', () => {
    const summary = read('Hola, cuánto cuesta el relleno de labios? tengo miedo del dolor').inquiry_summary;
    expect(summary).toMatch(/^Asks about pricing for Lip Filler \(writes in Spanish\)\./);
    expect(summary.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(2);
    expect(read('my face is swollen after my botox yesterday').inquiry_summary).toContain(
      'symptoms after a treatment',
    );
  });

  it('is less confident about a message too short to read', () => {
    expect(read('hmm?').confidence).toBeLessThan(0.5);
    expect(read('How much is Botox per unit at the Brickell office?').confidence).toBeGreaterThanOrEqual(0.8);
  });
});
