import { KnownLocation, KnownPractice, ServiceDatabase } from '@pp/platform';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { PracticeReadModel1764030000000 } from './migrations/1764030000000-PracticeReadModel';
import { Pageviews1764600000000 } from './migrations/1764600000000-Pageviews';
import { OverviewReadModels1764700000000 } from './migrations/1764700000000-OverviewReadModels';
import { LeadPageviewsBackfill1764900000000 } from './migrations/1764900000000-LeadPageviewsBackfill';
import { RealtimeSessionsIndex1764950000000 } from './migrations/1764950000000-RealtimeSessionsIndex';

export const analyticsDatabase: ServiceDatabase = {
  schema: 'analytics',
  entities: [KnownPractice, KnownLocation],
  migrations: [
    Initial1763700000000,
    PracticeReadModel1764030000000,
    Pageviews1764600000000,
    OverviewReadModels1764700000000,
    // a lead's pageviews linked before analytics.lead-pageviews existed, published once
    LeadPageviewsBackfill1764900000000,
    RealtimeSessionsIndex1764950000000,
  ],
};
