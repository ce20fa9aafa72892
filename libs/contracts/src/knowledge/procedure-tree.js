"use strict";
/**
 * The procedure hierarchy and the promotion form's 'Applies to' selection (docs/product/settings.md#procedure-pricing,
 * #promotion-validation). Pure: the console uses them, knowledge checks the same two-level rule.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.UNKNOWN_PARENT_NAME = void 0;
exports.buildProcedureTree = buildProcedureTree;
exports.parentProblem = parentProblem;
exports.toggleProcedure = toggleProcedure;
exports.selectAllProcedures = selectAllProcedures;
exports.selectionLabel = selectionLabel;
/** The name of a synthetic parent when a child names none. */
exports.UNKNOWN_PARENT_NAME = 'Unknown Category';
/**
 * Two levels: every procedure without a parent is a root; a child goes under its parent, and a child whose
 * parent is missing goes under a synthetic parent named from `parent_name` (or 'Unknown Category'), one per
 * missing parent id. Roots and children keep the order they came in.
 */
function buildProcedureTree(procedures) {
    const roots = new Map();
    for (const procedure of procedures) {
        if (!procedure.parent_id) {
            roots.set(procedure.procedure_id, {
                procedure_id: procedure.procedure_id,
                name: procedure.procedure_name,
                synthetic: false,
                children: [],
            });
        }
    }
    for (const procedure of procedures) {
        if (!procedure.parent_id)
            continue;
        let parent = roots.get(procedure.parent_id);
        if (!parent) {
            parent = {
                procedure_id: procedure.parent_id,
                name: procedure.parent_name?.trim() || exports.UNKNOWN_PARENT_NAME,
                synthetic: true,
                children: [],
            };
            roots.set(procedure.parent_id, parent);
        }
        parent.children.push({ procedure_id: procedure.procedure_id, name: procedure.procedure_name });
    }
    return [...roots.values()];
}
/**
 * Whether `parentId` may be the parent of `childId`: not itself, not a child of another procedure (two
 * levels only), and the child has no children of its own. Returns the problem, or null.
 */
function parentProblem(childId, parentId, procedures) {
    if (childId !== null && childId === parentId)
        return 'self';
    const parent = procedures.find((procedure) => procedure.procedure_id === parentId);
    if (parent?.parent_id)
        return 'parent_is_child';
    if (childId !== null && procedures.some((procedure) => procedure.parent_id === childId)) {
        return 'child_has_children';
    }
    return null;
}
/**
 * Toggles one procedure of the tree: selecting a parent selects all its children, deselecting it deselects
 * them; deselecting a child unselects its parent; selecting the last child selects the parent. Choosing
 * specific procedures turns All procedures off.
 */
function toggleProcedure(tree, selection, procedureId) {
    const selected = new Set(selection.is_all_procedures ? [] : selection.selected_procedures);
    const parent = tree.find((node) => node.procedure_id === procedureId);
    if (parent) {
        const on = !selected.has(procedureId);
        for (const id of [parent.procedure_id, ...parent.children.map((child) => child.procedure_id)]) {
            if (on)
                selected.add(id);
            else
                selected.delete(id);
        }
    }
    else {
        const owner = tree.find((node) => node.children.some((child) => child.procedure_id === procedureId));
        if (selected.has(procedureId)) {
            selected.delete(procedureId);
            if (owner)
                selected.delete(owner.procedure_id);
        }
        else {
            selected.add(procedureId);
            if (owner && owner.children.every((child) => selected.has(child.procedure_id))) {
                selected.add(owner.procedure_id);
            }
        }
    }
    const ordered = orderLike(tree, selected);
    return { is_all_procedures: false, selected_procedures: ordered };
}
/** Choosing All procedures clears the list. */
function selectAllProcedures() {
    return { is_all_procedures: true, selected_procedures: [] };
}
/** What the selector reads: 'All procedures', 'Select procedures', the single name, or 'N procedures selected'. */
function selectionLabel(selection, nameOf) {
    if (selection.is_all_procedures)
        return 'All procedures';
    const count = selection.selected_procedures.length;
    if (count === 0)
        return 'Select procedures';
    if (count === 1)
        return nameOf(selection.selected_procedures[0]) ?? '1 procedure selected';
    return `${count} procedures selected`;
}
function orderLike(tree, selected) {
    const order = [];
    for (const node of tree) {
        order.push(node.procedure_id, ...node.children.map((child) => child.procedure_id));
    }
    const known = order.filter((id) => selected.has(id));
    return [...known, ...[...selected].filter((id) => !order.includes(id))];
}
//# sourceMappingURL=procedure-tree.js.map