import { PROCEDURE_PALETTE, procedureColour } from './procedure';

describe('procedureColour', () => {
  it('gives the same colour for the same procedure, whatever the case or spacing', () => {
    expect(procedureColour('Lip Filler')).toEqual(procedureColour(' lip  filler '));
  });

  it('is always one of the readable palette colours', () => {
    for (const name of ['Botox', 'Rhinoplasty', 'Invisalign', '', 'CoolSculpting'])
      expect(PROCEDURE_PALETTE).toContainEqual(procedureColour(name));
  });

  it('spreads different procedures over several colours', () => {
    const names = [
      'Botox',
      'Fillers',
      'Rhinoplasty',
      'Invisalign',
      'Veneers',
      'Laser Hair Removal',
      'Facelift',
    ];
    expect(new Set(names.map((name) => procedureColour(name).bg)).size).toBeGreaterThanOrEqual(4);
  });
});
