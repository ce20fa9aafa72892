"use strict";
/** Phone rules shared by the console and the services (docs/product/leads.md#lead-fields, #constants). */
Object.defineProperty(exports, "__esModule", { value: true });
exports.PHONE_DIGITS = void 0;
exports.nationalDigits = nationalDigits;
exports.normalizeUsPhone = normalizeUsPhone;
exports.formatPhone = formatPhone;
exports.PHONE_DIGITS = 10;
/** The digits of a phone number, without a leading US country code 1 when there are 11. */
function nationalDigits(input) {
    const digits = (input ?? '').replace(/\D/g, '');
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
/**
 * Normalises a US phone number to E.164 (+1XXXXXXXXXX). Accepts 10 digits, or 11 starting with 1, with any
 * punctuation. Returns null when the input is not such a number.
 */
function normalizeUsPhone(input) {
    const digits = nationalDigits(input);
    return digits.length === exports.PHONE_DIGITS ? `+1${digits}` : null;
}
/**
 * The display form (xxx) xxx-xxxx. A leading US 1 is dropped; anything that is not 10 digits is shown as
 * given (an empty value as '').
 */
function formatPhone(input) {
    const digits = nationalDigits(input);
    if (digits.length !== exports.PHONE_DIGITS)
        return input ?? '';
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
//# sourceMappingURL=phone.js.map