import { migrateCommand } from '@pp/platform';
import { analyticsService } from '../analytics.service-definition';
import { analyticsDatabase } from './database';

/** `node services/analytics/dist/database/migrate.js`: applies the analytics schema's pending migrations. */
migrateCommand(analyticsService, analyticsDatabase);
