import type { CrawledPage } from '@pp/crawler';
import { bookingOf, bookingSentence, MAX_BOOKING } from './booking';

function page(url: string, text: string, bookingLinks: string[] = [], footer = ''): CrawledPage {
  return {
    url,
    title: null,
    text,
    headings: [],
    structuredData: [],
    meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
    contact: { phones: [], emails: [], addresses: [], footer, bookingLinks },
    fetchedAt: new Date(),
  };
}

describe('bookingSentence', () => {
  it('finds the sentence that tells how to book, a whole one before a button fragment', () => {
    expect(
      bookingSentence(
        page(
          'https://a.example/',
          'Book Your Consultation Today\n\nWe love our patients. Call us at (512) 555-0142 to book your consultation.',
        ),
      ),
    ).toEqual({ text: 'Call us at (512) 555-0142 to book your consultation.', whole: true });
    expect(bookingSentence(page('https://a.example/', 'Book your consultation online'))).toEqual({
      text: 'Book your consultation online',
      whole: false,
    });
    expect(bookingSentence(page('https://a.example/', 'Hello.', [], 'Text 555 to book online.'))).toEqual({
      text: 'Text 555 to book online.',
      whole: true,
    });
  });

  it('leaves out cookie banners, cancellation policies and testimonials', () => {
    const text = [
      'By clicking Book, you accept our cookies for appointment scheduling.',
      'Appointments cancelled with less than 24 hours notice are charged a fee.',
      '“Booking an appointment was so easy!” – Jenna',
    ].join('\n\n');
    expect(bookingSentence(page('https://a.example/', text))).toBeNull();
  });
});

describe('bookingOf', () => {
  it("names a known widget and its link, with the page's sentence about booking", () => {
    const found = bookingOf([
      page('https://a.example/', 'Welcome.', ['https://a.example/book']),
      page('https://a.example/contact', 'Call (480) 555-0163 to schedule your visit.', [
        'https://a.example/book',
        'https://www.zocdoc.com/practice/smile-123',
      ]),
    ]);
    expect(found).toEqual({
      text: 'Call (480) 555-0163 to schedule your visit. Online booking through Zocdoc: https://www.zocdoc.com/practice/smile-123',
      source: 'https://a.example/contact',
    });
  });

  it('gives a booking page, a sentence, or nothing', () => {
    expect(bookingOf([page('https://a.example/', 'Hi.', ['https://a.example/appointments'])])?.text).toBe(
      'Booking page: https://a.example/appointments',
    );
    expect(bookingOf([page('https://a.example/', 'Book online with Vagaro in a minute.')])?.text).toBe(
      'Book online with Vagaro in a minute.',
    );
    expect(bookingOf([page('https://a.example/', 'We love skin.')])).toBeNull();
  });

  it(`keeps to ${MAX_BOOKING} characters`, () => {
    const long = `Call us to book your appointment ${'today '.repeat(40)}.`;
    const found = bookingOf([
      page('https://a.example/', long, [`https://www.vagaro.com/${'x'.repeat(200)}`]),
    ]);
    expect(found?.text.length).toBeLessThanOrEqual(MAX_BOOKING);
    expect(found?.text).toMatch(/^Online booking through Vagaro: https:\/\/www\.vagaro\.com\//);
  });
});
