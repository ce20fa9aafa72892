"use strict";
/**
 * Form field mapping (docs/product/ai-engine.md#intake-forms-field-mapping-consent): how the fields of a
 * practice's website forms are read. `GET/PUT /api/v1/practices/{practice_id}/field-mapping` (people).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.FieldMappingMessages = exports.FieldMappingLimits = exports.CORE_FIELD_TARGETS = exports.FIELD_MAPPING_TARGETS = void 0;
exports.isFieldMappingTarget = isFieldMappingTarget;
/** Where a form field goes, in the order of the Settings page's dropdown. */
exports.FIELD_MAPPING_TARGETS = [
    'first_name',
    'last_name',
    'full_name',
    'email',
    'phone',
    'location_preference',
    'procedure_interest',
    'provider_preference',
    'message',
    'preferred_contact_method',
    'preferred_day',
    'preferred_time',
    'additional_info',
    'ignore',
];
/** Targets that are neither kept as additional info nor ignored: the "Core Contact Fields" group. */
exports.CORE_FIELD_TARGETS = exports.FIELD_MAPPING_TARGETS.filter((target) => target !== 'additional_info' && target !== 'ignore');
function isFieldMappingTarget(value) {
    return typeof value === 'string' && exports.FIELD_MAPPING_TARGETS.includes(value);
}
exports.FieldMappingLimits = {
    /** A field name longer than this is neither discovered nor mappable. */
    fieldNameMaxLength: 200,
    /** Entries of one PUT. */
    maxMappings: 500,
    /** Example values kept per discovered field (the latest distinct ones). */
    examplesPerField: 5,
    /** An example longer than this is cut (examples are patient data: kept short). */
    exampleMaxLength: 100,
};
exports.FieldMappingMessages = {
    notAnObject: 'The mapping must be an object of field name to target',
    tooMany: `At most ${exports.FieldMappingLimits.maxMappings} field mappings`,
    fieldName: `Field names must be 1 to ${exports.FieldMappingLimits.fieldNameMaxLength} characters`,
    unknownTarget: (field) => `Unknown mapping target for "${field}"`,
};
//# sourceMappingURL=field-mapping.js.map