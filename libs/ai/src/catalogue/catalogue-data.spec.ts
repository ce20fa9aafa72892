import { CATALOGUE_CATEGORIES, CATALOGUE_PROCEDURES } from './catalogue-data';

const normalise = (term: string) => term.toLowerCase().replace(/[\s-]+/g, ' ');

describe('the procedure catalogue', () => {
  it('has two levels: every parent exists and has no parent itself; every category exists', () => {
    const byKey = new Map(CATALOGUE_PROCEDURES.map((procedure) => [procedure.key, procedure]));
    const categories = new Set(CATALOGUE_CATEGORIES.map((category) => category.key));
    for (const procedure of CATALOGUE_PROCEDURES) {
      expect(categories.has(procedure.category)).toBe(true);
      if (procedure.parent) expect(byKey.get(procedure.parent)?.parent).toBeUndefined();
    }
    expect(byKey.size).toBe(CATALOGUE_PROCEDURES.length);
  });

  it('never gives one term to two procedures', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const procedure of CATALOGUE_PROCEDURES) {
      for (const term of [procedure.name, ...procedure.synonyms]) {
        const previous = owner.get(normalise(term));
        if (previous && previous !== procedure.key) clashes.push(`${term}: ${previous}, ${procedure.key}`);
        owner.set(normalise(term), procedure.key);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('covers medspa, plastic surgery and dental', () => {
    const names = CATALOGUE_PROCEDURES.map((procedure) => procedure.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Botox',
        'Juvederm',
        'Sculptra',
        'Tummy Tuck',
        'Rhinoplasty',
        'Invisalign',
        'All-on-4',
      ]),
    );
  });
});
