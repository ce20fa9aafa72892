import type { ProcedureSearchResult } from './types';

/**
 * The Add Pricing choices (docs/product/settings.md#add-pricing): an existing procedure (disabled as 'Already
 * added' when the practice has it), or a new one from the typed text when no exact case-insensitive match
 * exists; the same for the parent, which never is the procedure itself.
 */

export type ProcedureChoice =
  | { kind: 'existing'; procedure_id: string; name: string; parent_name: string | null; added: boolean }
  | { kind: 'new'; name: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function procedureChoices(
  results: readonly ProcedureSearchResult[],
  text: string,
  addedIds: ReadonlySet<string>,
): ProcedureChoice[] {
  const existing: ProcedureChoice[] = results.map((result) => ({
    kind: 'existing',
    procedure_id: result.procedure_id,
    name: result.name,
    parent_name: result.parent_name,
    added: addedIds.has(result.procedure_id),
  }));
  const typed = text.trim();
  const exact = results.some((result) => same(result.name, typed));
  return typed && !exact ? [...existing, { kind: 'new', name: typed }] : existing;
}

/** Every procedure found is already in the practice (and the text names one of them: nothing new to create). */
export const allAdded = (choices: readonly ProcedureChoice[]) =>
  choices.length > 0 && choices.every((choice) => choice.kind === 'existing' && choice.added);

export type ParentChoice =
  { kind: 'existing'; procedure_id: string; name: string } | { kind: 'new'; name: string };

export function parentChoices(
  parents: readonly { procedure_id: string; name: string }[],
  text: string,
  procedure: ProcedureChoice | null,
): ParentChoice[] {
  const own = (candidate: { procedure_id: string; name: string }) =>
    procedure?.kind === 'existing'
      ? candidate.procedure_id === procedure.procedure_id
      : procedure
        ? same(candidate.name, procedure.name)
        : false;
  const existing: ParentChoice[] = parents
    .filter((parent) => !own(parent))
    .map((parent) => ({ kind: 'existing', ...parent }));
  const typed = text.trim();
  const exact = parents.some((parent) => same(parent.name, typed));
  const isSelf = procedure ? same(procedure.name, typed) : false;
  return typed && !exact && !isSelf ? [...existing, { kind: 'new', name: typed }] : existing;
}

/**
 * The parent the typed text names, as the procedure box does: an existing parent matching it exactly
 * (ignoring case), else a new parent of that name; none for empty text or the procedure's own name.
 */
export function parentFromText(
  parents: readonly { procedure_id: string; name: string }[],
  text: string,
  procedure: ProcedureChoice | null,
): ParentChoice | null {
  const typed = text.trim();
  if (!typed) return null;
  const existing = parentChoices(parents, typed, procedure).find(
    (choice) => choice.kind === 'existing' && same(choice.name, typed),
  );
  if (existing) return existing;
  if (procedure && same(procedure.name, typed)) return null;
  return { kind: 'new', name: typed };
}

/** Save needs a practice, a procedure (chosen or typed) that is not already added, and nothing loading. */
export const canSaveNewPricing = ({
  practiceId,
  procedure,
  loading,
}: {
  practiceId: string | null | undefined;
  procedure: ProcedureChoice | null;
  loading: boolean;
}) =>
  Boolean(practiceId) &&
  !loading &&
  procedure !== null &&
  (procedure.kind === 'new' ? procedure.name.trim() !== '' : !procedure.added);
