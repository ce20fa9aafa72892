"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SEEDED_MESSAGE_TYPES = exports.SEED_OVERVIEW_HANDOFF_FILE = void 0;
exports.parseSeedOverviewHandoff = parseSeedOverviewHandoff;
/**
 * The demo seed's handoff from people to analytics (docs/decisions/0028-overview-metrics.md), like the appointments
 * handoff to calendar (docs/decisions/0024-seeded-appointments.md): people's seed writes its leads straight into its
 * tables, never through people.lead-events, so it hands analytics' seed what the Overview needs of them in
 * SEED_HANDOFF_DIR: the leads, their communication events and their booked consults.
 */
exports.SEED_OVERVIEW_HANDOFF_FILE = 'people-overview.json';
/** The timeline event types analytics counts as communication events (the others are not handed over). */
exports.SEEDED_MESSAGE_TYPES = [
    'sms_sent',
    'sms_received',
    'email_sent',
    'email_received',
    'phone_call_sent',
    'phone_call_received',
    'phone_call_completed',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value) => typeof value === 'string' && UUID.test(value);
const isInstant = (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isTextOrNull = (value) => value === null || typeof value === 'string';
function leadProblem(row) {
    if (!isUuid(row.practice_id) || !isUuid(row.person_id))
        return 'practice_id or person_id is not a UUID';
    if (!isInstant(row.created_at))
        return 'created_at is not an instant';
    if (!isTextOrNull(row.name))
        return 'name is neither text nor null';
    if (!Array.isArray(row.procedures_of_interest) ||
        row.procedures_of_interest.some((n) => typeof n !== 'string'))
        return 'procedures_of_interest is not a list of names';
    if (row.lead_score !== null && typeof row.lead_score !== 'number')
        return 'lead_score is neither a number nor null';
    return null;
}
function messageProblem(row) {
    if (!isUuid(row.event_id) || !isUuid(row.practice_id) || !isUuid(row.person_id))
        return 'an id is not a UUID';
    if (typeof row.type !== 'string' || !exports.SEEDED_MESSAGE_TYPES.includes(row.type))
        return 'type is not a communication event type';
    if (!isInstant(row.timestamp))
        return 'timestamp is not an instant';
    if (!isTextOrNull(row.status) || !isTextOrNull(row.source))
        return 'status or source is neither text nor null';
    return null;
}
function consultProblem(row) {
    if (!isUuid(row.appointment_id) || !isUuid(row.practice_id) || !isUuid(row.person_id))
        return 'an id is not a UUID';
    if (row.location_id !== null && !isUuid(row.location_id))
        return 'location_id is neither a UUID nor null';
    if (typeof row.title !== 'string' || !row.title.trim())
        return 'title is empty';
    if (!isTextOrNull(row.description))
        return 'description is neither text nor null';
    if (row.status !== 'confirmed' && row.status !== 'cancelled')
        return 'status is not confirmed or cancelled';
    if (!isInstant(row.booked_at))
        return 'booked_at is not an instant';
    return null;
}
/** The handoff read back from its JSON text, every row checked; refused as a whole, with the reason, otherwise. */
function parseSeedOverviewHandoff(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new Error('the overview handoff is not JSON');
    }
    const handoff = value;
    if (!handoff || typeof handoff !== 'object' || handoff.v !== 1)
        throw new Error('the overview handoff is not version 1');
    const lists = [
        ['lead', handoff.leads, leadProblem],
        ['message', handoff.messages, messageProblem],
        ['consult', handoff.consults, consultProblem],
    ];
    for (const [name, list, problemOf] of lists) {
        if (!Array.isArray(list))
            throw new Error(`the overview handoff has no ${name}s list`);
        list.forEach((row, index) => {
            const problem = row && typeof row === 'object' ? problemOf(row) : 'not an object';
            if (problem)
                throw new Error(`${name} ${index} of the overview handoff: ${problem}`);
        });
    }
    return handoff;
}
//# sourceMappingURL=seed-handoff.js.map