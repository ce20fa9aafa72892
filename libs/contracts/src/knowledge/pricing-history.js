"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatPriceRange = formatPriceRange;
exports.groupPricingHistory = groupPricingHistory;
const second = (iso) => `${iso.slice(0, 19)}Z`;
/** 'No pricing', '$12', 'Up to $15' or '$12 to $15' (docs/product/settings.md#pricing-history). */
function formatPriceRange(min, max) {
    const dollars = (value) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;
    if (min === null && max === null)
        return 'No pricing';
    if (max === null || min === max)
        return dollars(min);
    if (min === null)
        return `Up to ${dollars(max)}`;
    return `${dollars(min)} to ${dollars(max)}`;
}
/**
 * Groups a history to the second, newest first (docs/product/settings.md#pricing-history): a row's start is
 * 'Switched to All locations (range)' or 'Added {location} (range)'; a row's end with no row of the same
 * place starting in that second is 'Switched from All locations' or 'Removed {location}'.
 */
function groupPricingHistory(entries) {
    const groups = new Map();
    const group = (at) => {
        let found = groups.get(at);
        if (!found)
            groups.set(at, (found = { started: [], ended: [] }));
        return found;
    };
    for (const entry of entries) {
        group(second(new Date(entry.effective_start).toISOString())).started.push(entry);
        if (entry.effective_end)
            group(second(new Date(entry.effective_end).toISOString())).ended.push(entry);
    }
    return [...groups.entries()]
        .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
        .map(([at, { started, ended }]) => {
        const lines = [];
        for (const entry of started) {
            const range = formatPriceRange(entry.price_min, entry.price_max);
            lines.push(entry.location_id === null
                ? `Switched to All locations (${range})`
                : `Added ${entry.location_name} (${range})`);
        }
        for (const entry of ended) {
            if (started.some((other) => other.location_id === entry.location_id))
                continue;
            lines.push(entry.location_id === null ? 'Switched from All locations' : `Removed ${entry.location_name}`);
        }
        return { at, current: started.some((entry) => entry.effective_end === null), lines };
    });
}
//# sourceMappingURL=pricing-history.js.map