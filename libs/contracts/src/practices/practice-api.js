"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PracticeApiMessages = void 0;
/**
 * Messages of the practice settings API that more than one service answers with: the gateway owns practices
 * and locations; the platform refuses a practice the caller cannot see; calendar checks a booking's location.
 */
exports.PracticeApiMessages = {
    /** Also for another practice's id: its existence is not revealed. */
    practiceNotFound: 'Practice not found',
    locationNotFound: 'Location not found',
    /** A request of people or calendar without the practice it is about. */
    practiceIdRequired: 'practice_id is required',
};
//# sourceMappingURL=practice-api.js.map