import { migrateCommand } from '@pp/platform';
import { onboardingService } from '../onboarding.service-definition';
import { onboardingDatabase } from './database';

/** `node services/onboarding/dist/database/migrate.js`: applies the onboarding schema's pending migrations. */
migrateCommand(onboardingService, onboardingDatabase);
