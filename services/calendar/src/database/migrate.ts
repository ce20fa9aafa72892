import { migrateCommand } from '@pp/platform';
import { calendarService } from '../calendar.service-definition';
import { calendarDatabase } from './database';

/** `node services/calendar/dist/database/migrate.js`: applies the calendar schema's pending migrations. */
migrateCommand(calendarService, calendarDatabase);
