import { dataSourceOptions, loadServiceConfig, runMigrations } from '@pp/platform';
import { calendarService } from '../calendar.service-definition';
import { calendarDatabase } from './database';

/** `node services/calendar/dist/database/migrate.js`: applies the calendar schema's pending migrations. */
async function main(): Promise<void> {
  const config = loadServiceConfig(calendarService);
  const applied = await runMigrations(
    dataSourceOptions(config.DATABASE_URL, 'calendar-migrate', calendarDatabase),
  );
  console.log(`calendar: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
