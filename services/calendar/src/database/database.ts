import { ServiceDatabase } from '@pp/platform';
import { Appointment } from '../appointments/appointment.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { Appointments1763900000000 } from './migrations/1763900000000-Appointments';

export const calendarDatabase: ServiceDatabase = {
  schema: 'calendar',
  entities: [Appointment],
  migrations: [Initial1763700000000, Appointments1763900000000],
};
