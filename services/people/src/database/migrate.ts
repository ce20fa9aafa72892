import { migrateCommand } from '@pp/platform';
import { peopleService } from '../people.service-definition';
import { peopleDatabase } from './database';

/** `node services/people/dist/database/migrate.js`: applies the people schema's pending migrations. */
migrateCommand(peopleService, peopleDatabase);
