import type { ProcedureSummaryItem } from './types';

/**
 * The practice's procedures as the pricing table and the promotion selector show them
 * (docs/product/settings.md#procedure-pricing): two levels (a parent and its children), grouped by category.
 * A child whose parent is not in the list gets a synthetic parent named from `parent_name` (null here: the
 * page shows 'Unknown Category').
 */

export interface ProcedureNode {
  item: ProcedureSummaryItem;
  /** A parent made up for children whose parent is missing: it has no offerings and no actions. */
  synthetic: boolean;
  children: ProcedureSummaryItem[];
}

export interface CategoryGroup {
  /** null: 'Uncategorized'. */
  category: string | null;
  nodes: ProcedureNode[];
}

const byName = (a: { procedure_name: string }, b: { procedure_name: string }) =>
  a.procedure_name.localeCompare(b.procedure_name);

function syntheticParent(child: ProcedureSummaryItem): ProcedureSummaryItem {
  return {
    procedure_id: child.parent_id ?? `unknown:${child.procedure_id}`,
    procedure_name: child.parent_name ?? '',
    category_id: child.category_id,
    category_name: child.category_name,
    parent_id: null,
    parent_name: null,
    history_count: 0,
    has_promotion: false,
    offerings: { all_locations: null, locations: {} },
  };
}

/** Parents with their children, parents and children sorted by name. */
export function buildProcedureTree(items: readonly ProcedureSummaryItem[]): ProcedureNode[] {
  const byId = new Map(items.map((item) => [item.procedure_id, item]));
  const nodes = new Map<string, ProcedureNode>();
  const nodeFor = (item: ProcedureSummaryItem, synthetic: boolean) => {
    let node = nodes.get(item.procedure_id);
    if (!node) {
      node = { item, synthetic, children: [] };
      nodes.set(item.procedure_id, node);
    }
    return node;
  };
  const isTop = (item: ProcedureSummaryItem) => !item.parent_id || item.parent_id === item.procedure_id;
  for (const item of items) {
    if (isTop(item)) {
      nodeFor(item, false);
      continue;
    }
    // The highest ancestor present; a deeper item joins the top of its chain (two levels only).
    const seen = new Set([item.procedure_id]);
    let highest = item;
    while (highest.parent_id && byId.has(highest.parent_id) && !seen.has(highest.parent_id)) {
      highest = byId.get(highest.parent_id)!;
      seen.add(highest.procedure_id);
    }
    if (highest !== item && isTop(highest)) nodeFor(highest, false).children.push(item);
    else if (highest.parent_id && !byId.has(highest.parent_id)) {
      nodeFor(syntheticParent(highest), true).children.push(item);
    } else nodeFor(item, false); // a cycle: shown at the top rather than lost
  }
  const result = [...nodes.values()];
  for (const node of result) node.children.sort(byName);
  return result.sort((a, b) => byName(a.item, b.item));
}

const matches = (item: ProcedureSummaryItem, needle: string) =>
  [item.procedure_name, item.category_name, item.parent_name].some((text) =>
    (text ?? '').toLowerCase().includes(needle),
  );

/**
 * The nodes that match a filter on the procedure, category or parent name: a matching parent keeps all its
 * children; otherwise a parent stays (as context) with its matching children.
 */
export function filterProcedureTree(nodes: readonly ProcedureNode[], filter: string): ProcedureNode[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (matches(node.item, needle)) return [node];
    const children = node.children.filter((child) => matches(child, needle));
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Nodes grouped by their parent's category, categories by name, 'Uncategorized' last. */
export function groupByCategory(nodes: readonly ProcedureNode[]): CategoryGroup[] {
  const groups = new Map<string | null, ProcedureNode[]>();
  for (const node of nodes) {
    const category = node.item.category_name?.trim() || node.children[0]?.category_name?.trim() || null;
    groups.set(category, [...(groups.get(category) ?? []), node]);
  }
  return [...groups.entries()]
    .map(([category, grouped]) => ({ category, nodes: grouped }))
    .sort((a, b) =>
      a.category === null ? 1 : b.category === null ? -1 : a.category.localeCompare(b.category),
    );
}
