"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.promotionStatus = promotionStatus;
exports.calendarDayIn = calendarDayIn;
exports.calendarDayOf = calendarDayOf;
exports.promotionAppliesTo = promotionAppliesTo;
const tz_1 = require("@date-fns/tz");
/**
 * A promotion's status (docs/product/settings.md#promotions). Its start and end are calendar days
 * (YYYY-MM-DD) in the practice's time zone: it is scheduled before the start day begins there, current from
 * the start of its first day to the end of its last day there, expired after. An archived (ended early)
 * promotion is expired.
 */
function promotionStatus(promotion, now, timeZone) {
    if (promotion.archived)
        return 'expired';
    const today = calendarDayIn(now, timeZone);
    if (today < promotion.start)
        return 'scheduled';
    if (today > promotion.end)
        return 'expired';
    return 'current';
}
/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (IANA name). */
function calendarDayIn(instant, timeZone) {
    const zoned = new tz_1.TZDate(instant.getTime(), timeZone);
    const pad = (value) => String(value).padStart(2, '0');
    return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
}
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
/**
 * The calendar day a date input names: 'YYYY-MM-DD', or an ISO timestamp whose date part is that day (the
 * console keeps dates as YYYY-MM-DD and sends them as ISO timestamps at UTC midnight). Null when it is not a
 * real day.
 */
function calendarDayOf(text) {
    if (typeof text !== 'string' || text.length > 40)
        return null;
    const match = DAY.exec(text);
    if (!match)
        return null;
    const [year, month, day] = [match[1], match[2], match[3]].map(Number);
    if (year < 1 || month < 1 || month > 12 || day < 1)
        return null;
    const check = new Date(0);
    check.setUTCFullYear(year, month - 1, day);
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
        return null;
    if (text.length > 10 && Number.isNaN(Date.parse(text)))
        return null;
    return text.slice(0, 10);
}
/** A promotion applies to a procedure: all procedures (or an empty list), or the procedure is selected. */
function promotionAppliesTo(promotion, procedureId) {
    return (promotion.is_all_procedures ||
        promotion.selected_procedures.length === 0 ||
        promotion.selected_procedures.includes(procedureId));
}
//# sourceMappingURL=promotion-status.js.map