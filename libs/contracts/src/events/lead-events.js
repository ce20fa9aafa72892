"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toLeadBroadcast = toLeadBroadcast;
function toLeadBroadcast(event) {
    return {
        type: event.type,
        broadcast_type: event.type,
        event_id: event.timeline_event?.event_id ?? event.event_id,
        event_type: event.timeline_event?.event_type ?? event.type,
        practice_id: event.practice_id,
        person_id: event.person_id,
        timestamp: event.timeline_event?.timestamp ?? event.occurred_at,
        person_data: event.person_data,
        content_data: event.timeline_event?.content_data ?? {},
    };
}
//# sourceMappingURL=lead-events.js.map