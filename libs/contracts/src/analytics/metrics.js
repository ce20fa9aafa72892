"use strict";
/**
 * `GET /api/v1/analytics/metrics?practice_id&start_date&end_date` (inclusive days, YYYY-MM-DD on the practice's
 * clock): the console's Overview (docs/product/analytics.md).
 */
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=metrics.js.map