import { allAdded, canSaveNewPricing, parentChoices, procedureChoices } from './addPricing';

const results = [
  { procedure_id: 'botox', name: 'Botox', parent_name: 'Injectables' },
  { procedure_id: 'filler', name: 'Dermal Filler', parent_name: 'Injectables' },
];

describe('the Add Pricing choices', () => {
  it('marks procedures the practice has as already added, and offers a new one for unmatched text', () => {
    const choices = procedureChoices(results, 'Botox Lite', new Set(['botox']));
    expect(choices).toEqual([
      { kind: 'existing', procedure_id: 'botox', name: 'Botox', parent_name: 'Injectables', added: true },
      {
        kind: 'existing',
        procedure_id: 'filler',
        name: 'Dermal Filler',
        parent_name: 'Injectables',
        added: false,
      },
      { kind: 'new', name: 'Botox Lite' },
    ]);
  });

  it('offers no new procedure when the text matches one exactly, ignoring case', () => {
    expect(procedureChoices(results, ' botox ', new Set()).some((choice) => choice.kind === 'new')).toBe(
      false,
    );
  });

  it('knows when every procedure found is already added', () => {
    expect(allAdded(procedureChoices(results, '', new Set(['botox', 'filler'])))).toBe(true);
    expect(allAdded(procedureChoices(results, '', new Set(['botox'])))).toBe(false);
    expect(allAdded([])).toBe(false);
  });

  it('never offers the procedure itself as its parent', () => {
    const parents = [
      { procedure_id: 'inj', name: 'Injectables' },
      { procedure_id: 'botox', name: 'Botox' },
    ];
    const procedure = procedureChoices(results, '', new Set())[0];
    expect(parentChoices(parents, '', procedure).map((choice) => choice.name)).toEqual(['Injectables']);
    expect(parentChoices(parents, 'Lasers', procedure)).toContainEqual({ kind: 'new', name: 'Lasers' });
    expect(parentChoices(parents, 'botox', procedure).some((choice) => choice.kind === 'new')).toBe(false);
  });

  it('enables Save only with a practice, a procedure to add, and nothing loading', () => {
    const procedure = { kind: 'new' as const, name: 'Hydrafacial' };
    expect(canSaveNewPricing({ practiceId: 'p', procedure, loading: false })).toBe(true);
    expect(canSaveNewPricing({ practiceId: '', procedure, loading: false })).toBe(false);
    expect(canSaveNewPricing({ practiceId: 'p', procedure: null, loading: false })).toBe(false);
    expect(canSaveNewPricing({ practiceId: 'p', procedure, loading: true })).toBe(false);
  });
});
