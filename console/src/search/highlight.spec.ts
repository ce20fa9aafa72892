import { highlightPhone, highlightText } from './highlight';

const marks = (segments: { text: string; match: boolean }[]) =>
  segments.filter((segment) => segment.match).map((segment) => segment.text);

describe('highlightText', () => {
  it('marks every case-insensitive occurrence of the trimmed query', () => {
    expect(highlightText('Anna Hanna', ' ANN ')).toEqual([
      { text: 'Ann', match: true },
      { text: 'a H', match: false },
      { text: 'ann', match: true },
      { text: 'a', match: false },
    ]);
  });

  it('keeps the text whole when nothing matches', () => {
    expect(highlightText('maya@example.com', 'zz')).toEqual([{ text: 'maya@example.com', match: false }]);
    expect(highlightText('', 'zz')).toEqual([]);
  });
});

describe('highlightPhone', () => {
  it('marks the typed digits across the formatting', () => {
    const segments = highlightPhone('(214) 555-0134', '214555');
    expect(marks(segments)).toEqual(['214', '555']);
    expect(segments.map((segment) => segment.text).join('')).toBe('(214) 555-0134');
  });

  it('accepts typed punctuation and a leading US 1', () => {
    expect(marks(highlightPhone('(214) 555-0134', '(555) 01'))).toEqual(['555', '01']);
    expect(marks(highlightPhone('(214) 555-0134', '+1 214'))).toEqual(['214']);
  });

  it('marks nothing for a name or a single digit', () => {
    expect(marks(highlightPhone('(214) 555-0134', 'maya'))).toEqual([]);
    expect(marks(highlightPhone('(214) 555-0134', 'a5'))).toEqual([]);
  });
});
