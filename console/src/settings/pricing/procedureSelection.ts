import type { ProcedureNode } from './procedureTree';

/**
 * The 'Applies to' selection of a promotion (docs/product/settings.md#promotion-validation): selecting a parent
 * selects its children; deselecting a child unselects the parent; selecting all children selects the parent.
 * Choosing specific procedures turns off All procedures; choosing All clears the list.
 */
export interface ProcedureSelection {
  all: boolean;
  selected: string[];
}

export function toggleProcedure(
  tree: readonly ProcedureNode[],
  selection: ProcedureSelection,
  procedureId: string,
): ProcedureSelection {
  const selected = new Set(selection.selected);
  const parentNode = tree.find((node) => node.item.procedure_id === procedureId);
  if (parentNode) {
    const ids = [procedureId, ...parentNode.children.map((child) => child.procedure_id)];
    if (selected.has(procedureId)) for (const id of ids) selected.delete(id);
    else for (const id of ids) selected.add(id);
  } else {
    const owner = tree.find((node) => node.children.some((child) => child.procedure_id === procedureId));
    if (selected.has(procedureId)) {
      selected.delete(procedureId);
      if (owner) selected.delete(owner.item.procedure_id);
    } else {
      selected.add(procedureId);
      if (owner && owner.children.every((child) => selected.has(child.procedure_id))) {
        selected.add(owner.item.procedure_id);
      }
    }
  }
  return { all: false, selected: orderedLike(tree, selected) };
}

/** All procedures: the specific list is cleared. Unchecking it leaves nothing selected. */
export const chooseAll = (all: boolean): ProcedureSelection => ({ all, selected: [] });

/** The ids in tree order (parents before their children), ids not in the tree last. */
function orderedLike(tree: readonly ProcedureNode[], ids: Set<string>): string[] {
  const order = tree.flatMap((node) => [node.item.procedure_id, ...node.children.map((c) => c.procedure_id)]);
  return [...order.filter((id) => ids.has(id)), ...[...ids].filter((id) => !order.includes(id))];
}

/** A parent whose children are only partly selected (shown indeterminate). */
export const isPartlySelected = (node: ProcedureNode, selection: ProcedureSelection) =>
  !selection.selected.includes(node.item.procedure_id) &&
  node.children.some((child) => selection.selected.includes(child.procedure_id));

/**
 * What the selector button reads: 'All procedures', 'Select procedures', the single name, or 'N procedures
 * selected'.
 */
export function selectionLabel(
  tree: readonly ProcedureNode[],
  selection: ProcedureSelection,
): { kind: 'all' | 'none' | 'one' | 'many'; name?: string; count?: number } {
  if (selection.all) return { kind: 'all' };
  if (selection.selected.length === 0) return { kind: 'none' };
  if (selection.selected.length === 1) {
    const id = selection.selected[0];
    const items = tree.flatMap((node) => [node.item, ...node.children]);
    return { kind: 'one', name: items.find((item) => item.procedure_id === id)?.procedure_name ?? id };
  }
  return { kind: 'many', count: selection.selected.length };
}
