"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TRAFFIC_SOURCES = void 0;
/**
 * The console's Realtime Activity (docs/product/analytics.md): `GET /api/v1/analytics/realtime/pageviews` and
 * `GET /api/v1/analytics/realtime/events`.
 */
/** Where a visit came from (the spec's keys; google is shown as Google Organic). */
exports.TRAFFIC_SOURCES = [
    'direct',
    'google',
    'google_ads',
    'microsoft_ads',
    'instagram',
    'facebook',
    'bing',
    'yahoo',
    'referral',
];
//# sourceMappingURL=realtime.js.map