"use strict";
/**
 * The pricing API's shapes and constants (docs/product/settings.md#entities, #pricing-validation,
 * #constants): knowledge answers them, the console reads them.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProcedureApiMessages = exports.ALL_PROCEDURES_SCOPE = exports.PROMOTION_STATUSES = exports.PERCENT_PROMOTION_TYPES = exports.DEFAULT_PROMOTION_TYPE = exports.PROMOTION_TYPES = exports.CONSULTATION_MODALITIES = exports.DEFAULT_CURRENCY = exports.CURRENCIES = exports.PRICING_UNITS = exports.MAX_PRICE = void 0;
/** Pricing units (docs/product/settings.md#pricing-validation). */
/** The highest price or fee the product keeps (numeric(12,2) holds more; no practice charges more). */
exports.MAX_PRICE = 10_000_000;
exports.PRICING_UNITS = [
    'None',
    'Area',
    'Procedure',
    'Session',
    'Syringe',
    'Treatment',
    'Unit',
    'Vial',
];
/** Currencies, USD by default. */
exports.CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];
exports.DEFAULT_CURRENCY = 'USD';
/** Consultation modalities. */
exports.CONSULTATION_MODALITIES = ['medspa', 'surgery'];
/** Promotion types; `percent_discount` is the default. */
exports.PROMOTION_TYPES = [
    'monetary_discount',
    'percent_discount',
    'up_to_monetary_discount',
    'up_to_percent_discount',
    'free_consultation',
];
exports.DEFAULT_PROMOTION_TYPE = 'percent_discount';
exports.PERCENT_PROMOTION_TYPES = [
    'percent_discount',
    'up_to_percent_discount',
];
exports.PROMOTION_STATUSES = ['current', 'scheduled', 'expired'];
/** The scope text of a promotion for every procedure. */
exports.ALL_PROCEDURES_SCOPE = 'All procedures';
/** Refusals of the pricing API that the console may show as they are. */
exports.ProcedureApiMessages = {
    procedureNotFound: 'Procedure not found',
    parentNotFound: 'Parent procedure not found',
    promotionNotFound: 'Promotion not found',
    procedureRequired: 'Choose a procedure or type a new name',
    procedureNameTooLong: 'The procedure name is too long (200 characters at most)',
    parentIsSelf: 'A parent cannot be its own child',
    parentIsChild: 'A parent cannot be a child of another procedure',
    parentHasChildren: 'A procedure with children cannot become a child',
    priceInvalid: 'Prices must be numbers from 0 to 10,000,000 with at most 2 decimals',
    unitInvalid: `The unit must be one of ${exports.PRICING_UNITS.join(', ')}`,
    currencyInvalid: `The currency must be one of ${exports.CURRENCIES.join(', ')}`,
    modalityInvalid: `The modality must be one of ${exports.CONSULTATION_MODALITIES.join(', ')}`,
    feeRequired: 'Enter a fee or mark the consultation free',
    feeInvalid: 'The fee must be a number from 0 to 1,000,000 with at most 2 decimals',
    promotionNameRequired: 'Please enter a promotion name',
    promotionNameTooLong: 'The promotion name is too long (200 characters at most)',
    promotionTypeInvalid: `The type must be one of ${exports.PROMOTION_TYPES.join(', ')}`,
    promotionAmountRequired: 'Enter the amount of the discount',
    promotionPercentInvalid: 'A percent discount must be more than 0 and at most 100',
    promotionAmountInvalid: 'The amount must be a number more than 0 and at most 1,000,000 with at most 2 decimals',
    promotionDatesRequired: 'Choose a start and an end date',
    promotionDateInvalid: 'Dates must be YYYY-MM-DD or an ISO timestamp of that day',
    promotionEndBeforeStart: 'The end date cannot be before the start date',
    promotionNotCurrent: 'Only a current promotion can be ended early',
    promotionEnded: 'This promotion was ended early and can no longer be edited. Create a new promotion instead.',
    promotionStatusInvalid: `status must be one of ${exports.PROMOTION_STATUSES.join(', ')}`,
    tooManyProcedures: 'Select at most 500 procedures',
    searchTooLong: 'The search is too long (200 characters at most)',
};
//# sourceMappingURL=procedure-api.js.map