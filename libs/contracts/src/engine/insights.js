"use strict";
/**
 * What the AI outreach engine stores on a lead and the console shows (docs/product/ai-engine.md). Shared so that
 * people writes and the console reads one shape.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.SCORE_FACTORS = exports.ESCALATION_REASONS = exports.LANGUAGES = exports.URGENCY_LEVELS = exports.INTENTS = void 0;
/** current_outreach_state.ai_insights.intent_classification */
exports.INTENTS = [
    'pricing',
    'booking',
    'reschedule',
    'cancel_appointment',
    'information',
    'medical_concern',
    'complaint',
    'human_requested',
    'opt_out',
    'wrong_number',
    'help',
    'spam',
];
exports.URGENCY_LEVELS = ['low', 'medium', 'high'];
/** Languages the engine understands and answers in. */
exports.LANGUAGES = ['en', 'es'];
/** Why the engine hands a lead to a human (content_data.reason of ai_escalation). */
exports.ESCALATION_REASONS = [
    'medical_concern',
    'post_treatment_symptoms',
    'complaint',
    'billing_dispute',
    'legal_threat',
    'minor',
    'pregnancy',
    'human_requested',
    'low_confidence',
];
/** The factors of the explainable lead score. */
exports.SCORE_FACTORS = [
    'intent',
    'urgency',
    'procedure_value',
    'engagement',
    'recency',
    'reachability',
    'buying_signals',
];
//# sourceMappingURL=insights.js.map