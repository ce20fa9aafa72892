import { parseSeedAppointmentsHandoff, SEED_APPOINTMENTS_HANDOFF_FILE } from '@pp/contracts';
import { readSeedHandoff, seedCommand } from '@pp/platform';
import { calendarService } from '../calendar.service-definition';
import { calendarDatabase } from './database';
import { seedAppointments } from './seed-appointments';

/**
 * `node services/calendar/dist/database/seed.js`: the calendar's demo appointments, idempotent. The seeded leads'
 * appointments come from people's seed, which runs first and hands them over in SEED_HANDOFF_DIR
 * (docs/decisions/0024-seeded-appointments.md); without that file only the external appointments are seeded.
 */
seedCommand(calendarService, calendarDatabase, async (dataSource) => {
  const { path, text } = readSeedHandoff(SEED_APPOINTMENTS_HANDOFF_FILE);
  const handoff = text === null ? null : parseSeedAppointmentsHandoff(text);
  const report = await seedAppointments(dataSource, handoff?.appointments ?? []);
  const leads = handoff
    ? `${report.leads} of the ${handoff.appointments.length} lead appointments people's seed handed over`
    : `no lead appointments (people's seed left no handoff at ${path})`;
  return `${leads} and ${report.external} external appointments added (existing ones kept)`;
});
