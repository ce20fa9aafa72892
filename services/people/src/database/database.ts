import { ServiceDatabase } from '@pp/platform';
import { Correction } from '../decisions/correction.entity';
import { PendingDecision } from '../decisions/pending-decision.entity';
import { OutreachSend } from '../outreach/outreach-send.entity';
import { Person } from '../persons/person.entity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { Initial1763700000000 } from './migrations/1763700000000-Initial';
import { LeadsWorkspace1763800000000 } from './migrations/1763800000000-LeadsWorkspace';
import { OutreachQueue1763810000000 } from './migrations/1763810000000-OutreachQueue';
import { LeadCounts1763820000000 } from './migrations/1763820000000-LeadCounts';
import { EngineWork1764010000000 } from './migrations/1764010000000-EngineWork';
import { EngineAction } from '../engine/engine-action.entity';
import { EngineAnalysis } from '../engine/engine-analysis.entity';

export const peopleDatabase: ServiceDatabase = {
  schema: 'people',
  entities: [Person, TimelineEvent, PendingDecision, Correction, OutreachSend, EngineAction, EngineAnalysis],
  migrations: [
    Initial1763700000000,
    LeadsWorkspace1763800000000,
    OutreachQueue1763810000000,
    LeadCounts1763820000000,
    EngineWork1764010000000,
  ],
};
