import { bookingWidgetOf, extractPage, htmlToText } from './extract';

const nav = `<header><nav><a href="/">Home</a><a href="/botox">Botox</a><a href="/fillers">Fillers</a>
  <a href="/laser">Laser</a><a href="/contact">Contact</a></nav></header>`;
const footer = `<footer><p>© 2026 Glow Med Spa. All rights reserved.</p><p>Subscribe to our newsletter.</p></footer>
  <script>window.dataLayer = []; gtag('config', 'G-XYZ');</script>`;

describe('extractPage', () => {
  it('keeps the article text in paragraphs, without navigation, footer or scripts', () => {
    const html = `<html><head><title> Botox in Santa Monica | Glow </title></head><body>${nav}
      <main><article><h1>Botox</h1>
        <p>Botox softens frown lines and crow's feet in a fifteen-minute visit. Results show in three to seven days
        and last three to four months, and there is no downtime at all after the appointment.</p>
        <p>Botox is $14 per unit; a forehead treatment usually takes 30 to 40 units. New patients get $50 off.</p>
        <h2>Who performs it</h2><p>Our nurse injectors, each with at least five years of experience.</p>
      </article></main>${footer}</body></html>`;
    const page = extractPage(html, 'https://glow.example/botox');
    expect(page.title).toBe('Botox in Santa Monica | Glow');
    expect(page.text).toContain('Botox is $14 per unit');
    expect(page.text).toContain('fifteen-minute visit. Results show');
    expect(page.text.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(page.text).not.toMatch(/All rights reserved|newsletter|dataLayer|gtag/);
    expect(page.headings).toEqual(['Botox', 'Who performs it']);
  });

  it('falls back to the body text minus navigation and footer when Readability finds no article', () => {
    const html = `<html><head><title>Contact</title><style>p{color:red}</style></head><body>${nav}
      <div><span>Call (310) 555-0142</span></div>${footer}</body></html>`;
    const page = extractPage(html, 'https://glow.example/contact');
    expect(page.text).toBe('Call (310) 555-0142');
  });

  it('parses every JSON-LD block and skips invalid ones', () => {
    const html = `<html><head><title>Dentist</title>
      <script type="application/ld+json">{"@type":"Dentist","name":"Bright Smile"}</script>
      <script type="application/LD+JSON"><!-- [{"@type":"WebSite"}] --></script>
      <script type="application/ld+json">{ not json</script></head><body><p>Hello</p></body></html>`;
    expect(extractPage(html, 'https://dentist.example/').structuredData).toEqual([
      { '@type': 'Dentist', name: 'Bright Smile' },
      [{ '@type': 'WebSite' }],
    ]);
  });

  it('returns absolute http(s) links, resolved against <base>, without mailto/tel/javascript', () => {
    const html = `<html><head><base href="https://glow.example/en/"></head><body>
      <a href="services">S</a><a href="/about#team">A</a><a href="mailto:a@b.c">M</a><a href="tel:+1">T</a>
      <a href="javascript:void(0)">J</a><a href="https://instagram.com/glow">I</a><a href="http://[bad">B</a></body></html>`;
    expect(extractPage(html, 'https://glow.example/en/home').links).toEqual([
      'https://glow.example/en/services',
      'https://glow.example/about#team',
      'https://instagram.com/glow',
    ]);
  });

  it('uses og:title or the first heading when there is no <title>', () => {
    expect(
      extractPage('<meta property="og:title" content="Hart Surgery"><h1>X</h1>', 'https://a.example/').title,
    ).toBe('Hart Surgery');
    expect(extractPage('<h1>Hart Surgery</h1>', 'https://a.example/').title).toBe('Hart Surgery');
    expect(extractPage('<p>x</p>', 'https://a.example/').title).toBeNull();
  });

  it('never throws on broken HTML', () => {
    expect(() =>
      extractPage('<html><body><div><p>unclosed <b>bold <table><tr><td>cell', 'https://a.example/'),
    ).not.toThrow();
    expect(extractPage('', 'https://a.example/').text).toBe('');
  });
});

describe('extractPage: meta', () => {
  it('reads the description and the OpenGraph names from the head', () => {
    const html = `<html><head><title>Home</title>
      <meta name="Description" content="  Austin's physician-led
        med spa. ">
      <meta property="og:site_name" content="Glow Med Spa">
      <meta property="og:title" content="Glow Med Spa | Botox &amp; Fillers">
      <meta property="og:description" content="Natural results."></head><body><p>Hi</p></body></html>`;
    expect(extractPage(html, 'https://glow.example/').meta).toEqual({
      description: "Austin's physician-led med spa.",
      siteName: 'Glow Med Spa',
      ogTitle: 'Glow Med Spa | Botox & Fillers',
      ogDescription: 'Natural results.',
    });
  });

  it('gives null for what the head does not say, and at most 500 characters of what it does', () => {
    const html = `<meta name="description" content="${'a '.repeat(2000)}"><meta property="og:site_name" content="  ">`;
    const { meta } = extractPage(html, 'https://glow.example/');
    expect(meta.description).toHaveLength(500);
    expect(meta).toMatchObject({ siteName: null, ogTitle: null, ogDescription: null });
  });
});

describe('extractPage: contact', () => {
  const page = `<html><head><title>Contact</title></head><body>
    <header><nav><a href="/">Home</a><a href="tel:+1%20(512)%20555-0199">(512) 555-0199</a>
      <a class="btn" href="/book-now?utm_source=nav#top">Go</a></nav></header>
    <main><h1>Contact us</h1><p>We would love to hear from you.</p>
      <p><a href="/consultation">Schedule a consultation</a> or <a href="tel:5125550199">call</a>.</p>
      <iframe title="Booking" src="https://www.joinblvd.com/b/glow-med-spa/widget"></iframe></main>
    <footer><div class="cols">
      <address>Glow Med Spa<br>1200 South Lamar Blvd, Suite 110<br>Austin, TX 78704</address>
      <p><a href="mailto:Hello@GlowMedSpa.example?subject=Hello">Hello@GlowMedSpa.example</a>
        <a href="MAILTO:hello@glowmedspa.example,frontdesk@glowmedspa.example">Write to us</a></p>
      <p><a href="https://www.facebook.com/glowmedspa">Facebook</a> <a href="/ebooks/skin-guide">Our e-book</a></p>
      <p>© 2026 Glow Med Spa</p></div></footer></body></html>`;

  it('keeps tel: and mailto: targets from header and footer, decoded and deduplicated', () => {
    const { contact } = extractPage(page, 'https://glowmedspa.example/contact');
    expect(contact.phones).toEqual(['+1 (512) 555-0199', '5125550199']);
    expect(contact.emails).toEqual(['Hello@GlowMedSpa.example', 'frontdesk@glowmedspa.example']);
  });

  it('keeps the lines of <address> and of the footer that the readable text leaves out', () => {
    const extracted = extractPage(page, 'https://glowmedspa.example/contact');
    expect(extracted.text).not.toContain('Lamar');
    expect(extracted.contact.addresses).toEqual([
      'Glow Med Spa\n1200 South Lamar Blvd, Suite 110\nAustin, TX 78704',
    ]);
    expect(extracted.contact.footer).toBe(
      'Glow Med Spa\n1200 South Lamar Blvd, Suite 110\nAustin, TX 78704\nHello@GlowMedSpa.example Write to us\n' +
        'Facebook Our e-book\n© 2026 Glow Med Spa',
    );
  });

  it('finds booking links by widget, path or text, without fragments, and not Facebook or an e-book', () => {
    expect(extractPage(page, 'https://glowmedspa.example/contact').contact.bookingLinks).toEqual([
      'https://glowmedspa.example/book-now?utm_source=nav',
      'https://glowmedspa.example/consultation',
      'https://www.joinblvd.com/b/glow-med-spa/widget',
    ]);
  });

  it('reads an outer <address> or footer once, with what it nests', () => {
    const html = `<footer>One<footer>Two<address>A<address>B</address></address></footer></footer>
      <div role="contentinfo">Three</div>`;
    const { contact } = extractPage(html, 'https://a.example/');
    expect(contact.addresses).toEqual(['A\nB']);
    expect(contact.footer).toBe('One\nTwo\nA\nB\nThree');
  });

  it('has empty contact details for a page without any', () => {
    expect(extractPage('<p>Hello</p>', 'https://a.example/').contact).toEqual({
      phones: [],
      emails: [],
      addresses: [],
      footer: '',
      bookingLinks: [],
    });
  });

  it('stays bounded on a hostile page: 20 of each, a 2,000-character footer, 300-character addresses', () => {
    const links = Array.from(
      { length: 300 },
      (_, i) =>
        `<a href="tel:+1512555${String(i).padStart(4, '0')}">t</a><a href="mailto:a${i}@b.example">m</a>` +
        `<a href="/book/${i}">b</a><address>${'x'.repeat(1000)} ${i}</address>`,
    ).join('');
    const footers = `<footer>${'Long footer text. '.repeat(500)}</footer>`.repeat(10);
    const { contact } = extractPage(
      `<body>${links}${footers}<a href="mailto:not an address">x</a></body>`,
      'https://a.example/',
    );
    expect(contact.phones).toHaveLength(20);
    expect(contact.emails).toHaveLength(20);
    expect(contact.bookingLinks).toHaveLength(20);
    expect(contact.addresses).toHaveLength(20);
    expect(Math.max(...contact.addresses.map((a) => a.length))).toBeLessThanOrEqual(300);
    expect(contact.footer.length).toBeLessThanOrEqual(2000);
    expect(contact.footer.length).toBeGreaterThan(1900);
  });
});

describe('bookingWidgetOf', () => {
  it('names the booking service of an address by its host or a parent domain', () => {
    expect(bookingWidgetOf('https://www.joinblvd.com/b/glow')).toBe('Boulevard');
    expect(bookingWidgetOf('https://app.nexhealth.com/appt/smile')).toBe('NexHealth');
    expect(bookingWidgetOf('https://www.zocdoc.com/practice/smile-dental-123')).toBe('Zocdoc');
    expect(bookingWidgetOf('https://glow.janeapp.com/')).toBe('Jane');
  });

  it('gives null for other hosts, look-alike hosts and what is not an address', () => {
    expect(bookingWidgetOf('https://glow.example/book')).toBeNull();
    expect(bookingWidgetOf('https://notzocdoc.com/x')).toBeNull();
    expect(bookingWidgetOf('https://zocdoc.com.evil.example/x')).toBeNull();
    expect(bookingWidgetOf('not a url')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('separates blocks by blank lines and table cells by bars', () => {
    expect(
      htmlToText(
        '<h2>Prices</h2><table><tr><th>Item</th><th>Price</th></tr><tr><td>Botox</td><td>$14</td></tr></table><ul><li>One</li><li>Two<br>lines</li></ul>',
      ),
    ).toBe('Prices\n\nItem | Price\n\nBotox | $14\n\nOne\n\nTwo\n\nlines');
  });
});

describe('a page nested deeper than any real one', () => {
  // Readability's cost grows with the square of the nesting (8 s at 1,000 levels), the serialiser and an
  // element's text are recursive (a stack overflow at 5,000), and the parser's scope checks and the selector
  // queries cost the nodes times the depth (20 s at 50,000).
  const nested = (depth: number) =>
    `<html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}<h2>Deep heading</h2><p>Deep text.</p>${'</div>'.repeat(depth)}<p>Hello world.</p></body></html>`;

  it.each([200, 900])('is read by the iterative walk at %i levels, without Readability', (depth) => {
    const page = extractPage(nested(depth), 'https://deep.example/');
    expect(page.text).toBe('Deep heading\n\nDeep text.\n\nHello world.');
    expect(page.headings).toEqual(['Deep heading']);
  });

  it.each([5000, 100_000])('gives nothing at %i levels: it is not read', (depth) => {
    expect(extractPage(nested(depth), 'https://deep.example/')).toEqual({
      title: null,
      text: '',
      headings: [],
      structuredData: [],
      links: [],
      meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
      contact: { phones: [], emails: [], addresses: [], footer: '', bookingLinks: [] },
    });
  });

  it('counts only elements that nest: thousands of siblings, void tags and unclosed list items are an ordinary page', () => {
    const wide = `<html><body>${'<p>Line.<br><img src="/a.png"></p>'.repeat(3000)}<ul>${'<li>Item'.repeat(3000)}</ul></body></html>`;
    const page = extractPage(wide, 'https://wide.example/');
    expect(page.text).toContain('Line.');
    expect(page.text).toContain('Item');
  });
});
