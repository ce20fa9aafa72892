import { decodeBody, formatBytes, formatSeconds } from './safe-fetch';

describe('decodeBody', () => {
  const cp1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x39, 0x20, 0x93, 0x6f, 0x6b, 0x94]); // Café €9 “ok”

  it('reads windows-1252 under any of its labels, with € and curly quotes', () => {
    expect(decodeBody(cp1252, 'windows-1252')).toBe('Café €9 “ok”');
    expect(decodeBody(cp1252, 'ISO-8859-1')).toBe('Café €9 “ok”');
  });

  it('takes the charset of a <meta> when the header names none, else UTF-8', () => {
    const html = Buffer.concat([Buffer.from('<meta charset="latin1"><p>'), cp1252]);
    expect(decodeBody(html, null)).toContain('Café €9 “ok”');
    expect(decodeBody(Buffer.from('<p>Café €9</p>'), null)).toBe('<p>Café €9</p>');
    expect(decodeBody(Buffer.from('<p>Café</p>'), 'no-such-charset')).toBe('<p>Café</p>');
  });
});

describe('messages', () => {
  it('words sizes and durations for staff', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MiB');
    expect(formatBytes(64 * 1024)).toBe('64 KiB');
    expect(formatSeconds(10_000)).toBe('10 seconds');
    expect(formatSeconds(1_000)).toBe('1 second');
    expect(formatSeconds(1_500)).toBe('1.5 seconds');
  });
});
