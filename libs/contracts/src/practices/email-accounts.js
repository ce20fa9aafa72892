"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EmailApiMessages = exports.OAUTH_FAILED = exports.EMAIL_SETTINGS_PATH = exports.EMAIL_ACCOUNT_STATUSES = exports.OAUTH_EMAIL_PROVIDERS = exports.EMAIL_PROVIDERS = void 0;
exports.isOAuthEmailProvider = isOAuthEmailProvider;
exports.emailAccountStatusLabel = emailAccountStatusLabel;
/**
 * E-mail accounts of a practice (docs/product/settings.md#email-accounts): the practice's own mailboxes the AI
 * sends from, connected through the provider's OAuth consent. Shared by the people service and the console.
 */
exports.EMAIL_PROVIDERS = ['google', 'microsoft', 'generic'];
/** The providers connected through OAuth; `generic` is a form the console does not build yet. */
exports.OAUTH_EMAIL_PROVIDERS = ['google', 'microsoft'];
function isOAuthEmailProvider(value) {
    return typeof value === 'string' && exports.OAUTH_EMAIL_PROVIDERS.includes(value);
}
exports.EMAIL_ACCOUNT_STATUSES = ['active', 'error', 'pending', 'disconnected'];
/** The status labels of docs/product/settings.md#email-accounts; anything else is 'Unknown'. */
function emailAccountStatusLabel(status) {
    switch (status) {
        case 'active':
            return 'Connected';
        case 'error':
            return 'Error';
        case 'pending':
            return 'Pending Setup';
        case 'disconnected':
            return 'Disconnected';
        default:
            return 'Unknown';
    }
}
/** Where the provider's consent returns the browser to; `?error=oauth_failed` when it failed. */
exports.EMAIL_SETTINGS_PATH = '/settings/email';
/** The `error` query of a failed consent, on Settings → Email and Settings → Calendar alike. */
exports.OAUTH_FAILED = 'oauth_failed';
exports.EmailApiMessages = {
    accountNotFound: 'Email account not found',
    providerInvalid: 'Provider must be google or microsoft',
};
//# sourceMappingURL=email-accounts.js.map