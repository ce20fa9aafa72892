"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EventHeaders = void 0;
/** Kafka header names set by the outbox relay. */
exports.EventHeaders = {
    eventId: 'event_id',
    eventType: 'event_type',
    correlationId: 'correlation_id',
};
//# sourceMappingURL=envelope.js.map