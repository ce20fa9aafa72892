"use strict";
/**
 * Calendar integrations as the calendar service answers them and Settings → Calendar Integrations shows them
 * (docs/product/calendar.md#integrations, docs/product/settings.md#calendar-integrations). Tokens are never part
 * of an answer.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.CALENDAR_PROVIDERS = exports.OAUTH_CALENDAR_PROVIDERS = void 0;
exports.isOAuthCalendarProvider = isOAuthCalendarProvider;
/** The providers a practice connects by the provider's consent. */
exports.OAUTH_CALENDAR_PROVIDERS = ['ghl', 'symplast', 'leadar'];
/** Every provider of the product: the consent ones and `internal`, PracticePilot's own calendar. */
exports.CALENDAR_PROVIDERS = [...exports.OAUTH_CALENDAR_PROVIDERS, 'internal'];
function isOAuthCalendarProvider(value) {
    return typeof value === 'string' && exports.OAUTH_CALENDAR_PROVIDERS.includes(value);
}
//# sourceMappingURL=integrations.js.map