import { extractPage, htmlToText } from './extract';

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

describe('htmlToText', () => {
  it('separates blocks by blank lines and table cells by bars', () => {
    expect(
      htmlToText(
        '<h2>Prices</h2><table><tr><th>Item</th><th>Price</th></tr><tr><td>Botox</td><td>$14</td></tr></table><ul><li>One</li><li>Two<br>lines</li></ul>',
      ),
    ).toBe('Prices\n\nItem | Price\n\nBotox | $14\n\nOne\n\nTwo\n\nlines');
  });
});
