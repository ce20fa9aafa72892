import { buildProcedureTree as contractTree } from '@pp/contracts';
import type { ProcedureSummaryItem } from './types';

/**
 * The practice's procedures as the pricing table shows them (docs/product/settings.md#procedure-pricing): the
 * two-level tree of @pp/contracts (a child whose parent is missing gets a synthetic parent named from
 * `parent_name`, or 'Unknown Category'), with each node's summary item, filtered and grouped by category.
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

function syntheticParent(
  id: string,
  name: string,
  child: ProcedureSummaryItem | undefined,
): ProcedureSummaryItem {
  return {
    procedure_id: id,
    procedure_name: name,
    category_id: child?.category_id ?? null,
    category_name: child?.category_name ?? null,
    parent_id: null,
    parent_name: null,
    history_count: 0,
    has_promotion: false,
    offerings: {
      all_locations: { offered: false, pricing: null, practice_procedure_id: null },
      locations: {},
    },
  };
}

/** Parents with their children, in the order the summary gives them. */
export function buildProcedureTree(items: readonly ProcedureSummaryItem[]): ProcedureNode[] {
  const byId = new Map(items.map((item) => [item.procedure_id, item]));
  return contractTree(items).map((node) => {
    const children = node.children.flatMap((child) => byId.get(child.procedure_id) ?? []);
    const item = node.synthetic
      ? syntheticParent(node.procedure_id, node.name, children[0])
      : byId.get(node.procedure_id)!;
    return { item, synthetic: node.synthetic, children };
  });
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

/** Nodes grouped by their parent's category (a synthetic parent: its first child's), 'Uncategorized' last. */
export function groupByCategory(nodes: readonly ProcedureNode[]): CategoryGroup[] {
  const groups = new Map<string | null, ProcedureNode[]>();
  for (const node of nodes) {
    const category = node.item.category_name?.trim() || null;
    groups.set(category, [...(groups.get(category) ?? []), node]);
  }
  return [...groups.entries()]
    .map(([category, grouped]) => ({ category, nodes: grouped }))
    .sort((a, b) =>
      a.category === null ? 1 : b.category === null ? -1 : a.category.localeCompare(b.category),
    );
}
