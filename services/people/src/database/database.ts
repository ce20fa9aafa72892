import { KnownLocation, KnownPractice, ServiceDatabase } from '@pp/platform';
import { BlockedNumberRow } from '../blocked-numbers/blocked-number.entity';
import { Correction } from '../decisions/correction.entity';
import { EmailAccountRow, EmailOAuthStateRow } from '../email/email-account.entity';
import { FormField } from '../field-mapping/form-field.entity';
import { FormFieldMapping } from '../field-mapping/form-field-mapping.entity';
import { Consent } from '../intake/consent.entity';
import { FormSubmission } from '../intake/form-submission.entity';
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
import { FormIntake1764000000000 } from './migrations/1764000000000-FormIntake';
import { KnowledgeCopy1764020000000 } from './migrations/1764020000000-KnowledgeCopy';
import { PracticeReadModel1764030000000 } from './migrations/1764030000000-PracticeReadModel';
import { ConsentRefusals1764060000000 } from './migrations/1764060000000-ConsentRefusals';
import { LeadCountSlots1764065000000 } from './migrations/1764065000000-LeadCountSlots';
import { TwilioChannel1764070000000 } from './migrations/1764070000000-TwilioChannel';
import { EmailAccounts1764081000000 } from './migrations/1764081000000-EmailAccounts';
import { IntakeQueue1764090000000 } from './migrations/1764090000000-IntakeQueue';
import { VoiceCalls1764100000000 } from './migrations/1764100000000-VoiceCalls';
import { EmailReplies1764110000000 } from './migrations/1764110000000-EmailReplies';
import { ConsentLedger1764140000000 } from './migrations/1764140000000-ConsentLedger';
import { AppointmentReminders1764160000000 } from './migrations/1764160000000-AppointmentReminders';
import { WebSessionPageviews1764180000000 } from './migrations/1764180000000-WebSessionPageviews';
import { BlockedNumbers1764200000000 } from './migrations/1764200000000-BlockedNumbers';

export const peopleDatabase: ServiceDatabase = {
  schema: 'people',
  entities: [
    Person,
    TimelineEvent,
    PendingDecision,
    Correction,
    OutreachSend,
    KnownPractice,
    KnownLocation,
    FormSubmission,
    FormField,
    FormFieldMapping,
    Consent,
    EngineAction,
    EngineAnalysis,
    EmailAccountRow,
    EmailOAuthStateRow,
    BlockedNumberRow,
  ],
  migrations: [
    Initial1763700000000,
    LeadsWorkspace1763800000000,
    OutreachQueue1763810000000,
    LeadCounts1763820000000,
    FormIntake1764000000000,
    EngineWork1764010000000,
    KnowledgeCopy1764020000000,
    // the read model of practice.changes (PracticeReadModel of @pp/platform)
    PracticeReadModel1764030000000,
    ConsentRefusals1764060000000,
    LeadCountSlots1764065000000,
    // virtual numbers, provider message ids, inbound messages once (the Twilio SMS channel)
    TwilioChannel1764070000000,
    EmailAccounts1764081000000,
    IntakeQueue1764090000000,
    // Twilio voice: inbound calls and the AI's calls, once per CallSid
    VoiceCalls1764100000000,
    EmailReplies1764110000000,
    ConsentLedger1764140000000,
    // appointment reminders: engine actions of kind reminder
    AppointmentReminders1764160000000,
    // a lead's website pageviews: one timeline event per pageview
    WebSessionPageviews1764180000000,
    // a practice's block list of phone numbers
    BlockedNumbers1764200000000,
  ],
};
