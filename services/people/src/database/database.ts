import { ServiceDatabase } from '@pp/platform';
import { Person } from '../persons/person.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';

export const peopleDatabase: ServiceDatabase = {
  schema: 'people',
  entities: [Person],
  migrations: [Initial1763700000000],
};
