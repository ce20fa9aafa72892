import { FieldMappingLimits } from '@pp/contracts';

/** A submitted value as an example: whitespace collapsed, cut to 100 characters; null when empty. */
export function exampleOf(value: unknown): string | null {
  const text = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return Array.from(text).slice(0, FieldMappingLimits.exampleMaxLength).join('');
}

/** The latest distinct examples, newest first: the new value moves to the front, at most 5 kept. */
export function mergeExamples(existing: readonly string[], value: unknown): string[] {
  const example = exampleOf(value);
  if (example === null) return existing.slice(0, FieldMappingLimits.examplesPerField);
  return [example, ...existing.filter((known) => known !== example)].slice(
    0,
    FieldMappingLimits.examplesPerField,
  );
}
