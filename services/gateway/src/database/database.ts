import { ServiceDatabase } from '@pp/platform';
import { Location } from '../locations/location.entity';
import { Practice } from '../practices/practice.entity';
import { Membership } from '../users/membership.entity';
import { User } from '../users/user.entity';
import { VirtualNumber } from '../virtual-numbers/virtual-number.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { SiteKey1764030000000 } from './migrations/1764030000000-SiteKey';
import { DemoAdoption1764720000000 } from './migrations/1764720000000-DemoAdoption';
import { AuditLog1764900000000 } from './migrations/1764900000000-AuditLog';
import { AuditBlockedNumbers1765000000000 } from './migrations/1765000000000-AuditBlockedNumbers';

export const gatewayDatabase: ServiceDatabase = {
  schema: 'gateway',
  entities: [User, Membership, Practice, Location, VirtualNumber],
  migrations: [
    Initial1763700000000,
    SiteKey1764030000000,
    DemoAdoption1764720000000,
    AuditLog1764900000000,
    AuditBlockedNumbers1765000000000,
  ],
};
