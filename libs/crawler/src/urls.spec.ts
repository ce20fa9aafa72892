import { isHtmlType, looksLikeFile, normaliseUrl, pageKey, sameSite } from './urls';

describe('normaliseUrl', () => {
  it('drops the fragment and tracking parameters, keeps the rest', () => {
    expect(
      normaliseUrl('https://glow.example/botox?utm_source=fb&utm_medium=cpc&page=2#prices').toString(),
    ).toBe('https://glow.example/botox?page=2');
    expect(normaliseUrl('https://glow.example/?gclid=abc&fbclid=def').toString()).toBe(
      'https://glow.example/',
    );
  });
});

describe('sameSite', () => {
  const site = new URL('https://glowaesthetics.com/');
  it('treats www and the bare host, http and https as one site', () => {
    expect(sameSite(site, new URL('https://www.glowaesthetics.com/about'))).toBe(true);
    expect(sameSite(site, new URL('http://glowaesthetics.com/about'))).toBe(true);
  });
  it('treats other hosts, subdomains and ports as other sites', () => {
    expect(sameSite(site, new URL('https://instagram.com/glow'))).toBe(false);
    expect(sameSite(site, new URL('https://shop.glowaesthetics.com/'))).toBe(false);
    expect(sameSite(site, new URL('https://glowaesthetics.com:8443/'))).toBe(false);
    expect(sameSite(site, new URL('https://glowaesthetics.com.evil.example/'))).toBe(false);
  });
});

describe('pageKey', () => {
  it('is one key for the www and bare, http and https forms of a page', () => {
    expect(pageKey(new URL('http://www.glow.example/a?utm_source=x#top'))).toBe(
      pageKey(new URL('https://glow.example/a')),
    );
  });
});

describe('looksLikeFile and isHtmlType', () => {
  it('knows documents and images are not pages', () => {
    expect(looksLikeFile(new URL('https://glow.example/files/Brochure.PDF'))).toBe(true);
    expect(looksLikeFile(new URL('https://glow.example/img/lobby.jpg'))).toBe(true);
    expect(looksLikeFile(new URL('https://glow.example/botox'))).toBe(false);
    expect(looksLikeFile(new URL('https://glow.example/about.html'))).toBe(false);
    expect(isHtmlType('text/html')).toBe(true);
    expect(isHtmlType('application/pdf')).toBe(false);
    expect(isHtmlType('image/png')).toBe(false);
  });
});
