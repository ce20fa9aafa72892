import { buildProcedureTree, filterProcedureTree, groupByCategory } from './procedureTree';
import { anItem } from './testKit';

const injectables = anItem({
  procedure_id: 'inj',
  procedure_name: 'Injectables',
  category_name: 'Aesthetics',
});
const botox = anItem({
  procedure_id: 'botox',
  procedure_name: 'Botox',
  parent_id: 'inj',
  parent_name: 'Injectables',
  category_name: 'Aesthetics',
});
const filler = anItem({
  procedure_id: 'filler',
  procedure_name: 'Dermal Filler',
  parent_id: 'inj',
  parent_name: 'Injectables',
  category_name: 'Aesthetics',
});

describe('the procedure tree of the pricing table', () => {
  it('puts children under their parent, with their summary items', () => {
    const [node] = buildProcedureTree([injectables, botox, filler]);
    expect(node.item).toBe(injectables);
    expect(node.synthetic).toBe(false);
    expect(node.children).toEqual([botox, filler]);
  });

  it('gives a child whose parent is missing a synthetic parent in its category, named from parent_name', () => {
    const [node] = buildProcedureTree([botox]);
    expect(node.synthetic).toBe(true);
    expect(node.item).toEqual(
      expect.objectContaining({
        procedure_id: 'inj',
        procedure_name: 'Injectables',
        category_name: 'Aesthetics',
      }),
    );
    expect(node.children).toEqual([botox]);
  });

  it("names a synthetic parent 'Unknown Category' when the child names none", () => {
    const [node] = buildProcedureTree([{ ...botox, parent_name: null }]);
    expect(node.item.procedure_name).toBe('Unknown Category');
  });

  it('filters on the procedure, category or parent name, keeping a parent as context', () => {
    const laser = anItem({
      procedure_id: 'laser',
      procedure_name: 'Laser Hair Removal',
      category_name: 'Lasers',
    });
    const tree = buildProcedureTree([injectables, botox, filler, laser]);
    expect(filterProcedureTree(tree, 'botox')).toEqual([
      expect.objectContaining({ item: injectables, children: [botox] }),
    ]);
    expect(filterProcedureTree(tree, 'LASERS').map((node) => node.item.procedure_id)).toEqual(['laser']);
    expect(filterProcedureTree(tree, 'injectables')[0].children).toHaveLength(2);
    expect(filterProcedureTree(tree, 'nothing like it')).toEqual([]);
  });

  it('groups by category with Uncategorized (null) last', () => {
    const other = anItem({ procedure_id: 'consult', procedure_name: 'Consultation' });
    const laser = anItem({ procedure_id: 'laser', procedure_name: 'Laser', category_name: 'Lasers' });
    const groups = groupByCategory(buildProcedureTree([other, laser, injectables, botox]));
    expect(groups.map((group) => group.category)).toEqual(['Aesthetics', 'Lasers', null]);
  });
});
