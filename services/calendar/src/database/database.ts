import { KnownLocation, KnownPractice, ServiceDatabase } from '@pp/platform';
import { Appointment } from '../appointments/appointment.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { Appointments1763900000000 } from './migrations/1763900000000-Appointments';
import { PracticeReadModel1764000000000 } from './migrations/1764000000000-PracticeReadModel';
import { ReadModelDetails1764030000000 } from './migrations/1764030000000-ReadModelDetails';
import { ReadModelPrimary1764400000000 } from './migrations/1764400000000-ReadModelPrimary';
import { CalendarIntegrations1764500000000 } from './migrations/1764500000000-CalendarIntegrations';
import { GhlSync1764510000000 } from './migrations/1764510000000-GhlSync';
import { LeadDirectory1764520000000 } from './migrations/1764520000000-LeadDirectory';

export const calendarDatabase: ServiceDatabase = {
  schema: 'calendar',
  entities: [Appointment, KnownPractice, KnownLocation],
  migrations: [
    Initial1763700000000,
    Appointments1763900000000,
    PracticeReadModel1764000000000,
    ReadModelDetails1764030000000,
    ReadModelPrimary1764400000000,
    CalendarIntegrations1764500000000,
    GhlSync1764510000000,
    LeadDirectory1764520000000,
  ],
};
