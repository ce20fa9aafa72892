import { migrateCommand } from '@pp/platform';
import { gatewayService } from '../gateway.service-definition';
import { gatewayDatabase } from './database';

/** `node services/gateway/dist/database/migrate.js`: applies the gateway schema's pending migrations. */
migrateCommand(gatewayService, gatewayDatabase);
