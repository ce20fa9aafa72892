/**
 * Form field mapping (docs/product/settings.md#field-mapping): the targets a discovered website-form field can
 * be mapped to, and how the page groups the fields. Pure: the page and its tests read it.
 */

import type { FieldMappingResponse, FieldMappingTarget } from '@pp/contracts';

export { FIELD_MAPPING_TARGETS, isFieldMappingTarget } from '@pp/contracts';
export type { FieldMappingResponse, FieldMappingTarget } from '@pp/contracts';

export const FIELD_GROUPS = ['core', 'additional', 'unmapped', 'ignored'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export interface FieldRow {
  name: string;
  examples: string[];
  /** The field's target, or null when it has none. */
  target: string | null;
}

/** No mapping → unmapped; `ignore` and `additional_info` have their own groups; any other target is core. */
export function groupOf(target: string | null | undefined): FieldGroup {
  if (!target) return 'unmapped';
  if (target === 'ignore') return 'ignored';
  if (target === 'additional_info') return 'additional';
  return 'core';
}

/**
 * The rows of each group: every discovered field, and every mapped field the answer does not list as
 * discovered (no examples), each once, in the server's order.
 */
export function groupFields(response: FieldMappingResponse): Record<FieldGroup, FieldRow[]> {
  const groups: Record<FieldGroup, FieldRow[]> = { core: [], additional: [], unmapped: [], ignored: [] };
  const seen = new Set<string>();
  const mappings = response.current_mappings ?? {};
  const rows: FieldRow[] = [];
  for (const field of response.discovered_fields ?? []) {
    if (seen.has(field.name)) continue;
    seen.add(field.name);
    rows.push({ name: field.name, examples: field.examples ?? [], target: mappings[field.name] || null });
  }
  for (const [name, target] of Object.entries(mappings)) {
    if (seen.has(name)) continue;
    seen.add(name);
    rows.push({ name, examples: [], target: target || null });
  }
  for (const row of rows) groups[groupOf(row.target)].push(row);
  return groups;
}

/** The full mapping object a save sends: the current mappings with one field's target changed. */
export function withTarget(
  mappings: Readonly<Record<string, string>>,
  name: string,
  target: FieldMappingTarget,
): Record<string, string> {
  return { ...mappings, [name]: target };
}
