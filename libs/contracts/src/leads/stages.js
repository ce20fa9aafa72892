"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LEAD_STAGES = void 0;
exports.isLeadStage = isLeadStage;
/** Lead stage values (docs/product/leads.md#stages). */
exports.LEAD_STAGES = [
    'Lead',
    'Attempting Contact',
    'Active Conversation',
    'Scheduled',
    'Post Consultation',
    'No Show / Cancelled',
    'Booked Procedure',
    'Closed - Lost',
    'Escalated',
];
function isLeadStage(value) {
    return typeof value === 'string' && exports.LEAD_STAGES.includes(value);
}
//# sourceMappingURL=stages.js.map