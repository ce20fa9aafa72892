import type { CrawledPage } from '@pp/crawler';
import { cutAtSentence, homePage, inOrder, joinLines, pageKinds, paragraphs, sentences } from './page-text';

function page(url: string, headings: string[] = []): CrawledPage {
  return {
    url,
    title: null,
    text: '',
    headings,
    structuredData: [],
    meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
    contact: { phones: [], emails: [], addresses: [], footer: '', bookingLinks: [] },
    fetchedAt: new Date(),
  };
}

describe('sentences', () => {
  it('does not end a sentence at Dr., St., an initial or M.D.', () => {
    expect(
      sentences(
        'Dr. Maria J. Lopez, M.D. founded us on Main St. in 2010. She loves Austin! Ask us anything?',
      ),
    ).toEqual([
      'Dr. Maria J. Lopez, M.D. founded us on Main St. in 2010.',
      'She loves Austin!',
      'Ask us anything?',
    ]);
  });
});

describe('cutAtSentence', () => {
  it('keeps whole sentences within the limit, or cuts the first at a word', () => {
    const text = 'One two three. Four five six. Seven eight nine.';
    expect(cutAtSentence(text, 30)).toBe('One two three. Four five six.');
    expect(cutAtSentence(text, 400, 1)).toBe('One two three.');
    expect(cutAtSentence(`${'word '.repeat(200)}end.`, 40)).toBe('word word word word word word word word…');
  });
});

describe('paragraphs and joinLines', () => {
  it('reads lines, whitespace collapsed, and joins address lines with commas', () => {
    expect(paragraphs('  One \n\n  two   three \n')).toEqual(['One', 'two three']);
    expect(joinLines('Glow Med Spa\n1200 S Lamar Blvd,\nAustin, TX 78704')).toBe(
      'Glow Med Spa, 1200 S Lamar Blvd, Austin, TX 78704',
    );
  });
});

describe('pages', () => {
  const home = page('https://www.glow.example/');
  const team = page('https://glow.example/our-team/');
  const blog = page('https://glow.example/blog/botox-myths', ['Meet our team']);
  const contact = page('https://glow.example/visit', ['Contact us']);

  it('finds the home page by the site URL, else the root, else the first page', () => {
    expect(homePage([team, home], 'https://glow.example')).toBe(home);
    expect(homePage([team, home], 'https://glow.example/index.html')).toBe(home);
    expect(homePage([team, blog], 'https://glow.example/')).toBe(team);
    expect(homePage([], 'https://glow.example/')).toBeUndefined();
  });

  it('tells kinds of pages by their path and first heading, a blog post by its path only', () => {
    expect([...pageKinds(team)]).toEqual(['team']);
    expect([...pageKinds(blog)]).toEqual(['team', 'other-content']);
    expect([...pageKinds(contact)]).toEqual(['contact']);
    expect([...pageKinds(page('https://glow.example/news-and-team', ['News']))]).toContain('other-content');
  });

  it('orders pages: home, the kinds asked for, the rest, blog posts last', () => {
    expect(inOrder([blog, team, contact, home], home, ['contact'])).toEqual([home, contact, team, blog]);
  });
});
