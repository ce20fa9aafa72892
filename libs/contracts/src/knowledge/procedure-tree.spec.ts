import {
  buildProcedureTree,
  parentProblem,
  selectAllProcedures,
  selectionLabel,
  toggleProcedure,
} from './procedure-tree';

const items = [
  { procedure_id: 'tox', procedure_name: 'Neurotoxins', parent_id: null, parent_name: null },
  { procedure_id: 'botox', procedure_name: 'Botox', parent_id: 'tox', parent_name: 'Neurotoxins' },
  { procedure_id: 'dysport', procedure_name: 'Dysport', parent_id: 'tox', parent_name: 'Neurotoxins' },
  {
    procedure_id: 'juvederm',
    procedure_name: 'Juvederm',
    parent_id: 'fillers',
    parent_name: 'Dermal Fillers',
  },
  { procedure_id: 'x', procedure_name: 'Mystery', parent_id: 'gone', parent_name: null },
];
const tree = buildProcedureTree(items);
const none = { is_all_procedures: false, selected_procedures: [] as string[] };

describe('the procedure tree', () => {
  it('builds two levels with synthetic parents named from parent_name or Unknown Category', () => {
    expect(tree.map((node) => [node.name, node.synthetic, node.children.map((child) => child.name)])).toEqual(
      [
        ['Neurotoxins', false, ['Botox', 'Dysport']],
        ['Dermal Fillers', true, ['Juvederm']],
        ['Unknown Category', true, ['Mystery']],
      ],
    );
  });

  it('selecting a parent selects its children; deselecting a child unselects the parent; the last child selects it', () => {
    const parent = toggleProcedure(tree, none, 'tox');
    expect(parent.selected_procedures).toEqual(['tox', 'botox', 'dysport']);
    expect(toggleProcedure(tree, parent, 'botox').selected_procedures).toEqual(['dysport']);
    const one = toggleProcedure(tree, none, 'botox');
    expect(toggleProcedure(tree, one, 'dysport').selected_procedures).toEqual(['tox', 'botox', 'dysport']);
    expect(toggleProcedure(tree, parent, 'tox').selected_procedures).toEqual([]);
  });

  it('choosing specific procedures turns All off; choosing All clears the list', () => {
    expect(toggleProcedure(tree, selectAllProcedures(), 'botox')).toEqual({
      is_all_procedures: false,
      selected_procedures: ['botox'],
    });
    expect(selectAllProcedures()).toEqual({ is_all_procedures: true, selected_procedures: [] });
  });

  it('labels the selector', () => {
    const name = (id: string) => items.find((item) => item.procedure_id === id)?.procedure_name;
    expect(selectionLabel(selectAllProcedures(), name)).toBe('All procedures');
    expect(selectionLabel(none, name)).toBe('Select procedures');
    expect(selectionLabel({ is_all_procedures: false, selected_procedures: ['botox'] }, name)).toBe('Botox');
    expect(
      selectionLabel({ is_all_procedures: false, selected_procedures: ['botox', 'dysport'] }, name),
    ).toBe('2 procedures selected');
  });

  it('refuses a parent that is itself, a child, or a child that has children', () => {
    expect(parentProblem('botox', 'botox', items)).toBe('self');
    expect(parentProblem('juvederm', 'botox', items)).toBe('parent_is_child');
    expect(parentProblem('tox', 'juvederm', items)).toBe('parent_is_child');
    expect(parentProblem('tox', 'x2', [...items, { procedure_id: 'x2', parent_id: null }])).toBe(
      'child_has_children',
    );
    expect(parentProblem(null, 'tox', items)).toBeNull();
  });
});
