import { buildProcedureTree } from './procedureTree';
import { chooseAll, isPartlySelected, selectionLabel, toggleProcedure } from './procedureSelection';
import { anItem } from './testKit';

const tree = buildProcedureTree([
  anItem({ procedure_id: 'inj', procedure_name: 'Injectables' }),
  anItem({ procedure_id: 'botox', procedure_name: 'Botox', parent_id: 'inj' }),
  anItem({ procedure_id: 'filler', procedure_name: 'Filler', parent_id: 'inj' }),
  anItem({ procedure_id: 'laser', procedure_name: 'Laser' }),
]);
const none = { all: false, selected: [] };

describe('the procedure selection of a promotion', () => {
  it('selects a parent with all its children, and deselects them together', () => {
    const selected = toggleProcedure(tree, none, 'inj');
    expect(selected.selected).toEqual(['inj', 'botox', 'filler']);
    expect(toggleProcedure(tree, selected, 'inj').selected).toEqual([]);
  });

  it('unselects the parent when one child is deselected', () => {
    const selected = toggleProcedure(tree, toggleProcedure(tree, none, 'inj'), 'botox');
    expect(selected.selected).toEqual(['filler']);
    expect(isPartlySelected(tree[0], selected)).toBe(true);
  });

  it('selects the parent once every child is selected', () => {
    const selected = toggleProcedure(tree, toggleProcedure(tree, none, 'botox'), 'filler');
    expect(selected.selected).toEqual(['inj', 'botox', 'filler']);
  });

  it('turns All off when specific procedures are chosen, and choosing All clears the list', () => {
    expect(toggleProcedure(tree, chooseAll(true), 'laser')).toEqual({ all: false, selected: ['laser'] });
    expect(chooseAll(true)).toEqual({ all: true, selected: [] });
  });

  it('labels the selector: all, none, one name, or a count', () => {
    expect(selectionLabel(tree, chooseAll(true))).toEqual({ kind: 'all' });
    expect(selectionLabel(tree, none)).toEqual({ kind: 'none' });
    expect(selectionLabel(tree, { all: false, selected: ['laser'] })).toEqual({ kind: 'one', name: 'Laser' });
    expect(selectionLabel(tree, { all: false, selected: ['botox', 'laser'] })).toEqual({
      kind: 'many',
      count: 2,
    });
  });
});
