"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CONSENT_CHANNELS = void 0;
exports.CONSENT_CHANNELS = ['sms', 'phone', 'email'];
//# sourceMappingURL=consents.js.map