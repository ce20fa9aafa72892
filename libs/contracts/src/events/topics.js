"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ALL_TOPICS = exports.Topics = void 0;
/**
 * Kafka topic names. The one place they are spelled (docs/architecture.md#how-events-flow).
 * Every topic is keyed by practice id so that one practice's events stay in order.
 */
exports.Topics = {
    leadEvents: 'people.lead-events',
    trackingPageviews: 'tracking.pageviews',
    trackingForms: 'tracking.forms',
    calendarAppointments: 'calendar.appointments',
    practiceChanges: 'practice.changes',
    onboardingSessions: 'onboarding.sessions',
    knowledgeChanges: 'knowledge.changes',
};
exports.ALL_TOPICS = Object.values(exports.Topics);
//# sourceMappingURL=topics.js.map