import { classifyTrafficSource, isOwnSiteReferrer, readCampaign } from './traffic-source';

const page = 'https://www.glowaesthetics.example/services/botox';

describe('classifyTrafficSource', () => {
  it.each([
    // No referrer, own site.
    [page, null, 'direct'],
    [page, '', 'direct'],
    [page, 'https://www.glowaesthetics.example/', 'direct'],
    [page, 'https://glowaesthetics.example/about', 'direct'],
    [page, 'https://book.glowaesthetics.example/', 'direct'],
    [page, 'not a url', 'direct'],
    // Search engines.
    [page, 'https://www.google.com/', 'google'],
    [page, 'https://www.google.co.uk/', 'google'],
    [page, 'https://google.de/', 'google'],
    [page, 'https://www.google.com.au/search?q=botox', 'google'],
    [page, 'android-app://com.google.android.googlequicksearchbox/', 'google'],
    [page, 'https://www.bing.com/', 'bing'],
    [page, 'https://cn.bing.com/search?q=x', 'bing'],
    [page, 'https://search.yahoo.com/', 'yahoo'],
    [page, 'https://uk.search.yahoo.com/', 'yahoo'],
    [page, 'https://r.search.yahoo.com/_ylt=abc', 'yahoo'],
    [page, 'https://search.yahoo.co.jp/', 'yahoo'],
    // Social networks.
    [page, 'https://l.instagram.com/', 'instagram'],
    [page, 'https://www.instagram.com/glow/', 'instagram'],
    [page, 'android-app://com.instagram.android', 'instagram'],
    [page, 'https://m.facebook.com/', 'facebook'],
    [page, 'https://lm.facebook.com/l.php?u=x', 'facebook'],
    [page, 'https://l.facebook.com/', 'facebook'],
    [page, 'https://www.facebook.com/', 'facebook'],
    [page, 'android-app://com.facebook.katana/', 'facebook'],
    // Anything else.
    [page, 'android-app://com.google.android.gm', 'referral'],
    [page, 'https://mail.google.com/', 'referral'],
    [page, 'https://duckduckgo.com/', 'referral'],
    [page, 'https://www.yelp.com/biz/glow', 'referral'],
    [page, 'https://notgoogle.com/', 'referral'],
    [page, 'https://google.evil.example/', 'referral'],
    [page, 'https://fakebing.com/', 'referral'],
    [page, 'https://glowaesthetics.example.other.com/', 'referral'],
    // Click ids win over the referrer.
    [`${page}?gclid=abc`, 'https://www.google.com/', 'google_ads'],
    [`${page}?gclid=abc`, null, 'google_ads'],
    [`${page}?gbraid=abc`, null, 'google_ads'],
    [`${page}?msclkid=abc`, 'https://www.bing.com/', 'microsoft_ads'],
    [`${page}?msclkid=abc`, null, 'microsoft_ads'],
    [`${page}?fbclid=abc`, 'https://l.instagram.com/', 'instagram'],
    [`${page}?fbclid=abc`, 'https://m.facebook.com/', 'facebook'],
    [`${page}?fbclid=abc`, null, 'facebook'],
    // UTM parameters.
    [`${page}?utm_source=google&utm_medium=cpc`, null, 'google_ads'],
    [`${page}?utm_source=Google&utm_medium=organic`, null, 'google'],
    [`${page}?utm_source=bing&utm_medium=ppc`, null, 'microsoft_ads'],
    [`${page}?utm_source=bing`, 'https://www.bing.com/', 'bing'],
    [`${page}?utm_source=ig&utm_medium=social`, null, 'instagram'],
    [`${page}?utm_source=facebook&utm_medium=paid`, null, 'facebook'],
    [`${page}?utm_source=yahoo`, null, 'yahoo'],
    [`${page}?utm_source=newsletter&utm_medium=email`, null, 'referral'],
    [`${page}?utm_source=newsletter`, 'https://www.google.com/', 'referral'],
  ])('%s from %s is %s', (url, referrer, expected) => {
    expect(classifyTrafficSource(url, referrer)).toBe(expected);
  });
});

describe('isOwnSiteReferrer', () => {
  it('is the page host with or without www and its subdomains, never another site', () => {
    expect(isOwnSiteReferrer(page, 'https://glowaesthetics.example/')).toBe(true);
    expect(isOwnSiteReferrer('https://glowaesthetics.example/', 'https://www.glowaesthetics.example/x')).toBe(
      true,
    );
    expect(isOwnSiteReferrer(page, 'https://www.google.com/')).toBe(false);
    expect(isOwnSiteReferrer(page, null)).toBe(false);
    expect(isOwnSiteReferrer(page, 'android-app://glowaesthetics.example')).toBe(false);
  });
});

describe('readCampaign', () => {
  it('reads the UTM parameters and click ids present, trimmed, and nothing else', () => {
    expect(
      readCampaign(
        `${page}?utm_source=google&utm_medium=cpc&utm_campaign=%20Botox%20&utm_term=&gclid=g1&x=1`,
      ),
    ).toEqual({ utm: { source: 'google', medium: 'cpc', campaign: 'Botox' }, click_ids: { gclid: 'g1' } });
    expect(readCampaign(`${page}?msclkid=m1&fbclid=f1`)).toEqual({
      utm: {},
      click_ids: { msclkid: 'm1', fbclid: 'f1' },
    });
    expect(readCampaign('not a url')).toEqual({ utm: {}, click_ids: {} });
  });
});
