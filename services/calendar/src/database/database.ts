import { ServiceDatabase } from '@pp/platform';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';

export const calendarDatabase: ServiceDatabase = {
  schema: 'calendar',
  entities: [],
  migrations: [Initial1763700000000],
};
