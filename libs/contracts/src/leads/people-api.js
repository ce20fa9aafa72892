"use strict";
/**
 * The people service's HTTP contract as the console sees it (docs/product/leads.md#calls, lead-panel.md). The
 * service's entities serialise to these shapes; the console reads them.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.PendingReviewTypes = exports.DEFAULT_FOLLOW_UP_HOURS = exports.FOLLOW_UP_HOURS = exports.LEAD_ACTIONS = exports.ESCALATION_OUTCOMES = exports.LeadActionMessages = exports.PeopleApiMessages = exports.LeadLimits = void 0;
/** docs/product/leads.md#constants and lead-panel.md#constants. */
exports.LeadLimits = {
    pageSize: 50,
    maxPageSize: 200,
    eventLimit: 50,
    maxEventLimit: 500,
    searchLimit: 5,
    searchMinChars: 2,
    appointmentMinutes: 30,
};
/** Messages of the people API that other services repeat (calendar books appointments for a lead). */
exports.PeopleApiMessages = {
    personNotFound: 'Person not found',
};
/** The escalation form's messages, checked by the console before sending and by people on receipt. */
exports.LeadActionMessages = {
    smsMessage: 'Please enter the SMS message',
    emailMessage: 'Please enter the email message',
    /** The notes of the console's switch back to AI control, and the reason people records for it. */
    switchedToAi: 'Switched back to AI control',
};
/** What staff can log on a lead (docs/product/leads.md#escalations, lead-panel.md#quick-actions). */
exports.ESCALATION_OUTCOMES = [
    'phone_call_sent',
    'sms_sent',
    'email_sent',
    'patient_scheduled',
    'patient_wants_removal',
    'snooze',
];
/** Every action `POST /people/{id}/actions` accepts. */
exports.LEAD_ACTIONS = [...exports.ESCALATION_OUTCOMES, 'switch_control_mode'];
exports.FOLLOW_UP_HOURS = [1, 4, 24, 48, 72, 168];
exports.DEFAULT_FOLLOW_UP_HOURS = 24;
/** `pending_review_type` values: an escalation waits for an outcome; a decision waits for approval. */
exports.PendingReviewTypes = { escalate: 'escalate', approval: 'approval' };
//# sourceMappingURL=people-api.js.map