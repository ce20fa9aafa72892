import { ServiceDatabase } from '@pp/platform';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { DemoSessions1764700000000 } from './migrations/1764700000000-DemoSessions';
import { DemoCalls1764710000000 } from './migrations/1764710000000-DemoCalls';
import { DemoCallOptOuts1764720000000 } from './migrations/1764720000000-DemoCallOptOuts';

export const onboardingDatabase: ServiceDatabase = {
  schema: 'onboarding',
  entities: [],
  migrations: [
    Initial1763700000000,
    DemoSessions1764700000000,
    DemoCalls1764710000000,
    DemoCallOptOuts1764720000000,
  ],
};
