"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LiveCloseCodes = void 0;
/**
 * Close codes of the live connection (`/api/v1/practices/{practice_id}/events`), shared by the gateway that
 * sends them and the console that acts on them (docs/product/live-connection.md).
 */
exports.LiveCloseCodes = {
    /** A deliberate close: the client never retries. */
    normal: 1000,
    /** The token is missing, invalid, expired or revoked: the client signs out. */
    unauthenticated: 4001,
    /** The token is valid but the practice is not the user's: the client re-checks its practice. */
    forbidden: 4003,
};
//# sourceMappingURL=close-codes.js.map