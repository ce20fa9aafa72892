import { CHUNK_MAX_WORDS, chunkPage } from './chunking';

const sentence = (n: number) => `Sentence number ${n} explains one detail of the treatment plan here.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('chunkPage', () => {
  it('starts a chunk at each heading and puts the heading on its first line', () => {
    const chunks = chunkPage({
      title: 'Contact Us | Glow Aesthetics',
      text: 'Contact Us | Glow Aesthetics\nHours\nMonday to Friday 9am to 6pm.\nParking\nFree parking in the garage behind the building.',
      headings: ['Hours', 'Parking'],
    });
    expect(chunks).toEqual([
      { position: 0, heading: 'Hours', content: 'Hours\nMonday to Friday 9am to 6pm.' },
      {
        position: 1,
        heading: 'Parking',
        content: 'Parking\nFree parking in the garage behind the building.',
      },
    ]);
  });

  it('makes each FAQ question and its answer one chunk, even without a heading list', () => {
    const chunks = chunkPage({
      title: 'FAQ',
      text: 'Does Botox hurt?\nMost patients feel a small pinch.\nHow long does filler last?\nSix to eighteen months.',
    });
    expect(chunks.map((chunk) => chunk.heading)).toEqual(['Does Botox hurt?', 'How long does filler last?']);
  });

  it('packs short paragraphs of a section together and starts a new chunk past the target size', () => {
    const text = ['Treatments', paragraph(0, 10), paragraph(10, 10), paragraph(20, 10)].join('\n');
    const chunks = chunkPage({ title: 'Services', text, headings: ['Treatments'] });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Treatments');
      expect(wordCount(chunk.content)).toBeLessThanOrEqual(CHUNK_MAX_WORDS + 1);
    }
    // Nothing lost, nothing repeated.
    const body = chunks.map((chunk) => chunk.content.replace(/^Treatments\n/, '')).join(' ');
    expect(wordCount(body)).toBe(30 * wordCount(sentence(0)));
  });

  it('cuts a very long paragraph at sentence ends', () => {
    const chunks = chunkPage({ title: null, text: paragraph(0, 80) });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.content).toMatch(/^Sentence number \d+/);
      expect(chunk.content.endsWith('here.')).toBe(true);
      expect(wordCount(chunk.content)).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    }
  });

  it('cuts a run-on text with no sentence end at words', () => {
    const chunks = chunkPage({ title: null, text: 'word '.repeat(1000) });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(wordCount(chunk.content)).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
  });

  it('gives no chunk for an empty page and none for a heading without text', () => {
    expect(chunkPage({ title: 'Empty', text: '  \n \n' })).toEqual([]);
    expect(chunkPage({ title: 'Empty', text: 'Coming soon', headings: ['Coming soon'] })).toEqual([]);
  });

  it('numbers chunks in page order from 0', () => {
    const chunks = chunkPage({
      title: 'A',
      text: 'One\nfirst.\nTwo\nsecond.\nThree\nthird.',
      headings: ['One', 'Two', 'Three'],
    });
    expect(chunks.map((chunk) => chunk.position)).toEqual([0, 1, 2]);
  });
});
