import { checkPageUrls, PageUrlMessages, websiteOf } from './page-urls';

describe('checkPageUrls', () => {
  const site = 'https://www.glow-aesthetics.example';

  it('accepts pages of the website, with or without www, and drops fragments and duplicates', () => {
    expect(
      checkPageUrls(
        [
          'https://glow-aesthetics.example/pricing',
          'http://www.glow-aesthetics.example/contact#parking',
          'https://glow-aesthetics.example/pricing',
        ],
        site,
      ),
    ).toEqual({
      urls: ['https://glow-aesthetics.example/pricing', 'http://www.glow-aesthetics.example/contact'],
    });
  });

  it('refuses another site, another port, credentials and non-web schemes with the address in the message', () => {
    expect(checkPageUrls(['https://evil.example/x'], site)).toEqual({
      problem: PageUrlMessages.otherSite('https://evil.example/x', 'www.glow-aesthetics.example'),
    });
    expect(checkPageUrls(['https://glow-aesthetics.example:8443/'], site)).toHaveProperty('problem');
    expect(checkPageUrls(['https://user:pw@glow-aesthetics.example/'], site)).toHaveProperty('problem');
    expect(checkPageUrls(['ftp://glow-aesthetics.example/a'], site)).toEqual({
      problem: PageUrlMessages.notHttp('ftp://glow-aesthetics.example/a'),
    });
    expect(checkPageUrls(['/pricing'], site)).toEqual({ problem: PageUrlMessages.notHttp('/pricing') });
  });

  it('asks for a website first when the practice has none', () => {
    expect(checkPageUrls(['https://glow-aesthetics.example/'], null)).toEqual({
      problem: PageUrlMessages.noWebsite,
    });
  });
});

describe('websiteOf', () => {
  it('reads a bare host as https and refuses what is not a web address', () => {
    expect(websiteOf('glow.example')?.href).toBe('https://glow.example/');
    expect(websiteOf('http://127.0.0.1:4000')?.host).toBe('127.0.0.1:4000');
    expect(websiteOf('')).toBeNull();
    expect(websiteOf('mailto:a@b.example')).toBeNull();
    expect(websiteOf(null)).toBeNull();
  });
});
