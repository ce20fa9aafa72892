import {
  extractedItems,
  extractionNotes,
  isWebsiteUrl,
  nextPoll,
  progressPercent,
  retrySessionStatus,
  safeHref,
} from './rules';

describe('the demo rules', () => {
  it('asks again every 5 s while in progress, never once ready, failed or given up', () => {
    expect(
      [undefined, 'initiated', 'crawling', 'processing'].map((status) => nextPoll(status as never, false)),
    ).toEqual([5000, 5000, 5000, 5000]);
    expect(nextPoll('ready', false)).toBe(false);
    expect(nextPoll('failed', false)).toBe(false);
    expect(nextPoll('crawling', true)).toBe(false);
  });

  it('retries a failed status call 3 times, a missing session never', () => {
    const unavailable = Object.assign(new Error('busy'), { status: 503 });
    expect([0, 1, 2, 3].map((count) => retrySessionStatus(count, unavailable))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retrySessionStatus(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retrySessionStatus(0, Object.assign(new Error('gone'), { status: 404 }))).toBe(false);
  });

  it('takes a website address only when it starts with http', () => {
    expect(isWebsiteUrl('https://glowaesthetics.com')).toBe(true);
    expect(isWebsiteUrl('  http://glow.example ')).toBe(true);
    expect(isWebsiteUrl('')).toBe(false);
    expect(isWebsiteUrl('glowaesthetics.com')).toBe(false);
    expect(isWebsiteUrl('ftp://glow.example')).toBe(false);
  });

  it('keeps only http(s) addresses as links', () => {
    expect(safeHref('https://glowaesthetics.com/contact')).toBe('https://glowaesthetics.com/contact');
    expect(safeHref(' http://glow.example/a b ')).toBe('http://glow.example/a%20b');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref(42)).toBeUndefined();
  });

  it('lists the extracted items present, in order, with their safe sources', () => {
    const items = extractedItems(
      {
        booking_info: 'Call us',
        practice_name: ' Glow Aesthetics ',
        about_summary: '   ',
        doctors_names: ['Dr. Maya Chen', '', '  '],
        specialties: [],
        key_services: null,
        email_address: undefined,
        error: 'ignored here',
      },
      { practice_name: 'https://glow.example/', booking_info: 'javascript:void(0)' },
    );

    expect(items).toEqual([
      { field: 'practice_name', value: 'Glow Aesthetics', source: 'https://glow.example/' },
      { field: 'doctors_names', value: ['Dr. Maya Chen'] },
      { field: 'booking_info', value: 'Call us' },
    ]);
    expect(extractedItems(null, null)).toEqual([]);
  });

  it("keeps the extraction's notes when they say something", () => {
    expect(extractionNotes({ error: 'Summary too short', warning: ' ' })).toEqual({
      error: 'Summary too short',
      warning: undefined,
    });
    expect(extractionNotes(null)).toEqual({ error: undefined, warning: undefined });
  });

  it('turns the pages read into a percentage, none while no page is known', () => {
    expect(progressPercent({ pages_found: 12, pages_processed: 7 })).toBe(58);
    expect(progressPercent({ pages_found: 4, pages_processed: 9 })).toBe(100);
    expect(progressPercent({ pages_found: 0, pages_processed: 0 })).toBeUndefined();
    expect(progressPercent(null)).toBeUndefined();
  });
});
