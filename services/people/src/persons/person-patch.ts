import {
  isLeadStage,
  LEAD_STAGES,
  LeadFieldMessages,
  normalizeUsPhone,
  validateEmail,
  validatePhone,
  validateRequiredName,
} from '@pp/contracts';
import { Person } from './person.entity';
import { PersonException, PersonExceptionCode } from './person.exception';

/** The fields staff edit inline (docs/product/leads.md#calls `PATCH /people/{id}`), in the order they are checked. */
export const EDITABLE_FIELDS = [
  'first_name',
  'last_name',
  'primary_phone',
  'primary_email',
  'stage',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export type PersonPatch = Partial<Record<EditableField, string | null>>;

export interface FieldChange {
  field: EditableField;
  old_value: string | null;
  new_value: string | null;
}

export const STAGE_CHOICES_MESSAGE = `stage must be one of: ${LEAD_STAGES.join(', ')}`;

/**
 * Checks a partial edit against docs/product/leads.md#lead-fields; returns the fields whose stored (normalised) value
 * changes.
 * Names are required and trimmed; a phone must have 10 digits and is stored in E.164, '' or null clears it;
 * an email must match the simple pattern and is stored lower-cased, '' or null clears it; the stage must be
 * one of docs/product/leads.md#stages. The first broken rule is a 422 with the spec's message.
 */
export function planPersonPatch(current: Pick<Person, EditableField>, patch: PersonPatch): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of EDITABLE_FIELDS) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const next = normalise(field, patch[field] ?? null);
    if (next !== current[field]) changes.push({ field, old_value: current[field], new_value: next });
  }
  return changes;
}

function normalise(field: EditableField, value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  switch (field) {
    case 'first_name':
    case 'last_name':
      return orFail(validateRequiredName(trimmed, field === 'first_name' ? 'first' : 'last'), trimmed);
    case 'primary_phone':
      return trimmed ? orFail(validatePhone(trimmed), normalizeUsPhone(trimmed)) : null;
    case 'primary_email':
      return trimmed ? orFail(validateEmail(trimmed), trimmed.toLowerCase()) : null;
    case 'stage':
      if (!trimmed)
        throw new PersonException(PersonExceptionCode.InvalidField, LeadFieldMessages.stageRequired);
      return orFail(isLeadStage(trimmed) ? null : STAGE_CHOICES_MESSAGE, trimmed);
  }
}

function orFail<T>(message: string | null, value: T): T {
  if (message) throw new PersonException(PersonExceptionCode.InvalidField, message);
  return value;
}
