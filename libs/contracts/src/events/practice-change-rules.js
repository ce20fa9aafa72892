"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isApplicablePracticeChange = isApplicablePracticeChange;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value) => typeof value === 'string' && value.length > 0;
/** Whether a `practice.changes` payload is one a read model can apply (else it is skipped): calendar and knowledge keep one. */
function isApplicablePracticeChange(event) {
    if (!isObject(event) || event.v !== 1 || !isText(event.event_id) || !isText(event.practice_id))
        return false;
    if (!isText(event.occurred_at) || Number.isNaN(Date.parse(event.occurred_at)))
        return false;
    switch (event.type) {
        case 'practice_updated': {
            const practice = event.practice;
            return (isObject(practice) && practice.practice_id === event.practice_id && typeof practice.name === 'string');
        }
        case 'location_created':
        case 'location_updated': {
            const location = event.location;
            return (isObject(location) &&
                isText(location.location_id) &&
                location.practice_id === event.practice_id &&
                typeof location.name === 'string' &&
                typeof location.timezone === 'string' &&
                typeof location.is_active === 'boolean');
        }
        case 'location_deleted':
            return isText(event.location_id);
        default:
            return false;
    }
}
//# sourceMappingURL=practice-change-rules.js.map