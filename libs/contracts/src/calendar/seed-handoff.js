"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SEED_APPOINTMENTS_HANDOFF_FILE = void 0;
exports.parseSeedAppointmentsHandoff = parseSeedAppointmentsHandoff;
/**
 * The demo seed's handoff from people to calendar (docs/decisions/0024-seeded-appointments.md): the appointments
 * people's seed put on its leads' timelines, in their latest state, so that calendar's seed gives each one its row
 * with the same id. A file, not an event: the seeds run before the services, and neither reads the other's tables.
 */
exports.SEED_APPOINTMENTS_HANDOFF_FILE = 'people-appointments.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const isText = (value) => typeof value === 'string';
const isTextOrNull = (value) => value === null || isText(value);
/** Why one handed-over appointment cannot be used, or null when it can. */
function problemOf(row) {
    for (const key of ['appointment_id', 'practice_id', 'person_id'])
        if (!isText(row[key]) || !UUID.test(row[key]))
            return `${key} is not a UUID`;
    if (row.location_id !== null && !(isText(row.location_id) && UUID.test(row.location_id)))
        return 'location_id is neither a UUID nor null';
    if (!isText(row.title) || !row.title.trim())
        return 'title is empty';
    for (const key of ['start_time', 'end_time'])
        if (!isText(row[key]) || !ISO_INSTANT.test(row[key]) || Number.isNaN(Date.parse(row[key])))
            return `${key} is not an ISO instant`;
    if (Date.parse(row.end_time) <= Date.parse(row.start_time))
        return 'end_time is not after start_time';
    if (row.status !== 'confirmed' && row.status !== 'cancelled')
        return 'status is not confirmed or cancelled';
    if (row.source !== 'practicepilot')
        return "source is not 'practicepilot'";
    for (const key of [
        'description',
        'location',
        'person_name',
        'person_first_name',
        'person_last_name',
        'person_email',
        'person_phone',
        'person_location',
        'person_title',
        'person_organization',
    ])
        if (!isTextOrNull(row[key]))
            return `${key} is neither text nor null`;
    if (row.person_age !== null && !Number.isInteger(row.person_age))
        return 'person_age is not a whole number';
    if (row.person_education !== null && !Array.isArray(row.person_education))
        return 'person_education is not a list';
    return null;
}
/**
 * The handoff read back from its JSON text: every appointment checked, so calendar's seed never writes a half-formed
 * row. A handoff of another version, or any bad appointment, is refused as a whole with the reason.
 */
function parseSeedAppointmentsHandoff(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new Error('the appointments handoff is not JSON');
    }
    const handoff = value;
    if (!handoff || typeof handoff !== 'object' || handoff.v !== 1)
        throw new Error('the appointments handoff is not version 1');
    if (!isText(handoff.written_at) || !Array.isArray(handoff.appointments))
        throw new Error('the appointments handoff has no written_at or no appointments list');
    handoff.appointments.forEach((row, index) => {
        const problem = row && typeof row === 'object' ? problemOf(row) : 'not an object';
        if (problem)
            throw new Error(`appointment ${index} of the handoff: ${problem}`);
    });
    return handoff;
}
//# sourceMappingURL=seed-handoff.js.map