"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EMAIL_PATTERN = exports.LeadFieldMessages = void 0;
exports.validateRequiredName = validateRequiredName;
exports.validatePhone = validatePhone;
exports.validateEmail = validateEmail;
exports.normalizeWebsite = normalizeWebsite;
exports.validateWebsite = validateWebsite;
exports.validateZip = validateZip;
exports.capitalizeWords = capitalizeWords;
const phone_1 = require("./phone");
/** The spec's messages for lead fields (docs/product/leads.md#lead-fields). */
exports.LeadFieldMessages = {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    stageRequired: 'Stage is required',
    phone: 'Please enter a valid 10-digit phone number',
    email: 'Please enter a valid email address',
    website: 'Please enter a valid website URL',
    zip: 'Please enter a valid ZIP code',
    saveFailed: 'Failed to save. Please try again.',
};
/** A simple address pattern: something@something.tld, no spaces. */
exports.EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;
const ZIP_PATTERN = /^\d{5}(-?\d{4})?$/;
/** Each rule returns the spec's message, or null when the value is acceptable. */
function validateRequiredName(value, which) {
    if ((value ?? '').trim())
        return null;
    return which === 'first' ? exports.LeadFieldMessages.firstNameRequired : exports.LeadFieldMessages.lastNameRequired;
}
/** Optional; when present exactly 10 digits (11 starting with 1 also accepted). */
function validatePhone(value) {
    if (!(value ?? '').trim())
        return null;
    return (0, phone_1.nationalDigits)(value).length === phone_1.PHONE_DIGITS && /^[\d\s().+-]+$/.test(value.trim())
        ? null
        : exports.LeadFieldMessages.phone;
}
function validateEmail(value) {
    const trimmed = (value ?? '').trim();
    if (!trimmed)
        return null;
    return exports.EMAIL_PATTERN.test(trimmed) ? null : exports.LeadFieldMessages.email;
}
/** Adds https:// when no scheme is given. */
function normalizeWebsite(value) {
    const trimmed = value.trim();
    return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
function validateWebsite(value) {
    if (!(value ?? '').trim())
        return null;
    try {
        const url = new URL(normalizeWebsite(value));
        return HOST_PATTERN.test(url.hostname) ? null : exports.LeadFieldMessages.website;
    }
    catch {
        return exports.LeadFieldMessages.website;
    }
}
function validateZip(value) {
    const trimmed = (value ?? '').trim();
    if (!trimmed)
        return null;
    return ZIP_PATTERN.test(trimmed) ? null : exports.LeadFieldMessages.zip;
}
/** Names are capitalised per word: 'mary-jane o'neil' → 'Mary-Jane O'Neil'. */
function capitalizeWords(value) {
    return value.replace(/(^|[\s\-'’])(\p{L})/gu, (_match, before, letter) => before + letter.toUpperCase());
}
//# sourceMappingURL=lead-fields.js.map