"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HOURS_TIME = exports.WEEKDAYS = void 0;
exports.defaultDayHours = defaultDayHours;
/**
 * Business hours of a location (docs/product/settings.md#business-hours), shared by the gateway (which validates
 * and stores them) and the console (which edits them): keyed monday..sunday, each 'HH:MM' open and close and a
 * closed flag; null on a location means inherited from the primary.
 */
exports.WEEKDAYS = [
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
];
/** 'HH:MM', 00:00 to 23:59. */
exports.HOURS_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Defaults for a missing day: 09:00 to 17:00 Monday to Friday; weekends closed. */
function defaultDayHours(day) {
    const weekend = day === 'saturday' || day === 'sunday';
    return { open: '09:00', close: '17:00', closed: weekend };
}
//# sourceMappingURL=business-hours.js.map