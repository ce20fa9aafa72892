"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.STAGE_SIDEBAR = exports.STAGE_BY_FILTER = void 0;
exports.isStageFilterId = isStageFilterId;
/** Filter id → stage, for the filters that are a stage ('all' and 'review' are special). */
exports.STAGE_BY_FILTER = {
    attempting: 'Attempting Contact',
    conversations: 'Active Conversation',
    escalated: 'Escalated',
    consultations: 'Scheduled',
    postconsultations: 'Post Consultation',
    noshowcancelled: 'No Show / Cancelled',
    procedures: 'Booked Procedure',
    closed: 'Closed - Lost',
};
/** The stage sidebar, in order (docs/product/leads.md#stage-sidebar). */
exports.STAGE_SIDEBAR = [
    {
        title: 'PIPELINE',
        entries: [
            { id: 'all' },
            { id: 'review' },
            { id: 'escalated' },
            { id: 'attempting' },
            { id: 'conversations' },
        ],
    },
    {
        title: 'BOOKINGS',
        entries: [
            { id: 'consultations' },
            { id: 'noshowcancelled' },
            { id: 'postconsultations' },
            { id: 'procedures' },
        ],
    },
    { title: 'ARCHIVE', entries: [{ id: 'closed' }] },
];
function isStageFilterId(value) {
    return typeof value === 'string' && (value === 'all' || value === 'review' || value in exports.STAGE_BY_FILTER);
}
//# sourceMappingURL=filters.js.map