"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TRACKING_LIMITS = exports.TRACKING_EVENT_TYPES = void 0;
/**
 * The public tracking ingress (`POST /api/v1/tracking/events`, owned by analytics) and what it publishes on
 * `tracking.forms`, keyed by practice id (docs/product/ai-engine.md#intake-the-public-tracking-ingress).
 */
exports.TRACKING_EVENT_TYPES = ['form', 'pageview', 'heartbeat', 'pageleave'];
/**
 * What one call of the ingress may carry (docs/product/ai-engine.md#intake-the-public-tracking-ingress): over
 * the body size it answers 413, over any other limit 422, naming the limit.
 */
exports.TRACKING_LIMITS = {
    /** The JSON body, in bytes (64 KiB). */
    maxBodyBytes: 64 * 1024,
    maxEvents: 50,
    maxFieldsPerForm: 50,
    maxFieldNameLength: 200,
    maxFieldValueLength: 5000,
    /** site_key, event_id, visitor_id and session_id. */
    maxIdLength: 200,
    /** url and referrer. */
    maxUrlLength: 2048,
    maxTitleLength: 1000,
};
//# sourceMappingURL=tracking.js.map