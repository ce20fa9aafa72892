import {
  FieldMappingLimits,
  FieldMappingMessages,
  FieldMappingTarget,
  isFieldMappingTarget,
} from '@pp/contracts';
import { FieldMappingException } from './field-mapping.exception';

/**
 * The body of `PUT practices/{id}/field-mapping`: the full mapping, field name → one of the targets. Names need
 * not have been discovered (staff may map a field before its first submission). Anything else: 422.
 */
export function parseMappingBody(body: unknown): Record<string, FieldMappingTarget> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw FieldMappingException.invalid(FieldMappingMessages.notAnObject);
  }
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length > FieldMappingLimits.maxMappings) {
    throw FieldMappingException.invalid(FieldMappingMessages.tooMany);
  }
  const mapping: Record<string, FieldMappingTarget> = {};
  for (const [name, target] of entries) {
    if (name.trim().length === 0 || name.length > FieldMappingLimits.fieldNameMaxLength) {
      throw FieldMappingException.invalid(FieldMappingMessages.fieldName);
    }
    if (!isFieldMappingTarget(target)) {
      throw FieldMappingException.invalid(FieldMappingMessages.unknownTarget(name.slice(0, 50)));
    }
    mapping[name] = target;
  }
  return mapping;
}
