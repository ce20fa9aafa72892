import { CUES, cuesOf, FEATURE_DIMENSIONS, sparseFeatures } from './cues';
import { HASHED_DIMENSIONS, hashedFeatures, MAX_FEATURE_CHARS } from './features';

describe('the cues of whose body and when', () => {
  it.each([
    ['resolved', 'the bruise is totally gone now, can I book lips?'],
    ['resolved', 'la hinchazón ya se me bajó toda'],
    ['resolved', 'o inchaço já desinchou, quando faço o retoque?'],
    ['satisfied', 'had filler a month ago and I love it'],
    ['satisfied', 'quedaron divinos, gracias'],
    ['satisfied', 'fiz botox e ficou ótimo'],
    ['asks_what_to_expect', 'How long does swelling usually last after lip filler?'],
    ['asks_what_to_expect', '¿Es normal tener moretones después del relleno?'],
    ['asks_what_to_expect', 'quanto tempo dura o inchaço?'],
    ['ahead_of_treatment', 'asking before I book, I have sensitive skin'],
    ['someone_else', "my sister's face blew up after filler"],
    ['someone_else', 'mi mamá quiere botox'],
    ['ongoing', "it's still swollen since Friday"],
    ['ongoing', 'todavía tengo el labio hinchado'],
    ['ongoing', 'ainda está roxo'],
    ['long_ago', 'I had a reaction years ago'],
    ['adult_age', "I'm 19 and a sophomore"],
    ['adult_age', 'tengo 20 años'],
    ['minor_age', "I'm 16, can I get lip filler?"],
    ['minor_age', 'my daughter is in high school'],
    ['denied', "doesn't hurt at all"],
    ['denied', 'no pain, just asking'],
    ['writer_reports', 'my lip is hard and lumpy'],
    ['writer_reports', 'estou com o olho caído'],
    ['worsening', 'the redness is spreading'],
    ['worsening', 'está empeorando'],
  ])('hears %s in %j', (cue, text) => {
    expect(cuesOf(text)).toContain(cue);
  });

  it.each([
    ['resolved', 'my lip is still swollen'],
    ['satisfied', 'my lip is swollen and hard'],
    ['asks_what_to_expect', 'my lip has been swollen for three days'],
    ['adult_age', "I'm 16"],
    ['minor_age', "I'm 19"],
    ['someone_else', 'I want botox'],
  ])('does not hear %s in %j', (cue, text) => {
    expect(cuesOf(text)).not.toContain(cue);
  });

  it('adds one bucket per cue after the hashed n-grams, leaving those as they were', () => {
    const text = 'still swollen since Friday, getting worse';
    const hashed = hashedFeatures(text);
    const sparse = sparseFeatures(text);
    expect([...sparse.indices.slice(0, hashed.indices.length)]).toEqual([...hashed.indices]);
    expect([...sparse.values.slice(0, hashed.values.length)]).toEqual([...hashed.values]);
    const cueBuckets = [...sparse.indices.slice(hashed.indices.length)];
    expect(cueBuckets.map((bucket) => CUES[bucket - HASHED_DIMENSIONS].name)).toEqual(cuesOf(text));
    expect(Math.max(...sparse.indices)).toBeLessThan(FEATURE_DIMENSIONS);
  });

  it('reads a stranger’s long message in time linear in what it reads', () => {
    const long = 'my lip is still swollen since friday and '.repeat(5000);
    expect(cuesOf(long)).toContain('ongoing');
    // Past MAX_FEATURE_CHARS nothing is read: a cue only there is not heard.
    expect(cuesOf(`${'a '.repeat(MAX_FEATURE_CHARS)} spreading`)).not.toContain('worsening');
  });
});
