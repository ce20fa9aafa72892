import { createProcedureMatcher, matchCatalogueProcedures } from './procedure-matcher';

const keys = (text: string) => matchCatalogueProcedures(text).map((match) => match.key);

describe('the procedure matcher', () => {
  it('finds brand names and plain words a patient writes', () => {
    expect(keys('How much is Botox?')).toEqual(['botox']);
    expect(keys('I want a tummy tuck and maybe a boob job')).toEqual(['tummy-tuck', 'breast-augmentation']);
    expect(keys('nose job consult')).toEqual(['rhinoplasty']);
    expect(keys('Do you do a lip flip?')).toEqual(['botox']);
    expect(keys('Interested in Invisalign')).toEqual(['invisalign']);
    expect(keys('pricing for wrinkle relaxers')).toEqual(['neurotoxins']);
  });

  it('is case-insensitive and tolerant of hyphens and spacing', () => {
    expect(keys('ALL ON 4 implants')).toEqual(['all-on-4']);
    expect(keys('all-on-4')).toEqual(['all-on-4']);
    expect(keys('a face-lift or a face  lift')).toEqual(['facelift', 'facelift']);
  });

  it('matches whole words only', () => {
    expect(keys('botoxes are not a word, and tox inside detox is not a match')).toEqual(['neurotoxins']);
    expect(keys('lipstick')).toEqual([]);
    expect(keys('peeling paint')).toEqual([]);
  });

  it('prefers the longest term where terms overlap', () => {
    expect(keys('lip filler')).toEqual(['lip-filler']);
    expect(keys('dermal filler')).toEqual(['dermal-fillers']);
    expect(keys('RF microneedling')).toEqual(['rf-microneedling']);
    expect(keys('Zoom whitening')).toEqual(['zoom-whitening']);
    expect(keys('laser hair removal')).toEqual(['laser-hair-removal']);
  });

  it('returns matches in text order with the text as written', () => {
    expect(matchCatalogueProcedures('Dysport, then Xeomin')).toEqual([
      { key: 'dysport', text: 'Dysport', index: 0 },
      { key: 'xeomin', text: 'Xeomin', index: 14 },
    ]);
  });

  it('works on any procedure list, such as a practice’s own names', () => {
    const match = createProcedureMatcher([{ key: 'p1', terms: ['Vampire Facial', 'PRP facial'] }]);
    expect(match('Our PRP Facial is popular').map((found) => found.key)).toEqual(['p1']);
    expect(createProcedureMatcher([])('anything')).toEqual([]);
  });
});
